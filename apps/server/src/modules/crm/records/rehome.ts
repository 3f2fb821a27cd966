import { and, eq, or, sql } from 'drizzle-orm';
import { CRM_TYPE, type RecordTypeId } from '@tradeloop/contracts/crm/records';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../../db/client.ts';
import { crmActivities, crmReminders } from '../activities/tables.ts';
import { automationRuns } from '../automation/tables.ts';
import { crmEmails } from '../emails/tables.ts';
import { crmLeadSessions, crmLeadVisitors } from '../engagement/tables.ts';
import { crmFiles } from '../files/tables.ts';
import { loadFields } from '../forms/service.ts';
import { crmEnquiryDeals, crmLeadDeals, crmLeadThreads } from '../leads/tables.ts';
import { crmNotes } from '../notes/tables.ts';
import { leadScoreHistory, leadScores } from '../scoring/tables.ts';
import { crmRecordTags } from '../tags/tables.ts';
import { crmTimeline } from '../timeline/tables.ts';
import type { CrmHooks, RecordMove } from './hooks.ts';
import { crmRecords } from './tables.ts';

/*
 * Everything that points at a CRM record, re-homed from one record to another (docs/decisions/065): a
 * merge moves all of it onto the kept record; a conversion moves what every record type shows (notes,
 * files, tasks, meetings, calls, reminders, e-mails, tags, history) onto the contact, while what only a
 * lead has (its requests, engagement, score, quotation, automation runs) stays with the lead, which the
 * contact links to (converted_contact_id) and shows through that link.
 *
 * Every table with a column that holds a record id is named here, with what happens to it:
 * - moved: crm_notes, crm_files, crm_activities, crm_reminders, crm_emails, crm_timeline; crm_record_tags
 *   as a union (a tag on both stays once).
 * - between records of one type only: crm_lead_threads, crm_lead_visitors, crm_lead_sessions (union),
 *   lead_score_history, automation_runs, crm_lead_deals (lead and deal), crm_enquiry_deals (deal),
 *   crm_records' source_lead_id and converted_*_id, lookup values (a contact's account, a deal's
 *   contacts); lead_scores: the merged lead's row goes (the kept lead is scored again); and what other
 *   modules keep (quotations and orders: CrmHooks.onRehome).
 * - never: crm_record_values (copies of the record's own values), crm_record_counts, crm_search_words.
 */

export type Moved = Record<string, number>;

/** A table's column that holds a record id, and the company column beside it. */
type RecordColumn = { table: PgTable; column: AnyPgColumn; key: string; company: AnyPgColumn };
const recordColumn = <K extends 'recordId' | 'leadId', T extends PgTable & Record<K | 'companyId', AnyPgColumn>>(
  table: T,
  key: K,
): RecordColumn => ({ table, column: table[key], key, company: table.companyId });

/** Points the rows of `from` at `to`; answers how many moved. */
async function moveColumn(tx: Tx, { table, column, key, company }: RecordColumn, move: RecordMove) {
  const rows = await tx
    .update(table)
    .set({ [key]: move.to.id } as never)
    .where(and(eq(company, move.companyId), eq(column, move.from.id)))
    .returning({ moved: column });
  return rows.length;
}

async function moveActivities(tx: Tx, move: RecordMove, moved: Moved) {
  const rows = await tx
    .update(crmActivities)
    .set({ recordId: move.to.id })
    .where(and(eq(crmActivities.companyId, move.companyId), eq(crmActivities.recordId, move.from.id)))
    .returning({ kind: crmActivities.kind });
  for (const kind of ['task', 'meeting', 'call'] as const)
    moved[`${kind}s`] = rows.filter((row) => row.kind === kind).length;
}

/** Tags on the merged record end on the kept one, a tag on both once. */
async function moveTags(tx: Tx, move: RecordMove) {
  await tx.execute(sql`
    INSERT INTO ${crmRecordTags} (company_id, record_id, tag_id, created_at)
    SELECT company_id, ${move.to.id}, tag_id, created_at FROM ${crmRecordTags}
    WHERE company_id = ${move.companyId} AND record_id = ${move.from.id}
    ON CONFLICT DO NOTHING`);
  const removed = await tx
    .delete(crmRecordTags)
    .where(and(eq(crmRecordTags.companyId, move.companyId), eq(crmRecordTags.recordId, move.from.id)))
    .returning({ tagId: crmRecordTags.tagId });
  return removed.length;
}

/** What only leads have: the buyer's requests, engagement, score history, quotation deal, automation runs. */
async function moveLeadOnly(tx: Tx, move: RecordMove, moved: Moved) {
  const { companyId, from, to } = move;
  moved.threads = await moveColumn(tx, recordColumn(crmLeadThreads, 'leadId'), move);
  moved.visitors = await moveColumn(tx, recordColumn(crmLeadVisitors, 'leadId'), move);
  await tx.execute(sql`
    INSERT INTO ${crmLeadSessions} (lead_id, session_id, created_at)
    SELECT ${to.id}, session_id, created_at FROM ${crmLeadSessions} WHERE lead_id = ${from.id}
    ON CONFLICT DO NOTHING`);
  moved.sessions = (
    await tx
      .delete(crmLeadSessions)
      .where(eq(crmLeadSessions.leadId, from.id))
      .returning({ id: crmLeadSessions.sessionId })
  ).length;
  moved.score_history = await moveColumn(tx, recordColumn(leadScoreHistory, 'leadId'), move);
  await tx.delete(leadScores).where(eq(leadScores.leadId, from.id));
  moved.automation_runs = await moveColumn(tx, recordColumn(automationRuns, 'leadId'), move);
  // One quotation deal per lead: the merged lead's moves when the kept one has none (orders refuse two quotations).
  const [keptDeal] = await tx
    .select({ leadId: crmLeadDeals.leadId })
    .from(crmLeadDeals)
    .where(eq(crmLeadDeals.leadId, to.id));
  moved.lead_deals = keptDeal
    ? 0
    : (
        await tx
          .update(crmLeadDeals)
          .set({ leadId: to.id })
          .where(and(eq(crmLeadDeals.companyId, companyId), eq(crmLeadDeals.leadId, from.id)))
          .returning({ leadId: crmLeadDeals.leadId })
      ).length;
}

