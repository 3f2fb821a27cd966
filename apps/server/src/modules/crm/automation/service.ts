import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import {
  AUTOMATION_LIMITS,
  AUTOMATION_MESSAGES,
  AUTOMATION_RUNS_PER_PAGE,
  type AutomationRule,
  type AutomationRuleBody,
  type AutomationShow,
  describeTrigger,
  type RunStatus,
} from '@tradeloop/contracts/crm/automation';
import { CRM_TYPE } from '@tradeloop/contracts/crm/records';
import type { Tx } from '../../../db/client.ts';
import { AppError, invalid, notFound, requireAllFound, type FieldErrors } from '../../../platform/errors.ts';
import { findPeople } from '../../accounts/public.ts';
import { loadFields } from '../forms/service.ts';
import { checkFilters } from '../listing/service.ts';
import { refsByIds } from '../records/read.ts';
import { listStatuses } from '../leads/statuses.ts';
import { automationRules, automationRuns } from './tables.ts';
import type { CrmHooks } from '../records/hooks.ts';

/*
 * The rules of a company (docs/decisions/041): list, show with the run log, create, update, enable,
 * disable, delete, reorder. Running them is runner.ts's.
 */

type RuleRow = typeof automationRules.$inferSelect;

const inOrder = [asc(automationRules.position), asc(automationRules.id)];

async function ruleOf(tx: Tx, companyId: number, id: number): Promise<RuleRow> {
  const [row] = await tx
    .select()
    .from(automationRules)
    .where(and(eq(automationRules.id, id), eq(automationRules.companyId, companyId)));
  if (!row) throw notFound();
  return row;
}

/** The newest run of each rule, for the list. */
async function lastRuns(tx: Tx, ruleIds: number[]) {
  if (ruleIds.length === 0) return new Map<number, { status: RunStatus; at: string }>();
  const rows = await tx
    .selectDistinctOn([automationRuns.ruleId], {
      ruleId: automationRuns.ruleId,
      status: automationRuns.status,
      at: automationRuns.createdAt,
    })
    .from(automationRuns)
    .where(sql`${automationRuns.ruleId} = any(${sql.param(ruleIds)}::bigint[])`)
    .orderBy(automationRuns.ruleId, desc(automationRuns.id));
  return new Map(rows.map((row) => [row.ruleId, { status: row.status, at: row.at.toISOString() }]));
}

