import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  type ConvertBody,
  CRM_MESSAGES,
  CRM_TYPE,
  type CrmRecord,
  type RecordRef,
  type RecordValues,
} from '@tradeloop/contracts/crm/records';
import type { Tx } from '../../../db/client.ts';
import { conflict, invalid } from '../../../platform/errors.ts';
import { DEAL_STAGES, LEAD_CONVERTED_STATUS } from '../forms/default-forms.ts';
import type { FieldDef } from '../forms/fields.ts';
import { loadFields } from '../forms/service.ts';
import { requireRecordAction } from './permissions.ts';
import { findRecord, toRecord, toRef } from './read.ts';
import { createRecord, type Actor } from './service.ts';
import { diffValues } from './changes.ts';
import { crmRecords } from './tables.ts';
import { rehomeRelated } from './rehome.ts';
import type { CrmHooks } from './hooks.ts';

/** The lead's values that fit a field of the same name and type on the target form. */
function carryOver(leadValues: RecordValues, leadFields: FieldDef[], targetFields: FieldDef[], skip: string[] = []) {
  const carried: RecordValues = {};
  for (const target of targetFields) {
    const source = leadFields.find((field) => field.name === target.name);
    const value = leadValues[target.name];
    if (!source || value === undefined || skip.includes(target.name)) continue;
    if (source.fieldType !== target.fieldType || target.fieldType === 'lookup') continue;
    if (target.fieldType === 'select' && !target.optionList.includes(String(value))) continue;
    carried[target.name] = value;
  }
  return carried;
}

async function findAccountByName(tx: Tx, companyId: number, name: string) {
  const [row] = await tx
    .select({ id: crmRecords.id })
    .from(crmRecords)
    .where(
      and(
        eq(crmRecords.companyId, companyId),
        eq(crmRecords.typeId, CRM_TYPE.accounts),
        isNull(crmRecords.deletedAt),
        sql`lower(${crmRecords.values}->>'account_name') = lower(${name})`,
      ),
    )
    .orderBy(asc(crmRecords.id))
    .limit(1);
  return row?.id;
}

async function accountFor(
  crm: CrmHooks,
  tx: Tx,
  actor: Actor,
  lead: CrmRecord,
  leadFields: FieldDef[],
  accountId: number | null | undefined,
) {
  if (accountId) return toRef(await findRecord(tx, actor.companyId, { id: accountId, typeId: CRM_TYPE.accounts }));
  const company = typeof lead.values.company === 'string' ? lead.values.company.trim() : '';
  if (!company) return null;
  const existing = await findAccountByName(tx, actor.companyId, company);
  if (existing) return toRef(await findRecord(tx, actor.companyId, { id: existing }));
  const accountFields = (await loadFields(crm, tx, actor.companyId, CRM_TYPE.accounts)).formFields;
  const values = { ...carryOver(lead.values, leadFields, accountFields, ['email']), account_name: company };
  const account = await createRecord(crm, tx, actor, {
    typeId: CRM_TYPE.accounts,
    values,
    ownerId: lead.owner?.id,
    sourceLeadId: lead.id,
  });
  return toRef({ id: account.id, uniqueId: account.unique_id, typeId: CRM_TYPE.accounts, values: account.values });
}

const refOf = (record: CrmRecord): RecordRef => ({
  id: record.id,
  unique_id: record.unique_id,
  type_id: record.type_id,
  title: record.title,
});

/**
 * Converts a lead into a contact, an account (found by name, chosen, or created) and optionally a
 * deal. The lead stays, marked converted and pointing at what it became; its notes, files, activities,
 * e-mails, tags and history move onto the contact, its requests, engagement and quotation stay with it and
 * show on the contact through that link (docs/decisions/065).
 */
