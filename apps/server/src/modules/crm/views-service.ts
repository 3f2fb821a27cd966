import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { allViewName, CRM_LIMITS, CRM_MESSAGES, type Filter, type RecordTypeId } from '@tradeloop/contracts/crm';
import type { SaveFilterBody, SaveViewBody, SavedFilter, View } from '@tradeloop/contracts/crm-views';
import type { Tx } from '../../db/client.ts';
import { conflict, invalid } from '../../platform/errors.ts';
import { validateFilters } from './filters.ts';
import { loadFields } from './forms-service.ts';
import { columnsOf, countMatches, findSavedFilter, findView, resolveSort } from './listing-service.ts';
import type { Actor } from './records-service.ts';
import { crmSavedFilters, crmViews } from './tables.ts';

type ViewRow = typeof crmViews.$inferSelect;
type FilterRow = typeof crmSavedFilters.$inferSelect;

function toView(row: ViewRow, total: number): View {
  return {
    id: row.id,
    type_id: row.typeId,
    name: row.name,
    columns: row.columns,
    sort: row.sort ?? null,
    filters: row.filters,
    is_system: false,
    total_results: total,
  };
}

/** GET crm/custom_view: the built-in "All …" view first, then the company's views, each with its count. */
export async function listViews(tx: Tx, companyId: number, typeId: RecordTypeId): Promise<View[]> {
  const { fields } = await loadFields(tx, companyId, typeId);
  const rows = await tx
    .select()
    .from(crmViews)
    .where(and(eq(crmViews.companyId, companyId), eq(crmViews.typeId, typeId)))
    .orderBy(asc(crmViews.name));
  const [all, ...counts] = await countMatches(tx, companyId, typeId, fields, [[], ...rows.map((row) => row.filters)]);
  const builtIn: View = {
    id: null,
    type_id: typeId,
    name: allViewName(typeId),
    columns: columnsOf(fields, typeId, undefined),
    sort: null,
    filters: [],
    is_system: true,
    total_results: all,
  };
  return [builtIn, ...rows.map((row, index) => toView(row, counts[index]))];
}

export async function getView(tx: Tx, companyId: number, id: number): Promise<View> {
  const row = await findView(tx, companyId, id);
  const { fields } = await loadFields(tx, companyId, row.typeId);
  const [total] = await countMatches(tx, companyId, row.typeId, fields, [row.filters]);
  return toView(row, total);
}

async function checkViewInput(tx: Tx, companyId: number, body: SaveViewBody, excludeId?: number) {
  const typeId = body.type_id as RecordTypeId;
  const { fields } = await loadFields(tx, companyId, typeId);
  if (body.name.trim().toLowerCase() === allViewName(typeId).toLowerCase()) {
    throw invalid({ name: [CRM_MESSAGES.viewNameReserved] });
  }
  validateFilters(fields, body.filters ?? []);
  if (body.sort) resolveSort(fields, { field: body.sort.field, direction: body.sort.direction ?? 'asc' });
  const [taken] = await tx
    .select({ id: crmViews.id })
    .from(crmViews)
    .where(
      and(
        eq(crmViews.companyId, companyId),
        eq(crmViews.typeId, typeId),
        sql`lower(${crmViews.name}) = lower(${body.name.trim()})`,
        excludeId ? ne(crmViews.id, excludeId) : undefined,
      ),
    );
  if (taken) throw conflict(CRM_MESSAGES.viewNameTaken, { name: [CRM_MESSAGES.viewNameTaken] });
  return { typeId, columns: columnsOf(fields, typeId, body.columns ?? []) };
}

/** POST lead/custom-index-save: a new view. */
export async function createView(tx: Tx, actor: Actor, body: SaveViewBody): Promise<View> {
  const { typeId, columns } = await checkViewInput(tx, actor.companyId, body);
  const [{ count }] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(crmViews)
    .where(and(eq(crmViews.companyId, actor.companyId), eq(crmViews.typeId, typeId)));
  if (count >= CRM_LIMITS.viewsPerType) throw invalid({ name: [CRM_MESSAGES.tooManyViews] });
  const [row] = await tx
    .insert(crmViews)
    .values({
      companyId: actor.companyId,
      typeId,
      name: body.name.trim(),
      columns,
      sort: body.sort ? { field: body.sort.field, direction: body.sort.direction ?? 'asc' } : null,
      filters: body.filters ?? [],
      createdBy: actor.userId,
    })
    .returning();
  return getView(tx, actor.companyId, row.id);
}