/** Records that point at the merged one (converted from it, made from it, a lookup to it) point at the kept one. */
async function moveLinks(crm: CrmHooks, tx: Tx, move: RecordMove, moved: Moved) {
  const { companyId, from, to } = move;
  const linked = await tx
    .update(crmRecords)
    .set({
      sourceLeadId: sql`CASE WHEN ${crmRecords.sourceLeadId} = ${from.id} THEN ${to.id} ELSE ${crmRecords.sourceLeadId} END`,
      convertedContactId: sql`CASE WHEN ${crmRecords.convertedContactId} = ${from.id} THEN ${to.id} ELSE ${crmRecords.convertedContactId} END`,
      convertedAccountId: sql`CASE WHEN ${crmRecords.convertedAccountId} = ${from.id} THEN ${to.id} ELSE ${crmRecords.convertedAccountId} END`,
      convertedDealId: sql`CASE WHEN ${crmRecords.convertedDealId} = ${from.id} THEN ${to.id} ELSE ${crmRecords.convertedDealId} END`,
    })
    .where(
      and(
        eq(crmRecords.companyId, companyId),
        or(
          eq(crmRecords.sourceLeadId, from.id),
          eq(crmRecords.convertedContactId, from.id),
          eq(crmRecords.convertedAccountId, from.id),
          eq(crmRecords.convertedDealId, from.id),
        ),
      ),
    )
    .returning({ id: crmRecords.id });
  moved.linked_records = linked.length;

  let lookups = 0;
  const fromJson = sql`${String(from.id)}::jsonb`;
  const toJson = sql`${String(to.id)}::jsonb`;
  for (const typeId of Object.values(CRM_TYPE) as RecordTypeId[]) {
    const { formFields } = await loadFields(crm, tx, companyId, typeId);
    for (const field of formFields) {
      if (field.fieldType !== 'lookup' || (field.settings.lookup_type_id ?? from.typeId) !== from.typeId) continue;
      const value = sql`${crmRecords.values}->${field.name}`;
      const replaced = sql`CASE jsonb_typeof(${value})
        WHEN 'array' THEN (SELECT jsonb_agg(DISTINCT CASE WHEN item = ${fromJson} THEN ${toJson} ELSE item END)
                           FROM jsonb_array_elements(${value}) AS item)
        ELSE ${toJson} END`;
      const rows = await tx
        .update(crmRecords)
        .set({ values: sql`jsonb_set(${crmRecords.values}, ${`{${field.name}}`}::text[], ${replaced})` })
        .where(
          and(
            eq(crmRecords.companyId, companyId),
            eq(crmRecords.typeId, typeId),
            or(
              sql`${value} = ${fromJson}`,
              sql`jsonb_typeof(${value}) = 'array' AND ${value} @> jsonb_build_array(${fromJson})`,
            ),
          ),
        )
        .returning({ id: crmRecords.id });
      lookups += rows.length;
    }
  }
  moved.lookups = lookups;
  if (from.typeId === CRM_TYPE.deals) {
    for (const table of [crmEnquiryDeals, crmLeadDeals])
      await tx
        .update(table)
        .set({ dealId: to.id })
        .where(and(eq(table.companyId, companyId), eq(table.dealId, from.id)));
  }
}

/**
 * Re-homes everything related to record `from` onto record `to`, in the caller's transaction, and answers
 * how many rows of each kind moved. Between records of one type (a merge) everything moves; from a lead to
 * another type (a conversion) what only leads have stays with the lead (see the top of this file).
 */
export async function rehomeRelated(crm: CrmHooks, tx: Tx, move: RecordMove): Promise<Moved> {
  const moved: Moved = {};
  moved.notes = await moveColumn(tx, recordColumn(crmNotes, 'recordId'), move);
  moved.files = await moveColumn(tx, recordColumn(crmFiles, 'recordId'), move);
  await moveActivities(tx, move, moved);
  moved.reminders = await moveColumn(tx, recordColumn(crmReminders, 'recordId'), move);
  moved.emails = await moveColumn(tx, recordColumn(crmEmails, 'recordId'), move);
  moved.tags = await moveTags(tx, move);
  moved.timeline = await moveColumn(tx, recordColumn(crmTimeline, 'recordId'), move);
  if (move.from.typeId !== move.to.typeId) return moved;
  if (move.from.typeId === CRM_TYPE.leads) await moveLeadOnly(tx, move, moved);
  await moveLinks(crm, tx, move, moved);
  Object.assign(moved, await crm.rehomed(tx, move));
  return moved;
}
