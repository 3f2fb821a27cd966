import { and, asc, eq, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type ConditionId, CONTENT_LIMITS, CONTENT_MESSAGES, CONTENT_TIMELINE } from '@tradeloop/contracts/crm/records';
import {
  colourOfTagName,
  type CrmTag,
  type TagColour,
  type TagIndexItem,
  TAGS_FIELD,
} from '@tradeloop/contracts/crm/tags';
import type { Tx } from '../../../db/client.ts';
import type { CrmHooks } from '../records/hooks.ts';
import { conflict, invalid, requireAllFound } from '../../../platform/errors.ts';
import type { ExternalField } from '../forms/fields.ts';
import { findRecord } from '../records/read.ts';
import { visibleRecordIdSql } from '../records/permissions.ts';
import { listedRecordId, lockRecord, recordIsLiveSql } from '../records/access.ts';
import type { Actor } from '../records/content.ts';
import { crmRecordTags, crmTags } from './tables.ts';
import { addTimeline, type NewTimelineEntry } from '../timeline/service.ts';
import { sqlList } from '../../../db/sql.ts';

/**
 * Tags: a company's labels (unique by name, whatever the case), put on any of its records. Setting a
 * record's tags writes "Tag added" and "Tag removed" into its history; views filter by them.
 */

const tagColumns = { id: crmTags.id, name: crmTags.name, colour: crmTags.colour };
const byName = asc(sql`lower(${crmTags.name})`);

/**
 * "table"."column". Subqueries written in SQL name their columns in full: drizzle leaves them bare
 * when the outer query reads one table, and a bare "id" would mean the subquery's own.
 */
const col = (column: AnyPgColumn) => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** Live records carrying a tag, of those the running request sees. */
const usageOf = () => sql<number>`(
  SELECT count(*)::int FROM ${crmRecordTags}
  WHERE ${col(crmRecordTags.tagId)} = ${col(crmTags.id)} AND ${recordIsLiveSql(col(crmRecordTags.recordId))}
  AND ${visibleRecordIdSql(col(crmRecordTags.recordId)) ?? sql`true`}
)`;

/** GET tag/index: the company's tags by name, with how many live records carry each. */
export async function tagIndex(tx: Tx, companyId: number): Promise<TagIndexItem[]> {
  const rows = await tx
    .select({ ...tagColumns, usage: usageOf(), createdAt: crmTags.createdAt })
    .from(crmTags)
    .where(eq(crmTags.companyId, companyId))
    .orderBy(byName, asc(crmTags.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    colour: row.colour,
    usage_count: row.usage,
    created_at: row.createdAt.toISOString(),
  }));
}

/** POST tag/create. */
export async function createTag(tx: Tx, companyId: number, input: { name: string; colour?: TagColour }) {
  const [tag] = await tx
    .insert(crmTags)
    .values({ companyId, name: input.name, colour: input.colour ?? colourOfTagName(input.name) })
    .onConflictDoNothing()
    .returning(tagColumns);
  if (!tag) throw conflict(CONTENT_MESSAGES.tagNameTaken, { name: [CONTENT_MESSAGES.tagNameTaken] });
  return tag;
}

/** The tags of a record, by name. */
export function tagsOfRecord(tx: Tx, recordId: number): Promise<CrmTag[]> {
  return tx
    .select(tagColumns)
    .from(crmRecordTags)
    .innerJoin(crmTags, eq(crmTags.id, crmRecordTags.tagId))
    .where(eq(crmRecordTags.recordId, recordId))
    .orderBy(byName, asc(crmTags.id));
}

/** GET crm/crm_tags/create_crm_tags/{id}: a live record's tags. */
export async function recordTags(tx: Tx, companyId: number, recordId: number) {
  const record = await findRecord(tx, companyId, { id: recordId });
  return { record_id: record.id, tags: await tagsOfRecord(tx, record.id) };
}

/** Tags of the company with these names (any case), created when missing. */
async function tagsNamed(tx: Tx, companyId: number, names: string[]) {
  const unique = [...new Map(names.map((name) => [name.toLowerCase(), name])).values()];
  if (unique.length === 0) return [];
  await tx
    .insert(crmTags)
    .values(unique.map((name) => ({ companyId, name, colour: colourOfTagName(name) })))
    .onConflictDoNothing();
  const lowered = unique.map((name) => name.toLowerCase());
  return tx
    .select(tagColumns)
    .from(crmTags)
    .where(and(eq(crmTags.companyId, companyId), inArray(sql`lower(${crmTags.name})`, lowered)));
}

/** Tags of the company by id; an id of another company's tag, or of none, is not found. */
async function tagsWithIds(tx: Tx, companyId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await tx
    .select(tagColumns)
    .from(crmTags)
    .where(and(eq(crmTags.companyId, companyId), inArray(crmTags.id, unique)));
  requireAllFound(
    unique,
    rows.map((row) => row.id),
  );
  return rows;
}

const tagEntry = (actor: Actor, recordId: number, tag: CrmTag, action: 'added' | 'removed'): NewTimelineEntry => ({
  companyId: actor.companyId,
  recordId,
  kind: 'tag',
  action,
  actorId: actor.userId,
  summary: action === 'added' ? CONTENT_TIMELINE.tagAdded(tag.name) : CONTENT_TIMELINE.tagRemoved(tag.name),
  details: { tag_id: tag.id, tag_name: tag.name },
});

/**
 * PUT crm/crm_tags/create_crm_tags/{id}: the record's tags become exactly the given ids and names
 * (names the company has no tag for yet become tags). Each tag added or removed goes into the history.
 */