function toRule(row: RuleRow, lastRun: { status: RunStatus; at: string } | undefined): AutomationRule {
  return {
    id: row.id,
    name: row.name,
    enabled: row.enabled,
    position: row.position,
    trigger: row.trigger,
    trigger_summary: describeTrigger(row.trigger),
    conditions: row.conditions,
    actions: row.actions,
    last_run: lastRun ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function toRules(tx: Tx, rows: RuleRow[]) {
  const runs = await lastRuns(
    tx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toRule(row, runs.get(row.id)));
}

/** GET automation/index: the company's rules in the order they run. */
export async function listAutomationRules(tx: Tx, companyId: number): Promise<AutomationRule[]> {
  const rows = await tx
    .select()
    .from(automationRules)
    .where(eq(automationRules.companyId, companyId))
    .orderBy(...inOrder);
  return toRules(tx, rows);
}

async function oneRule(tx: Tx, companyId: number, id: number) {
  const [rule] = await toRules(tx, [await ruleOf(tx, companyId, id)]);
  return rule;
}

/** GET automation/show/{id}: the rule and a page of its run log, newest first. */
export async function showAutomationRule(tx: Tx, companyId: number, id: number, page: number): Promise<AutomationShow> {
  const rule = await oneRule(tx, companyId, id);
  const perPage = AUTOMATION_RUNS_PER_PAGE;
  const [{ total }] = await tx.select({ total: count() }).from(automationRuns).where(eq(automationRuns.ruleId, id));
  const rows = await tx
    .select()
    .from(automationRuns)
    .where(eq(automationRuns.ruleId, id))
    .orderBy(desc(automationRuns.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const leads = await refsByIds(
    tx,
    companyId,
    rows.flatMap((row) => (row.leadId === null ? [] : [row.leadId])),
  );
  const data = rows.map((row) => {
    const lead = row.leadId === null ? undefined : leads.get(row.leadId);
    return {
      id: row.id,
      lead: lead ? { id: lead.id, unique_id: lead.unique_id, title: lead.title } : null,
      trigger_key: row.triggerKey,
      status: row.status,
      depth: row.depth,
      steps: row.steps,
      error: row.error,
      at: row.createdAt.toISOString(),
    };
  });
  return {
    rule,
    runs: { data, currentPage: page, lastPage: Math.max(1, Math.ceil(total / perPage)), perPage, total },
  };
}

// ── checking a rule against the company ─────────────────────────────────────────────────────

const lower = (text: string) => text.trim().toLowerCase();

async function checkStatuses(crm: CrmHooks, tx: Tx, companyId: number, body: AutomationRuleBody, errors: FieldErrors) {
  const named: [string, string][] = [];
  if (body.trigger.type === 'status_changed') {
    if (body.trigger.from) named.push(['trigger.from', body.trigger.from]);
    if (body.trigger.to) named.push(['trigger.to', body.trigger.to]);
  }
  body.actions.forEach((action, index) => {
    if (action.type === 'set_status') named.push([`actions.${index}.status`, action.status]);
  });
  if (named.length === 0) return;
  const known = new Set((await listStatuses(crm, tx, companyId)).map((status) => lower(status.name)));
  for (const [key, name] of named) if (!known.has(lower(name))) errors[key] = [AUTOMATION_MESSAGES.statusUnknown];
}

async function checkUsers(tx: Tx, companyId: number, body: AutomationRuleBody, errors: FieldErrors) {
  const named: [string, number][] = [];
  body.actions.forEach((action, index) => {
    if (action.type === 'assign_user') named.push([`actions.${index}.user_id`, action.user_id]);
    if (action.type === 'notify' && action.user_id) named.push([`actions.${index}.user_id`, action.user_id]);
  });
  if (named.length === 0) return;
  const members = await findPeople(tx, { ids: named.map(([, id]) => id), companyId, live: true });
  const known = new Set(members.map((member) => member.id));
  for (const [key, id] of named) if (!known.has(id)) errors[key] = [AUTOMATION_MESSAGES.userNotMember];
}

async function checkField(crm: CrmHooks, tx: Tx, companyId: number, body: AutomationRuleBody, errors: FieldErrors) {
  if (body.trigger.type !== 'field_changed') return;
  const { formFields } = await loadFields(crm, tx, companyId, CRM_TYPE.leads);
  if (!formFields.some((field) => field.name === (body.trigger as { field: string }).field))
    errors['trigger.field'] = [AUTOMATION_MESSAGES.fieldUnknown];
}

/** The conditions as a lead list would take them; its messages under `conditions`. */
async function checkConditions(
  crm: CrmHooks,
  tx: Tx,
  companyId: number,
  body: AutomationRuleBody,
  errors: FieldErrors,
) {
  try {
    await checkFilters(crm, tx, companyId, CRM_TYPE.leads, body.conditions);
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode !== 422) throw error;
    errors.conditions = [error.message];
  }
}

/** 422 with a message per field when the rule names what the company does not have. */
async function checkRule(crm: CrmHooks, tx: Tx, companyId: number, body: AutomationRuleBody) {
  const errors: FieldErrors = {};
  await checkConditions(crm, tx, companyId, body, errors);
  await checkField(crm, tx, companyId, body, errors);
  await checkStatuses(crm, tx, companyId, body, errors);
  await checkUsers(tx, companyId, body, errors);
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

const ruleValues = (body: AutomationRuleBody) => ({
  name: body.name,
  enabled: body.enabled,
  triggerType: body.trigger.type,
  trigger: body.trigger,
  conditions: body.conditions,
  actions: body.actions,
});

// ── writes ───────────────────────────────────────────────────────────────────────────────────

/** POST automation/create: a rule that runs after the company's others. */
export async function createAutomationRule(
  crm: CrmHooks,
  tx: Tx,
  actor: { companyId: number; userId: number },
  body: AutomationRuleBody,
) {
  await checkRule(crm, tx, actor.companyId, body);
  const [{ rules, last }] = await tx
    .select({ rules: count(), last: sql<number | null>`max(${automationRules.position})` })
    .from(automationRules)
    .where(eq(automationRules.companyId, actor.companyId));
  if (rules >= AUTOMATION_LIMITS.rulesPerCompany) throw invalid({ name: [AUTOMATION_MESSAGES.tooManyRules] });
  const [created] = await tx
    .insert(automationRules)
    .values({
      ...ruleValues(body),
      companyId: actor.companyId,
      createdBy: actor.userId,
      position: last === null ? 0 : Number(last) + 1,
    })
    .returning({ id: automationRules.id });
  return oneRule(tx, actor.companyId, created.id);
}

/** POST automation/update/{id}: the whole rule anew (its place and run log stay). */
export async function updateAutomationRule(
  crm: CrmHooks,
  tx: Tx,
  companyId: number,
  id: number,
  body: AutomationRuleBody,
) {
  const row = await ruleOf(tx, companyId, id);
  await checkRule(crm, tx, companyId, body);
  await tx
    .update(automationRules)
    .set({ ...ruleValues(body), updatedAt: new Date() })
    .where(eq(automationRules.id, row.id));
  return oneRule(tx, companyId, row.id);
}

/** POST automation/enable/{id} and disable/{id}. */
export async function setAutomationRuleEnabled(tx: Tx, companyId: number, id: number, enabled: boolean) {
  const row = await ruleOf(tx, companyId, id);
  await tx.update(automationRules).set({ enabled, updatedAt: new Date() }).where(eq(automationRules.id, row.id));
  return oneRule(tx, companyId, row.id);
}

/** POST automation/delete/{id}: the rule and its run log. */
export async function deleteAutomationRule(tx: Tx, companyId: number, id: number) {
  const row = await ruleOf(tx, companyId, id);
  await tx.delete(automationRules).where(eq(automationRules.id, row.id));
}

/** POST automation/reorder: every rule of the company once, in the order they are to run. */
export async function reorderAutomationRules(tx: Tx, companyId: number, ids: number[]) {
  const existing = await tx
    .select({ id: automationRules.id })
    .from(automationRules)
    .where(eq(automationRules.companyId, companyId));
  requireAllFound(
    ids,
    existing.map((row) => row.id),
  );
  if (new Set(ids).size !== ids.length || ids.length !== existing.length)
    throw invalid({ ids: [AUTOMATION_MESSAGES.reorderMismatch] });
  for (const [position, id] of ids.entries())
    await tx.update(automationRules).set({ position }).where(eq(automationRules.id, id));
  return listAutomationRules(tx, companyId);
}
