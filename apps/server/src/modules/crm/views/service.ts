import { asc, eq, getTableColumns, ne, sql, type SQL } from 'drizzle-orm';
import { allViewName, CRM_LIMITS, CRM_MESSAGES, type RecordTypeId } from '@tradeloop/contracts/crm/records';
import type {
  Filter,
  SavedFilter,
  SaveFilterBody,
  SaveViewBody,
  View,
  Visibility,
} from '@tradeloop/contracts/crm/views';
import type { Tx } from '../../../db/client.ts';
import { conflict, invalid } from '../../../platform/errors.ts';
import { validateFilters } from './filters.ts';
import { loadFields } from '../forms/service.ts';
import { columnsOf, countMatches, findSavedFilter, findView, resolveSort } from '../listing/service.ts';
import type { Actor } from '../records/service.ts';
import { crmSavedFilters, crmViews } from './tables.ts';
import { mayChange, requireMayChange, visibleOfType, type Viewer } from './owners.ts';
import { userNameSql } from '../../accounts/public.ts';
import type { CrmHooks } from '../records/hooks.ts';

type ViewRow = typeof crmViews.$inferSelect;
type FilterRow = typeof crmSavedFilters.$inferSelect;
type WithOwner = { ownerName: string | null };

/** Its visibility, its author and whether `viewer` may change it (docs/decisions/058). */
function ownership(row: (ViewRow | FilterRow) & WithOwner, viewer: Viewer) {
  return {
    visibility: row.visibility,
    owner: row.createdBy !== null && row.ownerName !== null ? { id: row.createdBy, full_name: row.ownerName } : null,
    can_edit: mayChange(row, viewer),
  };
}

function toView(row: ViewRow & WithOwner, total: number, viewer: Viewer): View {
  return {
    id: row.id,
    type_id: row.typeId,
    name: row.name,
    columns: row.columns,
    sort: row.sort ?? null,
    filters: row.filters,
    is_system: false,
    total_results: total,
    ...ownership(row, viewer),
  };
}

/** The views of one type `viewer` sees (the company's shared ones and their own), with their authors' names. */
const visibleViews = (tx: Tx, viewer: Viewer, typeId: RecordTypeId, ...more: (SQL | undefined)[]) =>
  tx
    .select({ ...getTableColumns(crmViews), ownerName: userNameSql(crmViews.createdBy) })
    .from(crmViews)
    .where(visibleOfType(crmViews, viewer, typeId, ...more));

/** GET crm/custom_view: the built-in "All …" view first, then the views `viewer` sees, each with its count. */
export async function listViews(crm: CrmHooks, tx: Tx, viewer: Viewer, typeId: RecordTypeId): Promise<View[]> {
  const { companyId } = viewer;
  const { fields } = await loadFields(crm, tx, companyId, typeId);
  const rows = await visibleViews(tx, viewer, typeId).orderBy(asc(crmViews.name), asc(crmViews.id));
  const [all, ...counts] = await countMatches(crm, tx, companyId, typeId, fields, [
    [],
    ...rows.map((row) => row.filters),
  ]);
  const builtIn: View = {
    id: null,
    type_id: typeId,
    name: allViewName(typeId),
    columns: columnsOf(fields, typeId, undefined),
    sort: null,
    filters: [],
    is_system: true,
    total_results: all,
    visibility: 'company',
    owner: null,
    can_edit: false,
  };
  return [builtIn, ...rows.map((row, index) => toView(row, counts[index], viewer))];
}

export async function getView(crm: CrmHooks, tx: Tx, viewer: Viewer, id: number): Promise<View> {
  const found = await findView(tx, viewer, id);
  const [row] = await visibleViews(tx, viewer, found.typeId, eq(crmViews.id, id));
  const { fields } = await loadFields(crm, tx, viewer.companyId, row.typeId);
  const [total] = await countMatches(crm, tx, viewer.companyId, row.typeId, fields, [row.filters]);
  return toView(row, total, viewer);
}

/**
 * A name is unique among the views its author sees: the company's shared ones and their own private ones
 * (the indexes of tables.ts hold the shared ones per company and the private ones per author).
 */
async function checkViewInput(crm: CrmHooks, tx: Tx, viewer: Viewer, body: SaveViewBody, excludeId?: number) {
  const typeId = body.type_id as RecordTypeId;
  const { fields } = await loadFields(crm, tx, viewer.companyId, typeId);
  if (body.name.trim().toLowerCase() === allViewName(typeId).toLowerCase()) {
    throw invalid({ name: [CRM_MESSAGES.viewNameReserved] });
  }
  validateFilters(crm, fields, body.filters ?? []);
  if (body.sort) resolveSort(crm, fields, { field: body.sort.field, direction: body.sort.direction ?? 'asc' });
  const [taken] = await visibleViews(
    tx,
    viewer,
    typeId,
    sql`lower(${crmViews.name}) = lower(${body.name.trim()})`,
    excludeId ? ne(crmViews.id, excludeId) : undefined,
  );
  if (taken) throw conflict(CRM_MESSAGES.viewNameTaken, { name: [CRM_MESSAGES.viewNameTaken] });
  return { typeId, columns: columnsOf(fields, typeId, body.columns ?? []) };
}

/** POST lead/custom-index-save: a new view, private unless its author shares it. */
export async function createView(crm: CrmHooks, tx: Tx, actor: Actor, body: SaveViewBody): Promise<View> {
  const { typeId, columns } = await checkViewInput(crm, tx, actor, body);
  const [{ count }] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(crmViews)
    .where(visibleOfType(crmViews, actor, typeId));
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
      visibility: body.visibility ?? 'private',
      createdBy: actor.userId,
    })
    .returning();
  return getView(crm, tx, actor, row.id);
}

