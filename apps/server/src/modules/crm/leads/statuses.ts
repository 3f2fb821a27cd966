import { and, asc, eq, sql } from 'drizzle-orm';
import { CRM_TYPE, type RecordValues } from '@tradeloop/contracts/crm/records';
import {
  type GroupClassification,
  LEAD_MESSAGES,
  type LeadStatus,
  type StatusColour,
  type statusStoreBodySchema,
  type statusUpdateBodySchema,
} from '@tradeloop/contracts/crm/leads';
import type { z } from 'zod';
import type { Tx } from '../../../db/client.ts';
import { conflict, invalid, notFound, requireAllFound } from '../../../platform/errors.ts';
import { LEAD_CONVERTED_STATUS } from '../forms/default-forms.ts';
import { loadFields, type LoadedFields } from '../forms/service.ts';
import { findRecord } from '../records/read.ts';
import { updateOneField, writeValues, type Actor } from '../records/service.ts';
import {
  countLeadsBy,
  countLeadsHolding,
  leadsHolding,
  replaceLeadValues,
  writeFieldOptions,
} from '../records/access.ts';
import { crmLeadStatuses } from './tables.ts';
import { crmTimeline } from '../timeline/tables.ts';
import { threadOfLead } from './threads.ts';
import type { CrmHooks } from '../records/hooks.ts';

/*
 * A company's lead statuses (docs/decisions/017). A lead keeps its status as the value of the lead
 * form's `lead_status` select field, so boards, filters and edits keep working on plain values; the
 * crm_lead_statuses rows add what a value cannot hold (colour, order, converted or lost). The field's
 * option list is always the status names in order: every write here changes both in one transaction,
 * and an option list edited in the form builder is folded back into the statuses on the next read.
 */

const LEAD = CRM_TYPE.leads;
const STATUS_FIELD = 'lead_status';
type StatusRow = typeof crmLeadStatuses.$inferSelect;

/** Added to a company's statuses when its options have none that counts as lost. */
export const LOST_STATUS = 'Lost';
const LOST_NAMES = new Set(['lost', 'junk']);
const DEFAULT_COLOURS: Record<string, StatusColour> = {
  new: 'blue',
  contacted: 'cyan',
  qualified: 'teal',
  'proposal sent': 'violet',
  unqualified: 'orange',
  converted: 'green',
  lost: 'red',
  junk: 'gray',
};
const OTHER_COLOURS: StatusColour[] = ['indigo', 'grape', 'pink', 'lime', 'yellow'];

const lower = (name: string) => name.trim().toLowerCase();

function newStatus(companyId: number, name: string, position: number) {
  return {
    companyId,
    name,
    position,
    colour: DEFAULT_COLOURS[lower(name)] ?? OTHER_COLOURS[position % OTHER_COLOURS.length],
    isConverted: lower(name) === lower(LEAD_CONVERTED_STATUS),
    isLost: LOST_NAMES.has(lower(name)),
  };
}

async function statusField(crm: CrmHooks, tx: Tx, companyId: number) {
  const loaded = await loadFields(crm, tx, companyId, LEAD);
  const field = loaded.formFields.find((candidate) => candidate.name === STATUS_FIELD);
  if (!field?.id) throw new Error(`The lead form of company ${companyId} has no ${STATUS_FIELD} field`);
  return { loaded, field: { ...field, id: field.id } };
}

/** The lead_status options become `names`; the default moves with a rename or off a deleted status. */
async function writeOptions(
  crm: CrmHooks,
  tx: Tx,
  companyId: number,
  names: string[],
  renamed?: { from: string; to: string },
) {
  const { loaded, field } = await statusField(crm, tx, companyId);
  const current = field.settings.default_value;
  let fallback = typeof current === 'string' ? current : undefined;
  if (renamed && fallback === renamed.from) fallback = renamed.to;
  if (fallback === undefined || !names.includes(fallback)) fallback = names[0];
  await writeFieldOptions(tx, loaded, field, names, { ...field.settings, default_value: fallback });
}

const selectStatuses = (tx: Tx, companyId: number) =>
  tx
    .select()
    .from(crmLeadStatuses)
    .where(eq(crmLeadStatuses.companyId, companyId))
    .orderBy(asc(crmLeadStatuses.position), asc(crmLeadStatuses.id));

