import { asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { visibleRecordsSql } from './permissions.ts';
import {
  CRM_TYPE,
  type RecordDetail,
  type RecordRef,
  type RecordTypeId,
  type Related,
} from '@tradeloop/contracts/crm/records';
import type { Tx } from '../../../db/client.ts';
import type { CrmHooks } from './hooks.ts';
import { dynamicForm, getForm, loadFields } from '../forms/service.ts';
import { collectRefs, findRecord, liveRefRows, refsByIds, toRecord, toRef, type RecordRow } from './read.ts';
import { crmRecords } from './tables.ts';
import { duplicatesOf } from './duplicates.ts';
import { valuesContain } from '../listing/tenant-index.ts';

const RELATED_LIMIT = 50;

/** Live records of a type that point at `id` through a lookup, or were converted from it. */
function relatedRows(tx: Tx, companyId: number, typeId: RecordTypeId, condition: SQL) {
  return liveRefRows(tx, companyId, typeId, condition).orderBy(desc(crmRecords.createdAt)).limit(RELATED_LIMIT);
}

/** Records of a type whose lookup `field` holds `value`. */
const pointsAt = (companyId: number, typeId: RecordTypeId, field: string, value: number | number[]) =>
  valuesContain(companyId, typeId, { [field]: value });

function dealRef(row: { id: number; uniqueId: string; typeId: RecordTypeId; values: RecordRow['values'] }) {
  const amount = row.values.amount;
  const stage = row.values.stage;
  return {
    ...toRef(row),
    amount: typeof amount === 'number' ? amount : null,
    stage: typeof stage === 'string' ? stage : null,
  };
}

async function relatedOf(tx: Tx, companyId: number, row: RecordRow): Promise<Related> {
  const related: Related = {
    account: null,
    contacts: [],
    deals: [],
    leads: [],
    source_lead: null,
    converted_to: { contact: null, account: null, deal: null },
  };
  const ids = [row.sourceLeadId, row.convertedContactId, row.convertedAccountId, row.convertedDealId];
  const accountId = typeof row.values.account === 'number' ? row.values.account : null;
  const contactIds = Array.isArray(row.values.contacts) ? (row.values.contacts as number[]) : [];
  const refs = await refsByIds(
    tx,
    companyId,
    [...ids, accountId, ...contactIds].filter((id): id is number => typeof id === 'number'),
  );
  const ref = (id: number | null): RecordRef | null => (id === null ? null : (refs.get(id) ?? null));
  related.source_lead = ref(row.sourceLeadId);
  related.converted_to = {
    contact: ref(row.convertedContactId),
    account: ref(row.convertedAccountId),
    deal: ref(row.convertedDealId),
  };
  related.account = ref(accountId);
  related.contacts = contactIds.map(ref).filter((item): item is RecordRef => item !== null);

  if (row.typeId === CRM_TYPE.accounts) {
    related.contacts = (
      await relatedRows(tx, companyId, CRM_TYPE.contacts, pointsAt(companyId, CRM_TYPE.contacts, 'account', row.id))
    ).map(toRef);
    related.deals = (
      await relatedRows(tx, companyId, CRM_TYPE.deals, pointsAt(companyId, CRM_TYPE.deals, 'account', row.id))
    ).map(dealRef);
    related.leads = (
      await relatedRows(tx, companyId, CRM_TYPE.leads, sql`${crmRecords.convertedAccountId} = ${row.id}`)
    ).map(toRef);
  } else if (row.typeId === CRM_TYPE.contacts) {
    related.deals = (
      await relatedRows(tx, companyId, CRM_TYPE.deals, pointsAt(companyId, CRM_TYPE.deals, 'contacts', [row.id]))
    ).map(dealRef);
    related.leads = (
      await relatedRows(tx, companyId, CRM_TYPE.leads, sql`${crmRecords.convertedContactId} = ${row.id}`)
    ).map(toRef);
  } else if (row.typeId === CRM_TYPE.deals) {
    related.leads = (
      await relatedRows(tx, companyId, CRM_TYPE.leads, sql`${crmRecords.convertedDealId} = ${row.id}`)
    ).map(toRef);
  }
  return related;
}

/** A record with its form's sections (values filled in), related records and activity counts. */
export async function recordDetail(
  crm: CrmHooks,
  tx: Tx,
  companyId: number,
  id: number,
  typeId?: RecordTypeId,
): Promise<RecordDetail> {
  const row = await findRecord(tx, companyId, { id, typeId });
  const form = await getForm(tx, companyId, row.typeId);
  const { fields } = await loadFields(crm, tx, companyId, row.typeId);
  return {
    record: toRecord(row),
    sections: dynamicForm(form, row.values).sections,
    related: await relatedOf(tx, companyId, row),
    duplicate_of: row.typeId === CRM_TYPE.leads ? await duplicatesOf(tx, companyId, fields, row) : [],
    analytics: await crm.analyticsOf(tx, companyId, row),
    refs: await collectRefs(tx, companyId, fields, [row]),
  };
}

/** GET lead/list: leads of a lead, a contact (converted into it) or an account (converted or its company). */
export async function simpleLeadList(
  tx: Tx,
  companyId: number,
  query: { lead_id?: number; contact_id?: number; account_id?: number },
) {
  const conditions = [
    query.lead_id ? eq(crmRecords.id, query.lead_id) : undefined,
    query.contact_id ? eq(crmRecords.convertedContactId, query.contact_id) : undefined,
    query.account_id ? eq(crmRecords.convertedAccountId, query.account_id) : undefined,
  ].filter((condition) => condition !== undefined);
  const rows = await liveRefRows(
    tx,
    companyId,
    CRM_TYPE.leads,
    visibleRecordsSql(CRM_TYPE.leads),
    conditions.length ? or(...conditions) : undefined,
  )
    .orderBy(desc(crmRecords.createdAt), asc(crmRecords.id))
    .limit(100);
  return rows.map(toRef);
}
