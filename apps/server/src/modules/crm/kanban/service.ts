import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { CRM_MESSAGES, type RecordTypeId } from '@tradeloop/contracts/crm/records';
import type { Filter } from '@tradeloop/contracts/crm/views';
import type { KanbanBoard, KanbanCard, KanbanColumn } from '@tradeloop/contracts/crm/kanban';
import type { Tx } from '../../../db/client.ts';
import { invalid } from '../../../platform/errors.ts';
import { KANBAN_DEFAULTS } from '../forms/default-forms.ts';
import type { FieldDef } from '../forms/fields.ts';
import { compileFilters } from '../views/filters.ts';
import { keywordCondition, valuesContain } from '../listing/tenant-index.ts';
import { loadFields, type LoadedFields } from '../forms/service.ts';
import { baseConditions, findSavedFilter } from '../listing/service.ts';
import { collectRefs, recordSelection, toRecord, type RecordRow } from '../records/read.ts';
import { updateOneField, type Actor } from '../records/service.ts';
import { crmForms } from '../forms/tables.ts';
import { crmKanbanSettings } from './tables.ts';
import { crmRecords } from '../records/tables.ts';
import { sqlList } from '../../../db/sql.ts';
import type { CrmHooks } from '../records/hooks.ts';

type BoardQuery = {
  type_id?: RecordTypeId;
  group_by?: string;
  column?: string;
  page: number;
  per_page: number;
  query?: string;
  filter_id?: number;
};

async function settingsOf(tx: Tx, userId: number) {
  const [row] = await tx.select().from(crmKanbanSettings).where(eq(crmKanbanSettings.userId, userId));
  return row;
}

const isPickList = (field: FieldDef | undefined): field is FieldDef =>
  field?.storage === 'values' && field.fieldType === 'select';

/** The pick-list a board groups by: asked for, else the user's choice, else the type's default, else the first. */
function groupField(loaded: LoadedFields, typeId: RecordTypeId, asked: string | undefined, stored: string | undefined) {
  if (asked !== undefined) {
    const field = loaded.formFields.find((candidate) => candidate.name === asked);
    if (!isPickList(field)) throw invalid({ group_by: [CRM_MESSAGES.kanbanGroupFieldInvalid] });
    return field;
  }
  const candidates = [stored, KANBAN_DEFAULTS[typeId].groupBy];
  for (const name of candidates) {
    const field = loaded.formFields.find((candidate) => candidate.name === name);
    if (isPickList(field) && field.sectionId !== null) return field;
  }
  const first = loaded.formFields.find((field) => isPickList(field) && field.sectionId !== null);
  if (!first) throw invalid({ group_by: [CRM_MESSAGES.kanbanNoGroupField] });
  return first;
}

function amountField(loaded: LoadedFields, typeId: RecordTypeId) {
  const name = KANBAN_DEFAULTS[typeId].amount;
  const field = loaded.formFields.find((candidate) => candidate.name === name);
  return field && (field.fieldType === 'currency' || field.fieldType === 'number') ? field : null;
}

const groupValue = (field: FieldDef) => sql`(${crmRecords.values}->>${field.name}::text)`;
const inColumn = (actor: Actor, typeId: RecordTypeId, field: FieldDef, value: string) =>
  value === '' ? sql`${groupValue(field)} IS NULL` : valuesContain(actor.companyId, typeId, { [field.name]: value });

function toCard(row: RecordRow, amount: FieldDef | null): KanbanCard {
  const value = amount ? row.values[amount.name] : undefined;
  return { ...toRecord(row), selected: false, amount: typeof value === 'number' ? value : null };
}

function cardsQuery(tx: Tx, conditions: SQL[]) {
  return tx
    .select(recordSelection)
    .from(crmRecords)
    .innerJoin(crmForms, eq(crmForms.id, crmRecords.formId))
    .where(and(...conditions))
    .orderBy(desc(crmRecords.updatedAt), desc(crmRecords.id));
}

/** First page of every column in one statement: the newest-moved cards of each value. */
async function firstPages(tx: Tx, conditions: SQL[], field: FieldDef, perPage: number) {
  const ranked = tx
    .select({
      id: crmRecords.id,
      rank: sql<number>`row_number() OVER (PARTITION BY ${groupValue(field)} ORDER BY ${crmRecords.updatedAt} DESC, ${crmRecords.id} DESC)`.as(
        'rank',
      ),
    })
    .from(crmRecords)
    .where(and(...conditions))
    .as('ranked');
  const ids = await tx
    .select({ id: ranked.id })
    .from(ranked)
    .where(sql`${ranked.rank} <= ${perPage}`);
  if (ids.length === 0) return [];
  return cardsQuery(tx, [sql`${crmRecords.id} IN (${sqlList(ids.map((row) => row.id))})`]);
}