export async function convertLead(crm: CrmHooks, tx: Tx, actor: Actor, body: ConvertBody) {
  const row = await findRecord(tx, actor.companyId, { id: body.lead_id });
  if (row.typeId !== CRM_TYPE.leads) throw invalid({ lead_id: [CRM_MESSAGES.convertOnlyLeads] });
  requireRecordAction(CRM_TYPE.leads, 'edit');
  await tx.select({ id: crmRecords.id }).from(crmRecords).where(eq(crmRecords.id, row.id)).for('update');
  const locked = await findRecord(tx, actor.companyId, { id: row.id });
  if (locked.convertedAt) throw conflict(CRM_MESSAGES.alreadyConverted);
  const lead = toRecord(locked);
  const leadFields = (await loadFields(crm, tx, actor.companyId, CRM_TYPE.leads)).formFields;

  const account = await accountFor(crm, tx, actor, lead, leadFields, body.account_id);
  const contactFields = (await loadFields(crm, tx, actor.companyId, CRM_TYPE.contacts)).formFields;
  const contact = await createRecord(crm, tx, actor, {
    typeId: CRM_TYPE.contacts,
    values: { ...carryOver(lead.values, leadFields, contactFields), ...(account ? { account: account.id } : {}) },
    ownerId: lead.owner?.id,
    sourceLeadId: lead.id,
  });
  const deal = body.create_deal
    ? await createDeal(crm, tx, actor, lead, leadFields, { account, contactId: contact.id, input: body.deal })
    : null;

  // What every record type shows (notes, files, activities, e-mails, tags, history) moves onto the contact;
  // what only a lead has stays with the lead, which the contact shows through its link (decision 065).
  await rehomeRelated(crm, tx, {
    companyId: actor.companyId,
    from: { id: lead.id, typeId: CRM_TYPE.leads },
    to: { id: contact.id, typeId: CRM_TYPE.contacts },
  });

  const values = { ...lead.values };
  const statusField = leadFields.find((field) => field.name === 'lead_status');
  if (statusField?.optionList.includes(LEAD_CONVERTED_STATUS)) values.lead_status = LEAD_CONVERTED_STATUS;
  await tx
    .update(crmRecords)
    .set({
      values,
      convertedAt: new Date(),
      convertedContactId: contact.id,
      convertedAccountId: account?.id ?? null,
      convertedDealId: deal?.id ?? null,
      updatedAt: new Date(),
    })
    .where(eq(crmRecords.id, lead.id));
  const change = { companyId: actor.companyId, actorId: actor.userId, recordId: lead.id };
  const statusChanges = diffValues(leadFields, lead.values, values);
  if (statusChanges.length > 0)
    await crm.recordChanged(tx, { ...change, kind: 'field_changed', typeId: CRM_TYPE.leads, changes: statusChanges });
  await crm.recordChanged(tx, {
    ...change,
    kind: 'converted',
    into: { contactId: contact.id, accountId: account?.id ?? null, dealId: deal?.id ?? null },
  });
  return {
    lead: refOf(lead),
    contact: refOf(contact),
    account,
    deal: deal ? refOf(deal) : null,
  };
}

async function createDeal(
  crm: CrmHooks,
  tx: Tx,
  actor: Actor,
  lead: CrmRecord,
  leadFields: FieldDef[],
  options: { account: RecordRef | null; contactId: number; input: ConvertBody['deal'] },
) {
  const dealFields = (await loadFields(crm, tx, actor.companyId, CRM_TYPE.deals)).formFields;
  const input = options.input ?? {};
  const values: RecordValues = {
    ...carryOver(lead.values, leadFields, dealFields, ['description']),
    deal_name: input.deal_name || `${options.account?.title ?? lead.title} deal`,
    stage: input.stage || DEAL_STAGES[0],
    contacts: [options.contactId],
  };
  if (input.amount !== undefined) values.amount = input.amount;
  if (input.closing_date) values.closing_date = input.closing_date;
  if (options.account) values.account = options.account.id;
  return createRecord(crm, tx, actor, {
    typeId: CRM_TYPE.deals,
    values,
    ownerId: lead.owner?.id,
    sourceLeadId: lead.id,
  });
}
