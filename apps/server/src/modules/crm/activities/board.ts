import { and, desc, eq, sql } from 'drizzle-orm';
import { ACTIVITY_LIMITS, type ActivityKind } from '@tradeloop/contracts/crm/activities';
import { CRM_TYPE, recordTitle, type RecordTypeId } from '@tradeloop/contracts/crm/records';
import type { Tx } from '../../../db/client.ts';
import { recordColumnSql, recordIsLiveOfTypeSql } from '../records/access.ts';
import { visibleRecordIdSql } from '../records/permissions.ts';
import { iso, newestFirst, selectActivities, toActivity, visibleActivitySql } from './read.ts';
import { crmActivities } from './tables.ts';
import { crmEmails } from '../emails/tables.ts';

/**
 * The activity board (…/activity/bycategory): per category of record, the newest
 * ACTIVITY_LIMITS.categoryItems activities (latest due or start first) or e-mails (latest sent or
 * written first), of live records only.
 */

/** The newest activities of a kind on records of the given types. */
async function categoryOf(
  tx: Tx,
  companyId: number,
  kind: ActivityKind,
  typeIds: RecordTypeId[],
  ownerId: number | undefined,
) {
  const rows = await selectActivities(tx)
    .where(
      and(
        eq(crmActivities.companyId, companyId),
        eq(crmActivities.kind, kind),
        recordIsLiveOfTypeSql(crmActivities.recordId, typeIds),
        visibleActivitySql(),
        ownerId ? eq(crmActivities.ownerId, ownerId) : undefined,
      ),
    )
    .orderBy(...newestFirst)
    .limit(ACTIVITY_LIMITS.categoryItems);
  return rows.map(toActivity);
}

/** task/activity/bycategory: leads and contacts together, deals, accounts. */
export async function taskCategories(tx: Tx, companyId: number, ownerId?: number) {
  return {
    lead_contact: await categoryOf(tx, companyId, 'task', [CRM_TYPE.leads, CRM_TYPE.contacts], ownerId),
    deals: await categoryOf(tx, companyId, 'task', [CRM_TYPE.deals], ownerId),
    account: await categoryOf(tx, companyId, 'task', [CRM_TYPE.accounts], ownerId),
  };
}

/** meeting/activity/bycategory and call/activity/bycategory: one column per record type. */
export async function activityCategories(tx: Tx, companyId: number, kind: 'meeting' | 'call', ownerId?: number) {
  return {
    leads: await categoryOf(tx, companyId, kind, [CRM_TYPE.leads], ownerId),
    deals: await categoryOf(tx, companyId, kind, [CRM_TYPE.deals], ownerId),
    accounts: await categoryOf(tx, companyId, kind, [CRM_TYPE.accounts], ownerId),
    contacts: await categoryOf(tx, companyId, kind, [CRM_TYPE.contacts], ownerId),
  };
}

async function emailsOf(tx: Tx, companyId: number, typeId: RecordTypeId, authorId: number | undefined) {
  const rows = await tx
    .select({
      email: crmEmails,
      recordUniqueId: recordColumnSql(crmEmails.recordId, 'uniqueId'),
      recordValues: recordColumnSql(crmEmails.recordId, 'values'),
    })
    .from(crmEmails)
    .where(
      and(
        eq(crmEmails.companyId, companyId),
        recordIsLiveOfTypeSql(crmEmails.recordId, [typeId]),
        visibleRecordIdSql(crmEmails.recordId),
        authorId ? eq(crmEmails.authorId, authorId) : undefined,
      ),
    )
    .orderBy(sql`coalesce(${crmEmails.sentAt}, ${crmEmails.createdAt}) DESC`, desc(crmEmails.id))
    .limit(ACTIVITY_LIMITS.categoryItems);
  return rows.map(({ email, recordUniqueId, recordValues }) => ({
    id: email.id,
    subject: email.subject,
    status: email.status,
    to_addresses: email.toAddresses,
    sent_at: iso(email.sentAt),
    created_at: email.createdAt.toISOString(),
    record: {
      id: email.recordId,
      unique_id: recordUniqueId,
      type_id: typeId,
      title: recordTitle(typeId, recordValues),
    },
  }));
}

/** email/activity/bycategory: the newest e-mails (drafts, sent, failed) of each record type. */
export async function emailCategories(tx: Tx, companyId: number, authorId?: number) {
  return {
    leads: await emailsOf(tx, companyId, CRM_TYPE.leads, authorId),
    deals: await emailsOf(tx, companyId, CRM_TYPE.deals, authorId),
    accounts: await emailsOf(tx, companyId, CRM_TYPE.accounts, authorId),
    contacts: await emailsOf(tx, companyId, CRM_TYPE.contacts, authorId),
  };
}
