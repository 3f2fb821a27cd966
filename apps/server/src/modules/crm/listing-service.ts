import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  CRM_MESSAGES,
  TITLE_FIELDS,
  type CrmRecord,
  type Filter,
  type Listing,
  type ListingRequest,
  type RecordTypeId,
  type RecordValues,
} from '@tradeloop/contracts/crm';
import { preparedStatement, type Db, type Tx } from '../../db/client.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import { DEFAULT_COLUMNS } from './default-forms.ts';
import { externalField, findField, type FieldDef } from './fields.ts';
import { compileFilters, sortExpression, SORTABLE_TYPES, validateFilters } from './filters.ts';
import { keywordCondition, keywordWords } from './tenant-index.ts';
import { indexQuery } from './index-query.ts';
import { recordIndex } from './record-index-store.ts';
import { loadFields, type LoadedFields } from './forms-service.ts';
import { collectRefs, toRecord } from './records-read.ts';
import { crmRecordCounts, crmRecords, crmSavedFilters, crmViews } from './tables.ts';
import { userNameSql } from '../accounts/people.ts';

export type SortSpec = { field: string; direction: 'asc' | 'desc' };
export const DEFAULT_SORT: SortSpec = { field: 'created_at', direction: 'desc' };

type ViewRow = typeof crmViews.$inferSelect;

export async function findView(tx: Tx, companyId: number, id: number, typeId?: RecordTypeId): Promise<ViewRow> {
  const [view] = await tx
    .select()
    .from(crmViews)
    .where(
      and(eq(crmViews.id, id), eq(crmViews.companyId, companyId), typeId ? eq(crmViews.typeId, typeId) : undefined),
    );
  if (!view) throw notFound();
  return view;
}

export async function findSavedFilter(tx: Tx, companyId: number, id: number, typeId?: RecordTypeId) {
  const [filter] = await tx
    .select()
    .from(crmSavedFilters)
    .where(
      and(
        eq(crmSavedFilters.id, id),
        eq(crmSavedFilters.companyId, companyId),
        typeId ? eq(crmSavedFilters.typeId, typeId) : undefined,
      ),
    );
  if (!filter) throw notFound();
  return filter;
}

/** The rows a list starts from: the company's records of one type, live or in the recycle bin. */
export function baseConditions(companyId: number, typeId: RecordTypeId, deleted = false): SQL[] {
  return [
    eq(crmRecords.companyId, companyId),
    eq(crmRecords.typeId, typeId),
    deleted ? isNotNull(crmRecords.deletedAt) : isNull(crmRecords.deletedAt),
  ];
}

export function resolveSort(
  fields: FieldDef[],
  sort: SortSpec | null | undefined,
): { field: FieldDef; direction: 'asc' | 'desc' } {
  const wanted = sort ?? DEFAULT_SORT;
  const field = findField(fields, wanted.field);
  if (!field || !SORTABLE_TYPES.has(field.fieldType)) throw invalid({ sort: [CRM_MESSAGES.sortUnknown] });
  return { field, direction: wanted.direction };
}

export function orderBy(sort: { field: FieldDef; direction: 'asc' | 'desc' }): SQL[] {
  const direction = sql.raw(sort.direction === 'asc' ? 'ASC' : 'DESC');
  // created_at DESC NULLS LAST, id DESC NULLS LAST is the list index's order.
  const nulls = sql.raw(sort.field.storage === 'column' && sort.direction === 'asc' ? 'NULLS FIRST' : 'NULLS LAST');
  return [sql`${sortExpression(sort.field)} ${direction} ${nulls}`, sql`${crmRecords.id} ${direction} ${nulls}`];
}

/** Columns of a view, or the built-in ones, keeping only fields that still exist. */
export function columnsOf(fields: FieldDef[], typeId: RecordTypeId, columns: string[] | undefined) {
  const wanted = columns?.length ? columns : DEFAULT_COLUMNS[typeId];
  return wanted.filter((name) => fields.some((field) => field.name === name));
}

