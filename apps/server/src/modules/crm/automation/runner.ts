import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  AUTOMATION_MAX_DEPTH,
  AUTOMATION_MESSAGES,
  type AutomationStep,
  type RunStatus,
  type Trigger,
  type TriggerType,
} from '@tradeloop/contracts/crm/automation';
import { CRM_TYPE, type RecordValues } from '@tradeloop/contracts/crm/records';
import type { Tx } from '../../../db/client.ts';
import type { CrmHooks } from '../records/hooks.ts';
import { runAtEventDepth } from '../../../platform/caller-context.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Mailer } from '../../../platform/mail.ts';
import { recordMatchesFilters } from '../listing/service.ts';
import { findRecord } from '../records/read.ts';
import { ActionFailed, perform } from './actions.ts';
import { automationRules, automationRuns } from './tables.ts';

/*
 * Running rules (docs/decisions/041). A trigger happens to a lead (an event, a delayed check); the
 * company's enabled rules of that trigger run in their order. Each rule's run is one row of the run
 * log keyed by the rule and the trigger, written before anything else: a trigger told twice finds the
 * row and does nothing. Conditions are the lead list's own SQL narrowed to the lead; the actions run in
 * a savepoint, so a failing action undoes the run's other changes and the log says why.
 */

export type Occurrence = {
  companyId: number;
  leadId: number;
  type: TriggerType;
  /** With the rule, what makes a run once-only: the event's id, `no-reply:<enquiry>`, `meeting:<id>`. */
  key: string;
  /** How many automation runs led here (decision 041). */
  depth: number;
  /** Whether a rule's trigger options take this occurrence (the lead's values as they are now). */
  accepts?: (trigger: Trigger, values: RecordValues) => boolean;
  /** Only this rule (a delayed check made for one rule). */
  ruleId?: number;
};

export type RunnerDeps = { mailer: Mailer; crm: CrmHooks };

type RuleRow = typeof automationRules.$inferSelect;

/** The company's enabled rules of some trigger types, in order. */
export function enabledRules(tx: Tx, companyId: number, types: TriggerType[], ruleId?: number) {
  return tx
    .select()
    .from(automationRules)
    .where(
      and(
        eq(automationRules.companyId, companyId),
        inArray(automationRules.triggerType, types),
        eq(automationRules.enabled, true),
        ruleId === undefined ? undefined : eq(automationRules.id, ruleId),
      ),
    )
    .orderBy(asc(automationRules.position), asc(automationRules.id));
}

/** Whether the company has an enabled rule of one of these trigger types. */
export async function hasEnabledRules(tx: Tx, companyId: number, types: TriggerType[]) {
  const [row] = await tx
    .select({ id: automationRules.id })
    .from(automationRules)
    .where(
      and(
        eq(automationRules.companyId, companyId),
        inArray(automationRules.triggerType, types),
        eq(automationRules.enabled, true),
      ),
    )
    .limit(1);
  return row !== undefined;
}

async function liveLead(tx: Tx, companyId: number, leadId: number) {
  try {
    return await findRecord(tx, companyId, { id: leadId, typeId: CRM_TYPE.leads });
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  }
}

/** Runs the rules an occurrence triggers; answers the ids of the runs it logged. */
export async function runRules(tx: Tx, deps: RunnerDeps, occurrence: Occurrence) {
  const rules = await enabledRules(tx, occurrence.companyId, [occurrence.type], occurrence.ruleId);
  if (rules.length === 0) return [];
  const lead = await liveLead(tx, occurrence.companyId, occurrence.leadId);
  if (!lead) return [];
  const runs: number[] = [];
  for (const rule of rules) {
    if (occurrence.accepts && !occurrence.accepts(rule.trigger, lead.values)) continue;
    const run = await runRule(tx, deps, rule, occurrence);
    if (run !== null) runs.push(run);
  }
  return runs;
}

