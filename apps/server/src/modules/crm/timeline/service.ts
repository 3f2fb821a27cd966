import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import { CRM_TYPES, type FieldValue, recordTitle } from '@tradeloop/contracts/crm/records';
import type { TimelineEntry, TimelineKind } from '@tradeloop/contracts/crm/timeline';
import type { Tx } from '../../../db/client.ts';
import { userName as accountName, userNameSql } from '../../accounts/public.ts';
import type { RecordChange } from '../records/hooks.ts';
import { recordColumnSql } from '../records/access.ts';
import { visibleRecordIdSql } from '../records/permissions.ts';
import { crmTimeline } from './tables.ts';

export type NewTimelineEntry = {
  companyId: number;
  recordId: number;
  kind: TimelineKind;
  action?: string;
  actorId: number | null;
  summary: string;
  details?: Record<string, unknown>;
  createdAt?: Date;
};

/** Writes history entries; every part of the CRM work calls this inside its own transaction. */
export async function addTimeline(tx: Tx, entries: NewTimelineEntry | NewTimelineEntry[]) {
  const rows = Array.isArray(entries) ? entries : [entries];
  if (rows.length > 0) await tx.insert(crmTimeline).values(rows);
}

const singular = (typeId: number) => CRM_TYPES.find((type) => type.id === typeId)?.singular ?? 'Record';

/** How a value reads in one line of history. */
export function showValue(value: FieldValue | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

async function userName(tx: Tx, id: number) {
  return (await accountName(tx, id)) ?? 'a user';
}

/** The history lines a change to records makes. */
async function entriesOf(tx: Tx, change: RecordChange): Promise<NewTimelineEntry[]> {
  const base = { companyId: change.companyId, actorId: change.actorId };
  switch (change.kind) {
    case 'created': {
      const from = change.source ? ` (${change.source})` : '';
      const summary = `${singular(change.typeId)} created${from}`;
      return [{ ...base, recordId: change.recordId, kind: 'created', summary, details: { source: change.source } }];
    }
    case 'field_changed':
      return change.changes.map((item) => ({
        ...base,
        recordId: change.recordId,
        kind: item.field === 'lead_status' ? 'status_changed' : 'field_changed',
        action: 'updated',
        summary: `${item.label}: ${showValue(item.old)} → ${showValue(item.new)}`,
        details: item,
      }));
    case 'assigned': {
      const name = await userName(tx, change.ownerId);
      return change.recordIds.map((recordId) => ({
        ...base,
        recordId,
        kind: 'assigned',
        summary: `Assigned to ${name}`,
        details: { owner_id: change.ownerId, owner_name: name },
      }));
    }
    case 'deleted':
    case 'restored':
      return change.recordIds.map((recordId) => ({
        ...base,
        recordId,
        kind: change.kind,
        action: change.kind,
        summary: change.kind === 'deleted' ? 'Moved to the trash' : 'Restored from the trash',
      }));
    case 'merged':
      return [
        {
          ...base,
          recordId: change.recordId,
          kind: 'merged',
          action: 'merged',
          summary: `${change.merged.title} merged into this ${singular(change.typeId).toLowerCase()}`,
          details: { merged_id: change.merged.id, merged_title: change.merged.title, moved: change.moved },
        },
      ];
    case 'converted': {
      const { contactId, accountId, dealId } = change.into;
      const made = ['a contact', accountId ? 'an account' : null, dealId ? 'a deal' : null].filter(Boolean);
      const ids = { contact_id: contactId, account_id: accountId, deal_id: dealId };
      const into = [contactId, accountId, dealId].filter((id): id is number => id !== null);
      return [
        {
          ...base,
          recordId: change.recordId,
          kind: 'converted',
          summary: `Converted into ${made.join(' and ')}`,
          details: ids,
        },
        // The records made from the lead start their history with where they came from.
        ...into.map((recordId) => ({
          ...base,
          recordId,
          kind: 'converted' as const,
          action: 'created',
          summary: 'Created by converting a lead',
          details: { lead_id: change.recordId },
        })),
      ];
    }
  }
}

/** A record change written into the record's history (crm/module.ts connects it to the record changes). */
export const writeTimelineOf = async (tx: Tx, change: RecordChange) => addTimeline(tx, await entriesOf(tx, change));

const entrySelection = {
  id: crmTimeline.id,
  kind: crmTimeline.kind,
  action: crmTimeline.action,
  summary: crmTimeline.summary,
  details: crmTimeline.details,
  actorId: crmTimeline.actorId,
  actorName: userNameSql(crmTimeline.actorId),
  createdAt: crmTimeline.createdAt,
};
type EntryRow = {
  id: number;
  kind: TimelineKind;
  action: string;
  summary: string;
  details: Record<string, unknown>;
  actorId: number | null;
  actorName: string | null;
  createdAt: Date;
};

function toEntry(row: EntryRow): TimelineEntry {
  return {
    id: row.id,
    kind: row.kind,
    action: row.action,
    summary: row.summary,
    details: row.details,
    actor: row.actorId !== null && row.actorName !== null ? { id: row.actorId, full_name: row.actorName } : null,
    created_at: row.createdAt.toISOString(),
  };
}

/** A page of a record's history, newest first, continuing below `cursor` (an entry id). */
export async function recordTimeline(
  tx: Tx,
  recordId: number,
  options: { cursor?: number; perPage: number; kind?: TimelineKind },
) {
  const conditions: (SQL | undefined)[] = [
    eq(crmTimeline.recordId, recordId),
    options.cursor ? lt(crmTimeline.id, options.cursor) : undefined,
    options.kind ? eq(crmTimeline.kind, options.kind) : undefined,
  ];
  const rows = await tx
    .select(entrySelection)
    .from(crmTimeline)
    .where(and(...conditions))
    // Ids grow with time: paging by id never skips or repeats an entry written meanwhile.
    .orderBy(desc(crmTimeline.id))
    .limit(options.perPage + 1);
  const more = rows.length > options.perPage;
  const page = rows.slice(0, options.perPage);
  return { data: page.map(toEntry), next_cursor: more ? page[page.length - 1].id : null };
}

/** The company's latest history across records (activity/all). */
export async function companyTimeline(tx: Tx, companyId: number, options: { cursor?: number; perPage: number }) {
  const rows = await tx
    .select({
      ...entrySelection,
      recordId: crmTimeline.recordId,
      recordUniqueId: recordColumnSql(crmTimeline.recordId, 'uniqueId'),
      recordTypeId: recordColumnSql(crmTimeline.recordId, 'typeId'),
      recordValues: recordColumnSql(crmTimeline.recordId, 'values'),
    })
    .from(crmTimeline)
    .where(
      and(
        eq(crmTimeline.companyId, companyId),
        visibleRecordIdSql(crmTimeline.recordId),
        options.cursor ? lt(crmTimeline.id, options.cursor) : undefined,
      ),
    )
    .orderBy(desc(crmTimeline.id))
    .limit(options.perPage + 1);
  const more = rows.length > options.perPage;
  const page = rows.slice(0, options.perPage);
  return {
    data: page.map((row) => ({
      ...toEntry(row),
      record: {
        id: row.recordId,
        unique_id: row.recordUniqueId,
        type_id: row.recordTypeId,
        title: recordTitle(row.recordTypeId, row.recordValues),
      },
    })),
    next_cursor: more ? page[page.length - 1].id : null,
  };
}
