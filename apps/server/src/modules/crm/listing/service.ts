import { visibleRecordsSql } from '../records/permissions.ts';
import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  CRM_LIMITS,
  CRM_MESSAGES,
  type CrmRecord,
  type RecordTypeId,
  type RecordValues,
  TITLE_FIELDS,
} from '@tradeloop/contracts/crm/records';
import type { Filter } from '@tradeloop/contracts/crm/views';
import type { Listing, ListingRequest } from '@tradeloop/contracts/crm/listing';
import { plannedReads, type Db, type Tx } from '../../../db/client.ts';
import { invalid, notFound } from '../../../platform/errors.ts';
import { DEFAULT_COLUMNS } from '../forms/default-forms.ts';
import { findField, type FieldDef } from '../forms/fields.ts';
import {
  compileFilters,
  copyColumn,
  planFilters,
  prepareFilters,
  sortExpression,
  SORTABLE_TYPES,
  textPatterns,
  validateFilters,
  type Compiled,
  type FilterPlan,
  type HeldTexts,
} from '../views/filters.ts';
import { keywordCondition, keywordWords } from './tenant-index.ts';
import { loadFields, type LoadedFields } from '../forms/service.ts';
import { collectRefs, toRecord } from '../records/read.ts';
import { crmRecordCounts, crmRecordValues, crmValueTexts } from './tables.ts';
import { crmRecords } from '../records/tables.ts';
import { crmSavedFilters, crmViews } from '../views/tables.ts';
import { visibleTo, type Viewer } from '../views/owners.ts';
import { userNameSql } from '../../accounts/public.ts';
import type { CrmHooks } from '../records/hooks.ts';

export type SortSpec = { field: string; direction: 'asc' | 'desc' };
export const DEFAULT_SORT: SortSpec = { field: 'created_at', direction: 'desc' };

type ViewRow = typeof crmViews.$inferSelect;

/** A view `viewer` sees (docs/decisions/058): another user's private one answers 404 like a missing one. */
export async function findView(tx: Tx, viewer: Viewer, id: number, typeId?: RecordTypeId): Promise<ViewRow> {
  const [view] = await tx
    .select()
    .from(crmViews)
    .where(
      and(
        eq(crmViews.id, id),
        eq(crmViews.companyId, viewer.companyId),
        visibleTo(crmViews, viewer),
        typeId ? eq(crmViews.typeId, typeId) : undefined,
      ),
    );
  if (!view) throw notFound();
  return view;
}

/** A saved filter `viewer` sees, as findView. */
export async function findSavedFilter(tx: Tx, viewer: Viewer, id: number, typeId?: RecordTypeId) {
  const [filter] = await tx
    .select()
    .from(crmSavedFilters)
    .where(
      and(
        eq(crmSavedFilters.id, id),
        eq(crmSavedFilters.companyId, viewer.companyId),
        visibleTo(crmSavedFilters, viewer),
        typeId ? eq(crmSavedFilters.typeId, typeId) : undefined,
      ),
    );
  if (!filter) throw notFound();
  return filter;
}

/** The rows a list starts from: the company's records of one type, live or in the recycle bin. */
export function baseConditions(companyId: number, typeId: RecordTypeId, deleted = false): SQL[] {
  const visible = visibleRecordsSql(typeId);
  return [
    eq(crmRecords.companyId, companyId),
    eq(crmRecords.typeId, typeId),
    deleted ? isNotNull(crmRecords.deletedAt) : isNull(crmRecords.deletedAt),
    ...(visible ? [visible] : []),
  ];
}

export function resolveSort(
  crm: CrmHooks,
  fields: FieldDef[],
  sort: SortSpec | null | undefined,
): { field: FieldDef; direction: 'asc' | 'desc' } {
  const wanted = sort ?? DEFAULT_SORT;
  const field = findField(fields, wanted.field);
  const unsortable = field?.storage === 'external' && !crm.field(field.name)?.sort;
  if (!field || !SORTABLE_TYPES.has(field.fieldType) || unsortable) throw invalid({ sort: [CRM_MESSAGES.sortUnknown] });
  return { field, direction: wanted.direction };
}