/** Why a run failed, as the log shows it: our own messages, or the services' 4xx ones. */
function failureText(error: unknown) {
  if (error instanceof ActionFailed) return error.message;
  if (error instanceof AppError && error.statusCode < 500) {
    const fields = Object.values(error.errors ?? {}).flat();
    return fields.length > 0 && !fields.includes(error.message)
      ? `${error.message} ${fields.join(' ')}`
      : error.message;
  }
  return null;
}

/**
 * One rule on one lead, once. An action's expected failure (a user who left, a lead without e-mail)
 * is logged as failed; anything else (the database went away) fails the delivery, which is retried.
 */
async function runRule(tx: Tx, deps: RunnerDeps, rule: RuleRow, occurrence: Occurrence) {
  const [run] = await tx
    .insert(automationRuns)
    .values({
      ruleId: rule.id,
      companyId: occurrence.companyId,
      leadId: occurrence.leadId,
      triggerKey: occurrence.key,
      status: 'skipped',
      depth: occurrence.depth,
    })
    .onConflictDoNothing()
    .returning({ id: automationRuns.id });
  if (!run) return null;
  const finish = (status: RunStatus, steps: AutomationStep[], error: string | null) =>
    tx.update(automationRuns).set({ status, steps, error }).where(eq(automationRuns.id, run.id));

  if (occurrence.depth > AUTOMATION_MAX_DEPTH) {
    await finish('stopped', [], AUTOMATION_MESSAGES.stopped(occurrence.depth));
    return run.id;
  }
  const steps: AutomationStep[] = [];
  try {
    const status = await tx.transaction(async (savepoint) => {
      const matches = await recordMatchesFilters(
        deps.crm,
        savepoint,
        occurrence.companyId,
        CRM_TYPE.leads,
        occurrence.leadId,
        rule.conditions,
      );
      if (!matches) return 'skipped' as const;
      const context = {
        tx: savepoint,
        mailer: deps.mailer,
        crm: deps.crm,
        companyId: occurrence.companyId,
        leadId: occurrence.leadId,
        rule,
        now: new Date(),
      };
      // What the actions change causes events one run deeper.
      await runAtEventDepth(occurrence.depth + 1, async () => {
        for (const action of rule.actions) steps.push({ action: action.type, result: await perform(context, action) });
      });
      return 'done' as const;
    });
    await finish(status, steps, status === 'skipped' ? AUTOMATION_MESSAGES.conditionsNotMet : null);
  } catch (error) {
    const text = failureText(error);
    if (text === null) throw error;
    await finish('failed', steps, text);
  }
  return run.id;
}

// ── what each trigger's options take ────────────────────────────────────────────────────────

const same = (a: unknown, b: string) => typeof a === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase();

export function createdFrom(trigger: Trigger, values: RecordValues) {
  if (trigger.type !== 'lead_created') return false;
  return trigger.sources.length === 0 || trigger.sources.some((source) => same(values.lead_source, source));
}

export type FieldChangeSeen = { field: string; old: unknown; new: unknown };

export function statusMoved(changes: FieldChangeSeen[]) {
  return (trigger: Trigger) => {
    if (trigger.type !== 'status_changed') return false;
    const change = changes.find((candidate) => candidate.field === 'lead_status');
    if (!change) return false;
    return (!trigger.from || same(change.old, trigger.from)) && (!trigger.to || same(change.new, trigger.to));
  };
}

export function fieldChanged(changes: FieldChangeSeen[]) {
  return (trigger: Trigger) =>
    trigger.type === 'field_changed' && changes.some((change) => change.field === trigger.field);
}

/** From below the threshold (or no score yet) to it or above. */
export function scoreCrossed(score: number, previous: number | null) {
  return (trigger: Trigger) =>
    trigger.type === 'score_crossed' && score >= trigger.threshold && (previous ?? -1) < trigger.threshold;
}

export function tagged(tagName: string) {
  return (trigger: Trigger) => trigger.type === 'tag_added' && (!trigger.tag || same(tagName, trigger.tag));
}
