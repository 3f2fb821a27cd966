import { and, asc, eq, isNull } from 'drizzle-orm';
import { CRM_TYPE, type RecordValues } from '@tradeloop/contracts/crm/records';
import type { Tx } from '../../../db/client.ts';
import { invalid } from '../../../platform/errors.ts';
import { findPeople } from '../../accounts/public.ts';
import { loadFields } from '../forms/service.ts';
import { findRecord, toRecord } from '../records/read.ts';
import { createRecord, prepareValues, writeValues, type Actor } from '../records/service.ts';
import { crmRecords } from '../records/tables.ts';
import { contactFields, recordsSharingContact } from '../records/duplicates.ts';
import { valuesContain } from '../listing/tenant-index.ts';
import type { CrmHooks } from '../records/hooks.ts';

/** The company's oldest live lead with this e-mail (lower case), or undefined. */
export async function findLeadByEmail(tx: Tx, companyId: number, email: string) {
  const [existing] = await tx
    .select({ id: crmRecords.id, values: crmRecords.values })
    .from(crmRecords)
    .where(
      and(
        eq(crmRecords.companyId, companyId),
        eq(crmRecords.typeId, CRM_TYPE.leads),
        isNull(crmRecords.deletedAt),
        valuesContain(companyId, CRM_TYPE.leads, { email }),
      ),
    )
    .orderBy(asc(crmRecords.id))
    .limit(1);
  return existing;
}

/** The company's oldest live lead with this phone (E.164) in a phone field of the lead form, or undefined. */
async function findLeadByPhone(crm: CrmHooks, tx: Tx, companyId: number, phone: string) {
  const { formFields } = await loadFields(crm, tx, companyId, CRM_TYPE.leads);
  const fields = contactFields(formFields);
  const [existing] = await recordsSharingContact(tx, companyId, CRM_TYPE.leads, fields, {
    emails: new Set(),
    phones: new Set([phone]),
  });
  return existing;
}

/** What the marketplace verified may change on a returning buyer's lead, as the newest request says. */
const VERIFIED_FIELDS = ['email_verified', 'mobile_verified'];

/**
 * For other modules (a marketplace quote): a lead in the seller's CRM from plain values. Fields the
 * form lacks or values that do not fit are dropped rather than failing the buyer's request; a live
 * lead with the same e-mail, or else with the buyer's verified mobile (`matchPhone`, E.164), is reused
 * (its empty fields filled, and the `latest` fields, such as the product of the newest request,
 * replaced), so a returning buyer is one lead. A lead that only shares an unverified number is made
 * anyway and shows as a possible duplicate (decision 064): anyone can type a number.
 */
export async function createLead(
  crm: CrmHooks,
  tx: Tx,
  companyId: number,
  values: RecordValues,
  source: string,
  options: { latest?: readonly string[]; matchPhone?: string | null } = {},
) {
  const [owner] = await findPeople(tx, { companyId, userType: 'seller', limit: 1 });
  if (!owner) throw invalid({ company_id: ['This company has no seller'] });
  const actor = { companyId, userId: owner.id };
  const email = typeof values.email === 'string' ? values.email.trim().toLowerCase() : '';
  const withSource = { ...values, lead_source: values.lead_source ?? source };
  const existing =
    (email ? await findLeadByEmail(tx, companyId, email) : undefined) ??
    (options.matchPhone ? await findLeadByPhone(crm, tx, companyId, options.matchPhone) : undefined);
  if (existing) {
    const latest = [...(options.latest ?? []), ...VERIFIED_FIELDS];
    const lead = await fillEmpty(crm, tx, actor, existing.id, existing.values, withSource, latest);
    return { lead, created: false };
  }
  const lead = await createRecord(crm, tx, actor, {
    typeId: CRM_TYPE.leads,
    values: withSource,
    lenient: true,
    source,
  });
  return { lead, created: true };
}

async function fillEmpty(
  crm: CrmHooks,
  tx: Tx,
  actor: Actor,
  id: number,
  stored: RecordValues,
  incoming: RecordValues,
  latest: readonly string[],
) {
  const loaded = await loadFields(crm, tx, actor.companyId, CRM_TYPE.leads);
  const missing = Object.fromEntries(
    Object.entries(incoming).filter(
      ([name, value]) => stored[name] === undefined || (latest.includes(name) && stored[name] !== value),
    ),
  );
  const values = await prepareValues(tx, actor, loaded, missing, {
    existing: stored,
    recordId: id,
    requiredScope: 'none',
    lenient: true,
  });
  await writeValues(crm, tx, actor, loaded, { id, typeId: CRM_TYPE.leads, values: stored }, values);
  return toRecord(await findRecord(tx, actor.companyId, { id }));
}