export function orderBy(
  crm: CrmHooks,
  sort: { field: FieldDef; direction: 'asc' | 'desc' },
  key: SQL | AnyPgColumn = sortExpression(crm, sort.field),
  id: SQL | AnyPgColumn = crmRecords.id,
): SQL[] {
  const direction = sql.raw(sort.direction === 'asc' ? 'ASC' : 'DESC');
  // created_at DESC NULLS LAST, id DESC NULLS LAST is the list index's order.
  const nulls = sql.raw(sort.field.storage === 'column' && sort.direction === 'asc' ? 'NULLS FIRST' : 'NULLS LAST');
  return [sql`${key} ${direction} ${nulls}`, sql`${id} ${direction} ${nulls}`];
}

/** Columns of a view, or the built-in ones, keeping only fields that still exist. */
export function columnsOf(fields: FieldDef[], typeId: RecordTypeId, columns: string[] | undefined) {
  const wanted = columns?.length ? columns : DEFAULT_COLUMNS[typeId];
  return wanted.filter((name) => fields.some((field) => field.name === name));
}

export type Scope = {
  typeId: RecordTypeId;
  loaded: LoadedFields;
  /** The view's, the saved filter's and the request's filters, all of which apply. */
  filters: Filter[];
  conditions: SQL[];
  /** The tenant GIN answers the filters or the keyword: the list's plan is the same whatever they ask. */
  ledByTenantIndex: boolean;
  filtered: boolean;
  sort: { field: FieldDef; direction: 'asc' | 'desc' };
  columns: string[];
};

/** `copies: false` leaves the typed copies and the fields' texts aside: the tests compare both answers. */
export type ListOptions = { copies?: boolean };

/**
 * The filters as the list runs them (docs/decisions/028). When the tenant GIN answers a condition (an
 * equality, a text's keys) or the keyword, that index leads and the rest are checked on its rows.
 * Otherwise the filters the typed copies answer lead: their sets of record ids are intersected first
 * (each from its own index) and only the records in all of them are read and checked against the
 * other filters.
 */
function leadingConditions(plan: FilterPlan, ledByTenantIndex: boolean, copies: boolean): SQL[] {
  if (!copies || ledByTenantIndex || plan.sets.length === 0) return plan.conditions;
  const sets = sql.join(
    plan.sets.map((set) => sql`(${set})`),
    sql` INTERSECT `,
  );
  return [sql`${crmRecords.id} IN (${sets})`, ...plan.unanswered];
}

/**
 * A "contains" or "ends with" matching at most this many of its field's distinct texts is answered by the
 * tenant GIN, two keys per text; past it (a common pattern on a field of unique texts such as e-mail
 * addresses) the typed copies answer it, merged in text order, or the records are checked.
 */
const INDEXED_TEXTS_BOUND = 256;

/** The texts each "contains" or "ends with" accepts, looked up in its field's distinct texts (crm_value_texts). */
async function heldTexts(tx: Tx, compiled: Compiled[]): Promise<HeldTexts> {
  const held: HeldTexts = new Map();
  for (const { filter, fieldId, like } of textPatterns(compiled)) {
    const texts = await tx
      .select({ text: crmValueTexts.text })
      .from(crmValueTexts)
      .where(and(eq(crmValueTexts.fieldId, fieldId), sql`${crmValueTexts.text} LIKE lower(${like})`))
      .limit(INDEXED_TEXTS_BOUND + 1);
    const found = texts.map(({ text }) => text);
    if (found.length <= INDEXED_TEXTS_BOUND) held.set(filter, found);
  }
  return held;
}