/**
 * PUT lead/custom-index-save/{id}: the active view, updated. Another user's private view is 404; another
 * user's shared view is 403 unless the caller holds crm.settings; only its author makes it private.
 */
export async function updateView(crm: CrmHooks, tx: Tx, actor: Actor, id: number, body: SaveViewBody): Promise<View> {
  const existing = await findView(tx, actor, id);
  requireMayChange(existing, actor, body.visibility);
  const visibility: Visibility = body.visibility ?? existing.visibility;
  const { columns } = await checkViewInput(crm, tx, actor, { ...body, type_id: existing.typeId }, id);
  await tx
    .update(crmViews)
    .set({
      name: body.name.trim(),
      columns,
      sort: body.sort ? { field: body.sort.field, direction: body.sort.direction ?? 'asc' } : null,
      filters: body.filters ?? [],
      visibility,
      updatedAt: new Date(),
    })
    .where(eq(crmViews.id, existing.id));
  return getView(crm, tx, actor, existing.id);
}

/** DELETE crm/custom_view/{id}, by the same rules as an update. */
export async function deleteView(tx: Tx, actor: Actor, id: number) {
  const view = await findView(tx, actor, id);
  requireMayChange(view, actor);
  await tx.delete(crmViews).where(eq(crmViews.id, view.id));
}

// ── saved filters ─────────────────────────────────────────────────────────────────────────────

function toSavedFilter(row: FilterRow & WithOwner, total: number, viewer: Viewer): SavedFilter {
  return {
    id: row.id,
    type_id: row.typeId,
    name: row.name,
    filters: row.filters,
    total_results: total,
    ...ownership(row, viewer),
  };
}

/** The saved filters of one type `viewer` sees, as visibleViews. */
const visibleFilters = (tx: Tx, viewer: Viewer, typeId: RecordTypeId, ...more: (SQL | undefined)[]) =>
  tx
    .select({ ...getTableColumns(crmSavedFilters), ownerName: userNameSql(crmSavedFilters.createdBy) })
    .from(crmSavedFilters)
    .where(visibleOfType(crmSavedFilters, viewer, typeId, ...more));

export async function listSavedFilters(
  crm: CrmHooks,
  tx: Tx,
  viewer: Viewer,
  typeId: RecordTypeId,
): Promise<SavedFilter[]> {
  const { fields } = await loadFields(crm, tx, viewer.companyId, typeId);
  const rows = await visibleFilters(tx, viewer, typeId).orderBy(asc(crmSavedFilters.name), asc(crmSavedFilters.id));
  const counts = await countMatches(
    crm,
    tx,
    viewer.companyId,
    typeId,
    fields,
    rows.map((row) => row.filters),
  );
  return rows.map((row, index) => toSavedFilter(row, counts[index], viewer));
}

/**
 * POST lead/filter-save: creates a saved filter (private unless its author shares it), or updates the one
 * named by id by the rules of updateView.
 */
export async function saveFilter(crm: CrmHooks, tx: Tx, actor: Actor, body: SaveFilterBody) {
  const typeId = body.type_id as RecordTypeId;
  const existing = body.id ? await findSavedFilter(tx, actor, body.id) : null;
  if (existing) requireMayChange(existing, actor, body.visibility);
  const effectiveType = existing?.typeId ?? typeId;
  const { fields } = await loadFields(crm, tx, actor.companyId, effectiveType);
  validateFilters(crm, fields, body.filters as Filter[]);
  const name = body.name.trim();
  const [taken] = await visibleFilters(
    tx,
    actor,
    effectiveType,
    sql`lower(${crmSavedFilters.name}) = lower(${name})`,
    existing ? ne(crmSavedFilters.id, existing.id) : undefined,
  );
  if (taken) throw conflict(CRM_MESSAGES.filterNameTaken, { name: [CRM_MESSAGES.filterNameTaken] });
  let id = existing?.id;
  if (existing) {
    await tx
      .update(crmSavedFilters)
      .set({
        name,
        filters: body.filters as Filter[],
        visibility: body.visibility ?? existing.visibility,
        updatedAt: new Date(),
      })
      .where(eq(crmSavedFilters.id, existing.id));
  } else {
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(crmSavedFilters)
      .where(visibleOfType(crmSavedFilters, actor, effectiveType));
    if (count >= CRM_LIMITS.savedFiltersPerType) throw invalid({ name: [CRM_MESSAGES.tooManyViews] });
    const [row] = await tx
      .insert(crmSavedFilters)
      .values({
        companyId: actor.companyId,
        typeId: effectiveType,
        name,
        filters: body.filters as Filter[],
        visibility: body.visibility ?? 'private',
        createdBy: actor.userId,
      })
      .returning({ id: crmSavedFilters.id });
    id = row.id;
  }
  const savedFilterRequests = await listSavedFilters(crm, tx, actor, effectiveType);
  const saved = savedFilterRequests.find((filter) => filter.id === id) ?? null;
  return { savedFilterRequests, saved, total_results: saved?.total_results ?? 0 };
}

/** DELETE lead/filter-delete/{id}, by the rules of deleteView; answers the filter's type. */
export async function deleteSavedFilter(tx: Tx, actor: Actor, id: number) {
  const filter = await findSavedFilter(tx, actor, id);
  requireMayChange(filter, actor);
  await tx.delete(crmSavedFilters).where(eq(crmSavedFilters.id, filter.id));
  return filter.typeId;
}