/**
 * The company's statuses in order, after making them agree with the lead_status options: seeded
 * from the options on first use (with a lost status added when none exists), and following options
 * the form builder added, renamed in case, moved or removed since. Call inside a transaction.
 */
export async function ensureStatuses(crm: CrmHooks, tx: Tx, companyId: number): Promise<StatusRow[]> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(4017, hashtext(${`lead-statuses:${companyId}`}))`);
  const { field } = await statusField(crm, tx, companyId);
  const options = field.optionList;
  const rows = await selectStatuses(tx, companyId);
  if (rows.length === 0) {
    const names = options.some((name) => LOST_NAMES.has(lower(name))) ? options : [...options, LOST_STATUS];
    await tx.insert(crmLeadStatuses).values(names.map((name, position) => newStatus(companyId, name, position)));
    if (names.length !== options.length) await writeOptions(crm, tx, companyId, names);
    return selectStatuses(tx, companyId);
  }
  if (rows.length === options.length && rows.every((row, index) => row.name === options[index])) return rows;
  const byName = new Map(rows.map((row) => [lower(row.name), row]));
  const kept = new Set<number>();
  for (const [position, name] of options.entries()) {
    const row = byName.get(lower(name));
    if (!row) {
      await tx.insert(crmLeadStatuses).values(newStatus(companyId, name, position));
      continue;
    }
    kept.add(row.id);
    if (row.name !== name || row.position !== position) {
      await tx.update(crmLeadStatuses).set({ name, position }).where(eq(crmLeadStatuses.id, row.id));
    }
  }
  for (const row of rows) {
    if (!kept.has(row.id)) await tx.delete(crmLeadStatuses).where(eq(crmLeadStatuses.id, row.id));
  }
  return selectStatuses(tx, companyId);
}

async function countHolders(tx: Tx, companyId: number, name: string) {
  return countLeadsHolding(tx, companyId, STATUS_FIELD, name);
}

function toStatus(row: StatusRow, leadCount: number): LeadStatus {
  return {
    id: row.id,
    name: row.name,
    colour: row.colour,
    position: row.position,
    is_converted: row.isConverted,
    is_lost: row.isLost,
    lead_count: leadCount,
  };
}

/** GET status-settings/index: the statuses in order, each with its number of live leads. */
export async function listStatuses(crm: CrmHooks, tx: Tx, companyId: number): Promise<LeadStatus[]> {
  const rows = await ensureStatuses(crm, tx, companyId);
  const counts = new Map<string, number>();
  for (const { value, count } of await countLeadsBy(tx, companyId, STATUS_FIELD)) {
    if (value !== null) counts.set(lower(value), (counts.get(lower(value)) ?? 0) + count);
  }
  return rows.map((row) => toStatus(row, counts.get(lower(row.name)) ?? 0));
}

async function statusOf(crm: CrmHooks, tx: Tx, companyId: number, id: number) {
  const rows = await ensureStatuses(crm, tx, companyId);
  const row = rows.find((candidate) => candidate.id === id);
  if (!row) throw notFound();
  return { rows, row };
}

const assertFreeName = (rows: StatusRow[], name: string, self?: number) => {
  if (rows.some((row) => row.id !== self && lower(row.name) === lower(name)))
    throw invalid({ name: [LEAD_MESSAGES.statusNameTaken] });
};

async function findStatus(crm: CrmHooks, tx: Tx, companyId: number, id: number) {
  const statuses = await listStatuses(crm, tx, companyId);
  const status = statuses.find((candidate) => candidate.id === id);
  if (!status) throw notFound();
  return status;
}

/** POST status-settings/store: a new status at the end of the list. */
export async function createStatus(
  crm: CrmHooks,
  tx: Tx,
  companyId: number,
  body: z.output<typeof statusStoreBodySchema>,
) {
  const rows = await ensureStatuses(crm, tx, companyId);
  assertFreeName(rows, body.name);
  const position = rows.length === 0 ? 0 : rows[rows.length - 1].position + 1;
  const [created] = await tx
    .insert(crmLeadStatuses)
    .values({
      companyId,
      name: body.name,
      colour: body.colour,
      position,
      isConverted: body.is_converted,
      isLost: body.is_lost,
    })
    .returning({ id: crmLeadStatuses.id });
  await writeOptions(crm, tx, companyId, [...rows.map((row) => row.name), body.name]);
  return findStatus(crm, tx, companyId, created.id);
}

/**
 * Every lead (live or in the trash) holding `from` gets `to`. A rename is the same status under
 * another name, so the leads' histories do not change; their keyword index does.
 */
async function renameLeadValues(tx: Tx, loaded: LoadedFields, from: string, to: string) {
  const holders = await leadsHolding(tx, loaded.form.companyId, STATUS_FIELD, from);
  for (const holder of holders) {
    const values: RecordValues = { ...holder.values, [STATUS_FIELD]: to };
    await replaceLeadValues(tx, loaded, holder.id, values);
  }
}

/** PUT status-settings/update/{id}: name, colour and flags; a new name follows into the leads. */
export async function updateStatus(
  crm: CrmHooks,
  tx: Tx,
  companyId: number,
  id: number,
  body: z.output<typeof statusUpdateBodySchema>,
) {
  const { rows, row } = await statusOf(crm, tx, companyId, id);
  const name = body.name ?? row.name;
  assertFreeName(rows, name, row.id);
  const isConverted = body.is_converted ?? row.isConverted;
  const isLost = body.is_lost ?? row.isLost;
  if (isConverted && isLost) throw invalid({ is_lost: [LEAD_MESSAGES.statusBothFlags] });
  await tx
    .update(crmLeadStatuses)
    .set({ name, colour: body.colour ?? row.colour, isConverted, isLost })
    .where(eq(crmLeadStatuses.id, row.id));
  if (name !== row.name) {
    const { loaded } = await statusField(crm, tx, companyId);
    await renameLeadValues(tx, loaded, row.name, name);
    const names = rows.map((candidate) => (candidate.id === row.id ? name : candidate.name));
    await writeOptions(crm, tx, companyId, names, { from: row.name, to: name });
  }
  return findStatus(crm, tx, companyId, row.id);
}

/**
 * DELETE status-settings/destroy/{id}: refused while live leads hold the status, unless a
 * replacement is named; then those leads (and any in the trash) move to it, each move in its history.
 */
export async function deleteStatus(crm: CrmHooks, tx: Tx, actor: Actor, id: number, replacementId: number | undefined) {
  const { rows, row } = await statusOf(crm, tx, actor.companyId, id);
  if (rows.length === 1) throw invalid({ id: [LEAD_MESSAGES.lastStatus] });
  const replacement = replacementId === undefined ? undefined : rows.find((status) => status.id === replacementId);
  if (replacementId !== undefined && !replacement) throw notFound();
  if (replacement?.id === row.id) throw invalid({ replacement_id: [LEAD_MESSAGES.replacementSame] });
  const { loaded } = await statusField(crm, tx, actor.companyId);
  const holders = await leadsHolding(tx, actor.companyId, STATUS_FIELD, row.name);
  const live = holders.filter((holder) => holder.deletedAt === null).length;
  if (live > 0 && !replacement) {
    const message = LEAD_MESSAGES.statusInUse(live);
    throw conflict(message, { replacement_id: [message] });
  }
  if (replacement) {
    for (const holder of holders) {
      await writeValues(crm, tx, actor, loaded, holder, { ...holder.values, [STATUS_FIELD]: replacement.name });
    }
  }
  await tx.delete(crmLeadStatuses).where(eq(crmLeadStatuses.id, row.id));
  const remaining = rows.filter((status) => status.id !== row.id);
  for (const [position, status] of remaining.entries()) {
    if (status.position !== position)
      await tx.update(crmLeadStatuses).set({ position }).where(eq(crmLeadStatuses.id, status.id));
  }
  await writeOptions(
    crm,
    tx,
    actor.companyId,
    remaining.map((status) => status.name),
    replacement ? { from: row.name, to: replacement.name } : undefined,
  );
  return { moved: live };
}

/**
 * Stores a new order of a list: `ids` must hold each existing id exactly once (422 otherwise; 404
 * for a stranger's id); `save` writes one position.
 */
export async function applyOrder(
  existing: number[],
  ids: number[],
  save: (id: number, position: number) => Promise<unknown>,
) {
  const known = new Set(existing);
  requireAllFound(ids, known);
  if (new Set(ids).size !== ids.length || ids.length !== existing.length)
    throw invalid({ ids: [LEAD_MESSAGES.reorderIncomplete] });
  for (const [position, id] of ids.entries()) await save(id, position);
  return ids;
}

/** POST status-settings/reorder: ids in their new order; the options follow. */
export async function reorderStatuses(crm: CrmHooks, tx: Tx, companyId: number, ids: number[]) {
  const rows = await ensureStatuses(crm, tx, companyId);
  const order = await applyOrder(
    rows.map((row) => row.id),
    ids,
    (id, position) => tx.update(crmLeadStatuses).set({ position }).where(eq(crmLeadStatuses.id, id)),
  );
  const byId = new Map(rows.map((row) => [row.id, row.name]));
  await writeOptions(
    crm,
    tx,
    companyId,
    order.map((statusId) => byId.get(statusId)!),
  );
  return listStatuses(crm, tx, companyId);
}

/**
 * Adds to the history entry this transaction just wrote through the CRM (a status change or an
 * assignment): its default line does not know it came from a thread or a rule. Entries take the
 * transaction's now() as created_at, which singles out this transaction's entry.
 */
export async function annotateEntry(
  tx: Tx,
  entry: { recordId: number; kind: 'status_changed' | 'assigned' },
  suffix: string,
  details: Record<string, unknown>,
) {
  await tx
    .update(crmTimeline)
    .set({
      summary: sql`${crmTimeline.summary} || ${suffix}::text`,
      details: sql`${crmTimeline.details} || ${JSON.stringify(details)}::jsonb`,
    })
    .where(
      and(
        eq(crmTimeline.recordId, entry.recordId),
        eq(crmTimeline.kind, entry.kind),
        sql`${crmTimeline.createdAt} = now()`,
      ),
    );
}

/**
 * POST lead/lead-status-update: the lead takes the status's name through the CRM's inline edit,
 * which checks it and writes the change into the lead's history; from a thread, the entry says so.
 */
export async function setLeadStatus(
  crm: CrmHooks,
  tx: Tx,
  actor: Actor,
  body: { lead_id: number; status_id: number; thread_id?: number },
) {
  const { row: status } = await statusOf(crm, tx, actor.companyId, body.status_id);
  const lead = await findRecord(tx, actor.companyId, { id: body.lead_id, typeId: LEAD });
  const thread = body.thread_id === undefined ? null : await threadOfLead(tx, actor.companyId, lead.id, body.thread_id);
  const before = lead.values[STATUS_FIELD];
  const record = await updateOneField(
    crm,
    tx,
    actor,
    { uniqueId: lead.uniqueId, typeId: LEAD, field: STATUS_FIELD },
    status.name,
  );
  if (thread && before !== status.name) {
    await annotateEntry(tx, { recordId: lead.id, kind: 'status_changed' }, ` (in “${thread.threadName}”)`, {
      thread_id: thread.id,
      thread_name: thread.threadName,
    });
  }
  return { lead: record, status: toStatus(status, await countHolders(tx, actor.companyId, status.name)) };
}

/** GET lead/group-classification: live leads by status (in order) and by source, with totals. */
export async function groupClassification(crm: CrmHooks, tx: Tx, companyId: number): Promise<GroupClassification> {
  const statuses = await listStatuses(crm, tx, companyId);
  const known = new Set(statuses.map((status) => lower(status.name)));
  const others = new Map<string, number>();
  for (const { value, count } of await countLeadsBy(tx, companyId, STATUS_FIELD)) {
    const name = value?.trim() ? value : 'No status';
    if (!known.has(lower(name))) others.set(name, (others.get(name) ?? 0) + count);
  }
  const byStatus = [
    ...statuses.map((status) => ({
      id: status.id,
      name: status.name,
      colour: status.colour,
      is_converted: status.is_converted,
      is_lost: status.is_lost,
      count: status.lead_count,
    })),
    ...[...others].map(([name, count]) => ({
      id: null,
      name,
      colour: 'gray',
      is_converted: false,
      is_lost: false,
      count,
    })),
  ];
  const bySource = (await countLeadsBy(tx, companyId, 'lead_source'))
    .map(({ value, count }) => ({ source: value, count }))
    .sort((a, b) => b.count - a.count || (a.source ?? '').localeCompare(b.source ?? ''));
  const sum = (keep: (entry: (typeof byStatus)[number]) => boolean) =>
    byStatus.filter(keep).reduce((total, entry) => total + entry.count, 0);
  const total = sum(() => true);
  const converted = sum((entry) => entry.is_converted);
  const lost = sum((entry) => entry.is_lost);
  return {
    by_status: byStatus,
    by_source: bySource,
    totals: { total, open: total - converted - lost, converted, lost },
  };
}