export type Scope = {
  loaded: LoadedFields;
  /** The view's, the saved filter's and the request's filters, all of which apply. */
  filters: Filter[];
  conditions: SQL[];
  filtered: boolean;
  sort: { field: FieldDef; direction: 'asc' | 'desc' };
  columns: string[];
};

/** Turns a listing request (view, saved filter, filters, keyword, sort) into SQL conditions and order. */
export async function listingScope(tx: Tx, companyId: number, body: ListingRequest): Promise<Scope> {
  const typeId = body.type_id;
  const loaded = await loadFields(tx, companyId, typeId);
  const view = body.custom_view_id ? await findView(tx, companyId, body.custom_view_id, typeId) : null;
  const saved = body.filter_id ? await findSavedFilter(tx, companyId, body.filter_id, typeId) : null;
  const filters: Filter[] = [...(view?.filters ?? []), ...(saved?.filters ?? []), ...(body.filters ?? [])];
  validateFilters(loaded.fields, filters);
  // Built when first read: a list the in-memory record index answers never needs them.
  let conditions: SQL[] | undefined;
  const compile = () => {
    const keyword = keywordCondition(companyId, body.query);
    return [
      ...baseConditions(companyId, typeId, body.deleted ?? false),
      ...compileFilters({ companyId, typeId }, loaded.fields, filters),
      ...(keyword ? [keyword] : []),
    ];
  };
  return {
    loaded,
    filters,
    get conditions() {
      return (conditions ??= compile());
    },
    filtered: filters.length > 0 || keywordWords(body.query).length > 0,
    sort: resolveSort(loaded.fields, body.sort ?? view?.sort),
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
function listedValues(scope: Scope, typeId: RecordTypeId) {
  const drop = unlistedValues(scope, typeId);
  if (drop.length === 0) return crmRecords.values;
  return sql<RecordValues>`(${crmRecords.values} - ${sql.param(drop)}::text[])`.mapWith(crmRecords.values);
}

/** Listed records with the values of the external fields (tags) among the shown columns. */
async function withExternalValues(tx: Tx, companyId: number, scope: Scope, records: CrmRecord[]) {
  const shown = scope.loaded.fields.filter(
    (field) => field.storage === 'external' && scope.columns.includes(field.name),
  );
  if (records.length === 0) return records;
  for (const field of shown) {
    const values = await externalField(field.name)!.values(
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

async function countWhere(tx: Tx, conditions: SQL[]) {
  const [{ total }] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(crmRecords)
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

function pageQuery(
  tx: Tx,
  scope: Pick<Scope, 'conditions' | 'sort'>,
  withTotal: boolean,
  values: SQL<RecordValues> | typeof crmRecords.values = crmRecords.values,
) {
  return tx
    .select({
      ...listSelection,
      values,
      total: withTotal ? sql<number>`(count(*) OVER ())::int` : sql<number>`0`,
    })
    .from(crmRecords)
    .where(and(...scope.conditions))
    .orderBy(...orderBy(scope.sort));
}

type ListedRow = Awaited<ReturnType<typeof pageQuery>>[number];

/** The rows of a page the record index chose, in no order. */
const listedByIds = preparedStatement((tx) =>
  tx
    .select({
      ...listSelection,
      values: sql<RecordValues>`(${crmRecords.values} - ${sql.placeholder('unlisted')}::text[])`.mapWith(
        crmRecords.values,
      ),
      total: sql<number>`0`,
    })
    .from(crmRecords)
    .where(
      and(
        eq(crmRecords.companyId, sql.placeholder('companyId')),
        sql`${crmRecords.id} = any(${sql.placeholder('ids')}::bigint[])`,
      ),
    )
    .prepare('crm_records_listed_by_ids'),
);

function listedRecords(scope: Scope, rows: ListedRow[]) {
  const formUniqueId = scope.loaded.form.uniqueId;
  return rows.map((row) => toRecord({ ...row, formUniqueId }));
}

/**
 * POST crm/data_listing. A filtered list whose conditions and sort the in-memory record index answers
 * exactly is counted and paged there, and only its page is read (docs/decisions/021). Otherwise a
 * filtered list counts its matches in the same statement (one pass over the few rows the indexes
 * leave); an unfiltered one reads its page from the list index and counts apart.
 */
export async function listRecords(
  db: Db,
  companyId: number,
  body: ListingRequest,
  options: { index?: boolean } = {},
): Promise<Listing> {
  const scope = await listingScope(db, companyId, body);
  const perPage = body.per_page ?? 100;
  const page = body.page ?? 1;
  const wanted = { db, companyId, body, scope, offset: (page - 1) * perPage, perPage };
  const { rows, total } = (options.index !== false && (await pageFromIndex(wanted))) || (await pageFromSql(wanted));
  return {
    data: await withExternalValues(db, companyId, scope, listedRecords(scope, rows)),
    currentPage: page,
    lastPage: Math.max(1, Math.ceil(total / perPage)),
    perPage,
    total,
    total_results: total,
    columns: scope.columns,
    sort: { field: scope.sort.field.name, direction: scope.sort.direction },
    refs: await collectRefs(db, companyId, scope.loaded.fields, rows),
  };
}

type Page = { rows: ListedRow[]; total: number };
type PageWanted = { db: Db; companyId: number; body: ListingRequest; scope: Scope; offset: number; perPage: number };

async function pageFromIndex({ db, companyId, body, scope, offset, perPage }: PageWanted): Promise<Page | null> {
  if (!scope.filtered) return null;
  const query = indexQuery(scope.loaded.fields, scope.filters, body.query, scope.sort, body.deleted ?? false);
  if (!query) return null;
  const records = await recordIndex(db).records(companyId, body.type_id, scope.loaded.fields);
  if (!records) return null;
  const { total, ids } = records.page(query, offset, perPage);
  if (ids.length === 0) return { rows: [], total };
  const found = await listedByIds(db).execute({ companyId, ids, unlisted: unlistedValues(scope, body.type_id) });
  const byId = new Map(found.map((row) => [row.id, row]));
  // A record deleted since the index looked is left out of its page.
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), total };
}

async function pageFromSql({ db, companyId, body, scope, offset, perPage }: PageWanted): Promise<Page> {
  const rows = await pageQuery(db, scope, scope.filtered, listedValues(scope, body.type_id))
    .limit(perPage)
    .offset(offset);
  const total =
    scope.filtered && rows.length > 0
      ? rows[0].total
      : scope.filtered || body.deleted
        ? await countWhere(db, scope.conditions)
        : await liveCount(db, companyId, body.type_id);
  return { rows, total };
}

/** A page of a scope's rows with their references (the CSV export reads in such batches). */
export async function scopeRows(tx: Tx, companyId: number, scope: Scope, limit: number, offset: number) {
  const rows = await pageQuery(tx, scope, false).limit(limit).offset(offset);
  return {
    rows: await withExternalValues(tx, companyId, scope, listedRecords(scope, rows)),
    refs: await collectRefs(tx, companyId, scope.loaded.fields, rows),
  };
}

/**
 * How many records each set of filters matches: no filters is the live count; a few sets are counted
 * one by one (each can use the indexes), many in one pass over the type's records.
 */
export async function countMatches(
  tx: Tx,
  companyId: number,
  typeId: RecordTypeId,
  fields: FieldDef[],
  filterSets: Filter[][],
) {
  const tenant = { companyId, typeId };
  const base = baseConditions(companyId, typeId);
  if (filterSets.length <= 10) {
    return Promise.all(
      filterSets.map((filters) =>
        filters.length === 0
          ? liveCount(tx, companyId, typeId)
          : countWhere(tx, [...base, ...compileFilters(tenant, fields, filters)]),
      ),
    );
  }
  const selection: Record<string, SQL<number>> = {};
  filterSets.forEach((filters, index) => {
    const conditions = compileFilters(tenant, fields, filters);
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