/** Turns a listing request (view, saved filter, filters, keyword, sort) into SQL conditions and order. */
export async function listingScope(
  crm: CrmHooks,
  tx: Tx,
  viewer: Viewer,
  body: ListingRequest,
  options: ListOptions = {},
): Promise<Scope> {
  const { companyId } = viewer;
  const typeId = body.type_id;
  const loaded = await loadFields(crm, tx, companyId, typeId);
  const view = body.custom_view_id ? await findView(tx, viewer, body.custom_view_id, typeId) : null;
  const saved = body.filter_id ? await findSavedFilter(tx, viewer, body.filter_id, typeId) : null;
  const filters: Filter[] = [...(view?.filters ?? []), ...(saved?.filters ?? []), ...(body.filters ?? [])];
  const compiled = prepareFilters(crm, { companyId, typeId }, loaded.fields, filters);
  const keyword = keywordCondition(companyId, body.query);
  const copies = options.copies !== false;
  // PostgreSQL only: PGlite keeps no statistics of a table that grew (it has no autovacuum), and without them
  // its planner checks the keys' overlap on every record instead of asking the GIN (6.5 s against 0.2 s by the
  // copies, bench/pglite-text-conditions.ts). There the typed copies answer the text conditions, as before.
  const textKeys = copies && plannedReads(tx) !== undefined;
  const plan = planFilters(crm, compiled, textKeys ? await heldTexts(tx, compiled) : undefined);
  const ledByTenantIndex = plan.tenantIndexed || keyword !== undefined;
  return {
    typeId,
    loaded,
    filters,
    conditions: [
      ...baseConditions(companyId, typeId, body.deleted ?? false),
      ...leadingConditions(plan, ledByTenantIndex, copies),
      ...(keyword ? [keyword] : []),
    ],
    ledByTenantIndex,
    filtered: filters.length > 0 || keywordWords(body.query).length > 0,
    sort: resolveSort(crm, loaded.fields, body.sort ?? view?.sort),
    columns: columnsOf(loaded.fields, typeId, body.columns?.length ? body.columns : view?.columns),
  };
}

/**
 * Names of the values a list row leaves out: all but its columns, the title's fields and the sorted
 * one stay in the database (`values - ARRAY[…]`), so a wide form does not make every page heavier.
 */
function unlistedValues(scope: Scope, typeId: RecordTypeId) {
  const keep = new Set([...scope.columns, ...TITLE_FIELDS[typeId].flat(), scope.sort.field.name]);
  return scope.loaded.formFields.map((field) => field.name).filter((name) => !keep.has(name));
}

/** The values a list row needs (one array parameter, not one per name: less to send and to parse). */
function listedValues(scope: Scope) {
  const drop = unlistedValues(scope, scope.typeId);
  if (drop.length === 0) return crmRecords.values;
  return sql<RecordValues>`(${crmRecords.values} - ${sql.param(drop)}::text[])`.mapWith(crmRecords.values);
}

/** Listed records with the values of the external fields (tags) among the shown columns. */
async function withExternalValues(crm: CrmHooks, tx: Tx, companyId: number, scope: Scope, records: CrmRecord[]) {
  const shown = scope.loaded.fields.filter(
    (field) => field.storage === 'external' && scope.columns.includes(field.name),
  );
  if (records.length === 0) return records;
  for (const field of shown) {
    const values = await crm.field(field.name)!.values(
      tx,
      companyId,
      records.map((record) => record.id),
    );
    for (const record of records) {
      const value = values.get(record.id);
      if (value !== undefined) record.values = { ...record.values, [field.name]: value };
    }
  }
  return records;
}

/** Records matching the conditions, counted up to `bound` when given. */
async function countWhere(tx: Tx, conditions: SQL[], bound?: number) {
  const matching = tx
    .select({ one: sql`1` })
    .from(crmRecords)
    .where(and(...conditions));
  const counted = bound === undefined ? matching.as('matching') : matching.limit(bound).as('matching');
  const [{ total }] = await tx.select({ total: sql<number>`count(*)::int` }).from(counted);
  return total;
}

/** Matches of a page sorted along a field's copies that have a copy of it. */
async function countValued(tx: Tx, conditions: SQL[]) {
  const [{ total }] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(crmRecordValues)
    .innerJoin(crmRecords, eq(crmRecords.id, crmRecordValues.recordId))
    .where(and(...conditions));
  return total;
}

/** Delta rows beyond which a read folds a company's counts into one row. */
const FOLD_AT = 64;