export async function setRecordTags(
  crm: CrmHooks,
  tx: Tx,
  actor: Actor,
  recordId: number,
  input: { tag_ids: number[]; names: string[] },
) {
  const record = await findRecord(tx, actor.companyId, { id: recordId });
  // One writer at a time per record, so two saves cannot both add the same tag to the history.
  await lockRecord(tx, record.id);
  const wanted = new Map<number, CrmTag>();
  for (const tag of await tagsWithIds(tx, actor.companyId, input.tag_ids)) wanted.set(tag.id, tag);
  for (const tag of await tagsNamed(tx, actor.companyId, input.names)) wanted.set(tag.id, tag);
  if (wanted.size > CONTENT_LIMITS.tagsPerRecord) throw invalid({ tag_ids: [CONTENT_MESSAGES.tooManyTags] });

  const current = await tagsOfRecord(tx, record.id);
  const removed = current.filter((tag) => !wanted.has(tag.id));
  const added = [...wanted.values()]
    .filter((tag) => !current.some((held) => held.id === tag.id))
    .sort((a, b) => a.name.localeCompare(b.name));
  if (removed.length > 0) {
    await tx.delete(crmRecordTags).where(
      and(
        eq(crmRecordTags.recordId, record.id),
        inArray(
          crmRecordTags.tagId,
          removed.map((tag) => tag.id),
        ),
      ),
    );
  }
  if (added.length > 0) {
    await tx
      .insert(crmRecordTags)
      .values(added.map((tag) => ({ companyId: actor.companyId, recordId: record.id, tagId: tag.id })))
      .onConflictDoNothing();
  }
  await addTimeline(tx, [
    ...removed.map((tag) => tagEntry(actor, record.id, tag, 'removed')),
    ...added.map((tag) => tagEntry(actor, record.id, tag, 'added')),
  ]);
  for (const tag of added) {
    await crm.tagAdded(tx, {
      companyId: actor.companyId,
      recordId: record.id,
      typeId: record.typeId,
      tagId: tag.id,
      tagName: tag.name,
    });
  }
  return { record_id: record.id, tags: await tagsOfRecord(tx, record.id) };
}

/**
 * crm/crm_tags/bulk_delete: deletes the company's tags of these ids (others' are left alone and not
 * counted). Every live record that carried one has "Tag removed" in its history.
 */
export async function bulkDeleteTags(tx: Tx, actor: Actor, ids: number[]) {
  const tags = await tagsWithIds(tx, actor.companyId, ids);
  if (tags.length === 0) return 0;
  const tagIds = tags.map((tag) => tag.id);
  const carriers = await tx
    .select({ recordId: crmRecordTags.recordId, tagId: crmRecordTags.tagId })
    .from(crmRecordTags)
    .where(and(inArray(crmRecordTags.tagId, tagIds), recordIsLiveSql(crmRecordTags.recordId)));
  await tx.delete(crmTags).where(and(eq(crmTags.companyId, actor.companyId), inArray(crmTags.id, tagIds)));
  const byId = new Map(tags.map((tag) => [tag.id, tag]));
  await addTimeline(
    tx,
    carriers.map((row) => tagEntry(actor, row.recordId, byId.get(row.tagId)!, 'removed')),
  );
  return tags.length;
}

// ── the Tags field of every list ──────────────────────────────────────────────────────────────

/** A live record carrying a tag of these names (any case), or any tag at all. */
function carries(companyId: number, names?: string[]): SQL {
  const named = names
    ? sql` AND lower(${col(crmTags.name)}) IN (${sqlList(names.map((name) => name.toLowerCase()))})`
    : sql``;
  return sql`EXISTS (SELECT 1 FROM ${crmRecordTags} JOIN ${crmTags} ON ${col(crmTags.id)} = ${col(crmRecordTags.tagId)}
    WHERE ${col(crmRecordTags.recordId)} = ${listedRecordId} AND ${col(crmRecordTags.companyId)} = ${companyId}${named})`;
}

/** Is any of (1), is none of (2), is empty (7), is not empty (8). */
const TAG_CONDITIONS: readonly ConditionId[] = [1, 2, 7, 8];

function tagCondition(companyId: number, condition: ConditionId, names: string[]): SQL {
  switch (condition) {
    case 1:
      return carries(companyId, names);
    case 2:
      return sql`NOT ${carries(companyId, names)}`;
    case 7:
      return sql`NOT ${carries(companyId)}`;
    default:
      return carries(companyId);
  }
}

/** Tag names of records, by record id, each list by name. */
async function tagNamesOf(tx: Tx, companyId: number, recordIds: number[]) {
  const rows = await tx
    .select({ recordId: crmRecordTags.recordId, name: crmTags.name })
    .from(crmRecordTags)
    .innerJoin(crmTags, eq(crmTags.id, crmRecordTags.tagId))
    .where(and(eq(crmRecordTags.companyId, companyId), inArray(crmRecordTags.recordId, recordIds)))
    .orderBy(byName);
  const names = new Map<number, string[]>();
  for (const row of rows) names.set(row.recordId, [...(names.get(row.recordId) ?? []), row.name]);
  return names;
}

async function tagNames(tx: Tx, companyId: number) {
  const rows = await tx
    .select({ name: crmTags.name })
    .from(crmTags)
    .where(eq(crmTags.companyId, companyId))
    .orderBy(byName);
  return rows.map((row) => row.name);
}

/** "Tags" in the columns and filters of every list. */
export const tagsField: ExternalField = {
  name: TAGS_FIELD.name,
  label: TAGS_FIELD.label,
  fieldType: 'multiselect',
  conditions: TAG_CONDITIONS,
  condition: tagCondition,
  values: tagNamesOf,
  options: tagNames,
};