/** GET crm/kanbon_data_list: columns with counts (and deal value), 10 cards each, or one column's next page. */
export async function kanbanBoard(crm: CrmHooks, tx: Tx, actor: Actor, query: BoardQuery): Promise<KanbanBoard> {
  const settings = await settingsOf(tx, actor.userId);
  const typeId = (query.type_id ?? settings?.typeId ?? 1) as RecordTypeId;
  const loaded = await loadFields(crm, tx, actor.companyId, typeId);
  const field = groupField(loaded, typeId, query.group_by, settings?.groupBy[String(typeId)]);
  const amount = amountField(loaded, typeId);
  const saved = query.filter_id ? await findSavedFilter(tx, actor, query.filter_id, typeId) : null;
  const keyword = keywordCondition(actor.companyId, query.query);
  const conditions = [
    ...baseConditions(actor.companyId, typeId),
    ...compileFilters(crm, { companyId: actor.companyId, typeId }, loaded.fields, (saved?.filters ?? []) as Filter[]),
    ...(keyword ? [keyword] : []),
  ];

  const totals = await tx
    .select({
      value: groupValue(field).mapWith(String),
      count: sql<number>`count(*)::int`,
      amount: amount
        ? sql<
            string | null
          >`sum(CASE WHEN jsonb_typeof(${crmRecords.values}->${amount.name}::text) = 'number' THEN (${crmRecords.values}->>${amount.name}::text)::numeric END)`
        : sql<null>`NULL`,
    })
    .from(crmRecords)
    .where(and(...conditions))
    // By position: the same expression written twice would carry two parameters, which PostgreSQL treats as two expressions.
    .groupBy(sql`1`);
  const stale = totals.map((row) => row.value).filter((value) => value && !field.optionList.includes(value));
  const values = [...field.optionList, ...stale, ''];
  const wanted = query.column === undefined ? values : values.filter((value) => value === query.column);

  const rows =
    query.column === undefined
      ? await firstPages(tx, conditions, field, query.per_page)
      : await cardsQuery(tx, [...conditions, inColumn(actor, typeId, field, query.column)])
          .limit(query.per_page)
          .offset((query.page - 1) * query.per_page);
  // Values other modules keep that cards show (the lead score), read for the cards of this answer only.
  for (const external of loaded.fields.filter((candidate) => candidate.storage === 'external')) {
    const definition = crm.field(external.name);
    if (!definition?.onCards || rows.length === 0) continue;
    const found = await definition.values(
      tx,
      actor.companyId,
      rows.map((row) => row.id),
    );
    for (const row of rows) {
      const value = found.get(row.id);
      if (value !== undefined) row.values = { ...row.values, [external.name]: value };
    }
  }
  const columns: KanbanColumn[] = wanted.map((value) => {
    const total = totals.find((row) => (row.value ?? '') === value);
    const count = total?.count ?? 0;
    return {
      value,
      label: value === '' ? `No ${field.label.toLowerCase()}` : value,
      count,
      amount: amount ? Number(total?.amount ?? 0) : null,
      cards: rows.filter((row) => (row.values[field.name] ?? '') === value).map((row) => toCard(row, amount)),
      currentPage: query.column === undefined ? 1 : query.page,
      lastPage: Math.max(1, Math.ceil(count / query.per_page)),
      perPage: query.per_page,
    };
  });
  return {
    type_id: typeId,
    group_by: { name: field.name, label: field.label },
    group_options: loaded.formFields
      .filter((candidate) => isPickList(candidate) && candidate.sectionId !== null)
      .map((candidate) => ({ name: candidate.name, label: candidate.label })),
    amount_field: amount?.name ?? null,
    currency: amount?.settings.currency ?? (amount ? 'USD' : null),
    columns,
    refs: await collectRefs(tx, actor.companyId, loaded.fields, rows),
  };
}

/** POST crm/store_kanbon_view: the user's board type and, per type, the pick-list it groups by. */
export async function storeKanbanSettings(
  crm: CrmHooks,
  tx: Tx,
  actor: Actor,
  body: { type_id: RecordTypeId; group_by?: string },
) {
  const loaded = await loadFields(crm, tx, actor.companyId, body.type_id);
  const current = await settingsOf(tx, actor.userId);
  const groupBy = { ...(current?.groupBy ?? {}) };
  if (body.group_by !== undefined)
    groupBy[String(body.type_id)] = groupField(loaded, body.type_id, body.group_by, undefined).name;
  await tx
    .insert(crmKanbanSettings)
    .values({ userId: actor.userId, companyId: actor.companyId, typeId: body.type_id, groupBy })
    .onConflictDoUpdate({
      target: crmKanbanSettings.userId,
      set: { companyId: actor.companyId, typeId: body.type_id, groupBy, updatedAt: new Date() },
    });
  return { type_id: body.type_id, group_by: groupBy };
}

/** A card dropped on another column: its pick-list value changes, checked like any edit. */
export async function moveCard(
  crm: CrmHooks,
  tx: Tx,
  actor: Actor,
  body: { unique_id: string; type_id: RecordTypeId; group_by?: string; value: string },
) {
  const loaded = await loadFields(crm, tx, actor.companyId, body.type_id);
  const settings = await settingsOf(tx, actor.userId);
  const field = groupField(loaded, body.type_id, body.group_by, settings?.groupBy[String(body.type_id)]);
  const record = await updateOneField(
    crm,
    tx,
    actor,
    { uniqueId: body.unique_id, typeId: body.type_id, field: field.name },
    body.value || null,
  );
  const amount = amountField(loaded, body.type_id);
  const value = amount ? record.values[amount.name] : undefined;
  return { ...record, selected: false, amount: typeof value === 'number' ? value : null };
}