/** Live records of a company and type, summed from the deltas the triggers append (migration 0009). */
export async function liveCount(tx: Tx, companyId: number, typeId: RecordTypeId) {
  const ofTenant = and(eq(crmRecordCounts.companyId, companyId), eq(crmRecordCounts.typeId, typeId));
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${crmRecordCounts.delta}), 0)::int`, parts: sql<number>`count(*)::int` })
    .from(crmRecordCounts)
    .where(ofTenant);
  if (row.parts > FOLD_AT) {
    // Rows of transactions still open are not seen here, so they stay and are counted later.
    await tx.execute(sql`
      WITH moved AS (DELETE FROM ${crmRecordCounts} WHERE ${ofTenant} RETURNING ${crmRecordCounts.delta})
      INSERT INTO ${crmRecordCounts} (company_id, type_id, delta)
      SELECT ${companyId}::bigint, ${typeId}::smallint, sum(delta) FROM moved HAVING count(*) > 0`);
  }
  return row.total;
}

/** A timestamp as JavaScript's toISOString() writes it (milliseconds, truncated like a Date's). */
const isoText = <T extends string | null = string>(column: AnyPgColumn) =>
  sql<T>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The columns a list row needs (toRecord's, less the form's unique id: every row has the one loaded already). */
const listSelection = {
  id: crmRecords.id,
  uniqueId: crmRecords.uniqueId,
  typeId: crmRecords.typeId,
  values: crmRecords.values,
  ownerId: crmRecords.ownerId,
  ownerName: userNameSql(crmRecords.ownerId),
  // As ISO text made by PostgreSQL: parsing and formatting 200 dates a page cost Node more than the rest of a row.
  createdAt: isoText(crmRecords.createdAt),
  updatedAt: isoText(crmRecords.updatedAt),
  deletedAt: isoText<string | null>(crmRecords.deletedAt),
  convertedAt: isoText<string | null>(crmRecords.convertedAt),
  sourceLeadId: crmRecords.sourceLeadId,
};

/** A list row's columns: `values` as the list needs them, and the count of matches where the statement makes it. */
const rowSelection = <T extends SQL<RecordValues> | typeof crmRecords.values>(
  values: T,
  total: SQL<number> | SQL.Aliased<number> = sql<number>`0`,
) => ({ ...listSelection, values, total });

function pageQuery(
  crm: CrmHooks,
  tx: Tx,
  scope: Pick<Scope, 'conditions' | 'sort'>,
  values: SQL<RecordValues> | typeof crmRecords.values = crmRecords.values,
) {
  return tx
    .select(rowSelection(values))
    .from(crmRecords)
    .where(and(...scope.conditions))
    .orderBy(...orderBy(crm, scope.sort));
}

type ListedRow = Awaited<ReturnType<typeof pageQuery>>[number];

/** Rows read as arrays (planned reads), as objects keyed like the selection whose columns they hold, in order. */
function asRows(selection: object, rows: unknown[][]): ListedRow[] {
  const keys = Object.keys(selection);
  return rows.map((row) => Object.fromEntries(keys.map((key, index) => [key, row[index]])) as ListedRow);
}

function listedRecords(scope: Scope, rows: ListedRow[]) {
  const formUniqueId = scope.loaded.form.uniqueId;
  return rows.map((row) => toRecord({ ...row, formUniqueId }));
}

/**
 * POST crm/data_listing, in PostgreSQL's own indexes (docs/decisions/028). A filtered list gathers
 * its matches from the index that leads (at most COUNT_BOUND + 1 of them), counts them and sorts
 * them; when there are more, the count says "at least COUNT_BOUND" and the page is read in the sort's
 * own order: the typed copies' index for a field, the list index for the creation time. An unfiltered
 * list is counted from crm_record_counts and read in that order too.
 */
export async function listRecords(
  crm: CrmHooks,
  db: Db,
  viewer: Viewer,
  body: ListingRequest,
  options: ListOptions = {},
): Promise<Listing> {
  const { companyId } = viewer;
  const scope = await listingScope(crm, db, viewer, body, options);
  const perPage = body.per_page ?? 100;
  const page = body.page ?? 1;
  // No transaction of its own: parallel workers, which a page never needs, are off for its tables (migration 0037).
  const wanted = { db, scope, offset: (page - 1) * perPage, perPage, copies: options.copies !== false };
  // The company's live count is everyone's records: a role that sees only its own is counted by matching.
  const ownOnly = visibleRecordsSql(body.type_id) !== undefined;
  const { rows, total, bounded } =
    scope.filtered || body.deleted || ownOnly
      ? await filteredPage(crm, wanted)
      : { rows: await sortedPage(crm, wanted), total: await liveCount(db, companyId, body.type_id), bounded: false };
  return {
    data: await withExternalValues(crm, db, companyId, scope, listedRecords(scope, rows)),
    currentPage: page,
    lastPage: Math.max(1, Math.ceil(total / perPage)),
    perPage,
    total,
    total_results: total,
    total_bounded: bounded,
    columns: scope.columns,
    sort: { field: scope.sort.field.name, direction: scope.sort.direction },
    refs: await collectRefs(db, companyId, scope.loaded.fields, rows),
  };
}

/** A filtered list is counted exactly up to this many matches; past it, the count says "10,000+". */
const COUNT_BOUND = CRM_LIMITS.listingCountBound;

type PageWanted = { db: Tx; scope: Scope; offset: number; perPage: number; copies: boolean };

/**
 * A filtered list: its matches (up to one past the bound) in one pass of the leading index, counted
 * and sorted in the same statement; past the bound, the page in the sort's order and the bound as
 * the count.
 */
async function filteredPage(
  crm: CrmHooks,
  wanted: PageWanted,
): Promise<{ rows: ListedRow[]; total: number; bounded: boolean }> {
  const { db, scope, offset, perPage } = wanted;
  const matched = db.$with('matched').as(
    db
      .select({ id: crmRecords.id, key: sql`${sortExpression(crm, scope.sort.field)}`.as('sort_key') })
      .from(crmRecords)
      .where(and(...scope.conditions))
      .limit(COUNT_BOUND + 1),
  );
  // The page is cut from the matches before their records are read again for its rows.
  const paged = db.$with('paged').as(
    db
      .select({
        id: sql<number>`${matched.id}`.as('paged_id'),
        key: sql`${matched.key}`.as('paged_key'),
        total: sql<number>`(select count(*) from ${matched})::int`.as('total'),
      })
      .from(matched)
      .orderBy(...orderBy(crm, scope.sort, sql`${matched.key}`, sql`${matched.id}`))
      .limit(perPage)
      .offset(offset),
  );
  const selection = rowSelection(listedValues(scope), paged.total);
  const query = db
    .with(matched, paged)
    .select(selection)
    .from(paged)
    .innerJoin(crmRecords, eq(crmRecords.id, paged.id))
    .orderBy(...orderBy(crm, scope.sort, sql`${paged.key}`, sql`${paged.id}`));
  const planned = scope.ledByTenantIndex ? plannedReads(db) : undefined;
  const rows: ListedRow[] = planned ? asRows(selection, await planned.read(query.toSQL())) : await query;
  const total = rows.length ? rows[0].total : await countWhere(db, scope.conditions, COUNT_BOUND + 1);
  if (total <= COUNT_BOUND) return { rows, total, bounded: false };
  return { rows: await sortedPage(crm, wanted), total: COUNT_BOUND, bounded: true };
}

/**
 * A page of many matches in the sort's order: along the sorted field's copies (records without one
 * follow, by id, as NULLS LAST puts them), or in SQL's own plan for other sorts (the list index
 * serves the creation time).
 */
async function sortedPage(crm: CrmHooks, { db, scope, offset, perPage, copies }: PageWanted): Promise<ListedRow[]> {
  const { field } = scope.sort;
  const column = copies ? copyColumn(field) : null;
  if (!column) {
    return pageQuery(crm, db, scope, listedValues(scope)).limit(perPage).offset(offset);
  }
  const ofField = [eq(crmRecordValues.fieldId, field.id!), isNotNull(column)];
  const direction = sql.raw(scope.sort.direction === 'asc' ? 'ASC' : 'DESC');
  const valued = await db
    .select(rowSelection(listedValues(scope)))
    .from(crmRecordValues)
    .innerJoin(crmRecords, eq(crmRecords.id, crmRecordValues.recordId))
    .where(and(...ofField, ...scope.conditions))
    .orderBy(sql`${column} ${direction}`, sql`${crmRecordValues.recordId} ${direction}`)
    .limit(perPage)
    .offset(offset);
  if (valued.length === perPage) return valued;
  // The page reaches the records without a value: how many valued ones come before them.
  const before = valued.length ? offset + valued.length : await countValued(db, [...ofField, ...scope.conditions]);
  const valueless = sql`NOT EXISTS (select 1 from ${crmRecordValues} where ${crmRecordValues.recordId} = ${crmRecords.id} and ${and(...ofField)})`;
  const rest = await db
    .select(rowSelection(listedValues(scope)))
    .from(crmRecords)
    .where(and(...scope.conditions, valueless))
    .orderBy(sql`${crmRecords.id} ${direction}`)
    .limit(perPage - valued.length)
    .offset(Math.max(0, offset - before));
  return [...valued, ...rest];
}

/** A page of a scope's rows with their references (the CSV export reads in such batches). */
export async function scopeRows(crm: CrmHooks, tx: Tx, companyId: number, scope: Scope, limit: number, offset: number) {
  const rows = await pageQuery(crm, tx, scope).limit(limit).offset(offset);
  return {
    rows: await withExternalValues(crm, tx, companyId, scope, listedRecords(scope, rows)),
    refs: await collectRefs(tx, companyId, scope.loaded.fields, rows),
  };
}

/**
 * How many records each set of filters matches: no filters is the live count; a few sets are counted
 * one by one (each can use the indexes), many in one pass over the type's records.
 */
export async function countMatches(
  crm: CrmHooks,
  tx: Tx,
  companyId: number,
  typeId: RecordTypeId,
  fields: FieldDef[],
  filterSets: Filter[][],
) {
  const tenant = { companyId, typeId };
  const base = baseConditions(companyId, typeId);
  const ownOnly = visibleRecordsSql(typeId) !== undefined;
  if (filterSets.length <= 10) {
    return Promise.all(
      filterSets.map((filters) =>
        filters.length === 0 && !ownOnly
          ? liveCount(tx, companyId, typeId)
          : countWhere(tx, [...base, ...compileFilters(crm, tenant, fields, filters)]),
      ),
    );
  }
  const selection: Record<string, SQL<number>> = {};
  filterSets.forEach((filters, index) => {
    const conditions = compileFilters(crm, tenant, fields, filters);
    selection[`c${index}`] = conditions.length
      ? sql<number>`(count(*) FILTER (WHERE ${and(...conditions)}))::int`
      : sql<number>`count(*)::int`;
  });
  const [row] = await tx
    .select(selection)
    .from(crmRecords)
    .where(and(...base));
  return filterSets.map((_, index) => Number(row[`c${index}`] ?? 0));
}

/**
 * Whether one live record matches filters, by the very SQL its list runs (automation conditions,
 * decision 041): the list's where-clause narrowed to the record.
 */
export async function recordMatchesFilters(
  crm: CrmHooks,
  tx: Tx,
  companyId: number,
  typeId: RecordTypeId,
  recordId: number,
  filters: Filter[],
): Promise<boolean> {
  const loaded = await loadFields(crm, tx, companyId, typeId);
  const [row] = await tx
    .select({ one: sql`1` })
    .from(crmRecords)
    .where(
      and(
        ...baseConditions(companyId, typeId),
        eq(crmRecords.id, recordId),
        ...compileFilters(crm, { companyId, typeId }, loaded.fields, filters),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Checks filters against a type's fields as a list would (422 with the list's messages). */
export async function checkFilters(crm: CrmHooks, tx: Tx, companyId: number, typeId: RecordTypeId, filters: Filter[]) {
  validateFilters(crm, (await loadFields(crm, tx, companyId, typeId)).fields, filters);
}