/** PUT lead/custom-index-save/{id}: the active view, updated. */
export async function updateView(tx: Tx, actor: Actor, id: number, body: SaveViewBody): Promise<View> {
  const existing = await findView(tx, actor.companyId, id);
  const { columns } = await checkViewInput(tx, actor.companyId, { ...body, type_id: existing.typeId }, id);
  await tx
    .update(crmViews)
    .set({
      name: body.name.trim(),
      columns,
      sort: body.sort ? { field: body.sort.field, direction: body.sort.direction ?? 'asc' } : null,
      filters: body.filters ?? [],
      updatedAt: new Date(),
    })
    .where(eq(crmViews.id, existing.id));
  return getView(tx, actor.companyId, existing.id);
}

export async function deleteView(tx: Tx, companyId: number, id: number) {
  const view = await findView(tx, companyId, id);
  await tx.delete(crmViews).where(eq(crmViews.id, view.id));
}

// ── saved filters ─────────────────────────────────────────────────────────────────────────────

function toSavedFilter(row: FilterRow, total: number): SavedFilter {
  return { id: row.id, type_id: row.typeId, name: row.name, filters: row.filters, total_results: total };
}

export async function listSavedFilters(tx: Tx, companyId: number, typeId: RecordTypeId): Promise<SavedFilter[]> {
  const { fields } = await loadFields(tx, companyId, typeId);
  const rows = await tx
    .select()
    .from(crmSavedFilters)
    .where(and(eq(crmSavedFilters.companyId, companyId), eq(crmSavedFilters.typeId, typeId)))
    .orderBy(asc(crmSavedFilters.name));
  const counts = await countMatches(
    tx,
    companyId,
    typeId,
    fields,
    rows.map((row) => row.filters),
  );
  return rows.map((row, index) => toSavedFilter(row, counts[index]));
}

/** POST lead/filter-save: creates a saved filter, or updates the one named by id. */
export async function saveFilter(tx: Tx, actor: Actor, body: SaveFilterBody) {
  const typeId = body.type_id as RecordTypeId;
  const existing = body.id ? await findSavedFilter(tx, actor.companyId, body.id) : null;
  const effectiveType = existing?.typeId ?? typeId;
  const { fields } = await loadFields(tx, actor.companyId, effectiveType);
  validateFilters(fields, body.filters as Filter[]);
  const name = body.name.trim();
  const [taken] = await tx
    .select({ id: crmSavedFilters.id })
    .from(crmSavedFilters)
    .where(
      and(
        eq(crmSavedFilters.companyId, actor.companyId),
        eq(crmSavedFilters.typeId, effectiveType),
        sql`lower(${crmSavedFilters.name}) = lower(${name})`,
        existing ? ne(crmSavedFilters.id, existing.id) : undefined,
      ),
    );
  if (taken) throw conflict(CRM_MESSAGES.filterNameTaken, { name: [CRM_MESSAGES.filterNameTaken] });
  let id = existing?.id;
  if (existing) {
    await tx
      .update(crmSavedFilters)
      .set({ name, filters: body.filters as Filter[], updatedAt: new Date() })
      .where(eq(crmSavedFilters.id, existing.id));
  } else {
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(crmSavedFilters)
      .where(and(eq(crmSavedFilters.companyId, actor.companyId), eq(crmSavedFilters.typeId, effectiveType)));
    if (count >= CRM_LIMITS.savedFiltersPerType) throw invalid({ name: [CRM_MESSAGES.tooManyViews] });
    const [row] = await tx
      .insert(crmSavedFilters)
      .values({
        companyId: actor.companyId,
        typeId: effectiveType,
        name,
        filters: body.filters as Filter[],
        createdBy: actor.userId,
      })
      .returning({ id: crmSavedFilters.id });
    id = row.id;
  }
  const savedFilterRequests = await listSavedFilters(tx, actor.companyId, effectiveType);
  const saved = savedFilterRequests.find((filter) => filter.id === id) ?? null;
  return { savedFilterRequests, saved, total_results: saved?.total_results ?? 0 };
}

export async function deleteSavedFilter(tx: Tx, companyId: number, id: number) {
  const filter = await findSavedFilter(tx, companyId, id);
  await tx.delete(crmSavedFilters).where(eq(crmSavedFilters.id, filter.id));
  return filter.typeId;
}
