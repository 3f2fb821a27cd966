import { and, asc, eq } from 'drizzle-orm';
import { CRM_TYPE } from '@tradeloop/contracts/crm/records';
import {
  type AssignmentRule,
  type assignmentRuleBodySchema,
  LEAD_MESSAGES,
  type leadAssignBodySchema,
} from '@tradeloop/contracts/crm/leads';
import type { z } from 'zod';
import type { Db, Tx } from '../../../db/client.ts';
import { invalid, notFound, requireAllFound } from '../../../platform/errors.ts';
import { findPeople } from '../../accounts/public.ts';
import { categoryTree } from '../../catalog/public.ts';
import type { CrmHooks, RecordChange } from '../records/hooks.ts';
import { findRecord } from '../records/read.ts';
import { bulkAssign, updateOneField, type Actor } from '../records/service.ts';
import { liveRecordIds } from '../records/access.ts';
import { findCountry, listCountries } from '../../reference/public.ts';
import { annotateEntry, applyOrder } from './statuses.ts';
import { crmAssignmentRules } from './tables.ts';

/*
 * Who gets a lead (docs/decisions/017): by hand (lead/assign), or, for a new lead whose owner nobody
 * chose (marketplace requests, imports, a lead added without an owner), by the company's rules. The
 * first active rule in order that matches the lead picks the next of its users in turn.
 */

type RuleRow = typeof crmAssignmentRules.$inferSelect;
type RuleBody = z.output<typeof assignmentRuleBodySchema>;

/** Live users of the company among `ids`. */
async function membersOf(tx: Tx, companyId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await findPeople(tx, { ids, companyId, live: true });
  return new Map(rows.map((row) => [row.id, row.name]));
}

// ── by hand ───────────────────────────────────────────────────────────────────────────────────

/** POST lead/assign: live leads of the company (any other id is 404) to one of its users. */
export async function assignLeads(crm: CrmHooks, tx: Tx, actor: Actor, body: z.output<typeof leadAssignBodySchema>) {
  const ids = [...new Set([...(body.lead_id === undefined ? [] : [body.lead_id]), ...(body.lead_ids ?? [])])];
  const found = await liveRecordIds(tx, actor.companyId, CRM_TYPE.leads, ids);
  requireAllFound(ids, found);
  const members = await membersOf(tx, actor.companyId, [body.user_id]);
  const name = members.get(body.user_id);
  if (name === undefined) throw invalid({ user_id: [LEAD_MESSAGES.userNotMember] });
  const { count } = await bulkAssign(crm, tx, actor, CRM_TYPE.leads, ids, body.user_id);
  return { count, owner: { id: body.user_id, full_name: name } };
}

// ── rules ─────────────────────────────────────────────────────────────────────────────────────

const rulesOf = (tx: Tx, companyId: number) =>
  tx
    .select()
    .from(crmAssignmentRules)
    .where(eq(crmAssignmentRules.companyId, companyId))
    .orderBy(asc(crmAssignmentRules.position), asc(crmAssignmentRules.id));

async function toRules(tx: Tx, companyId: number, rows: RuleRow[]): Promise<AssignmentRule[]> {
  const names = await membersOf(tx, companyId, [...new Set(rows.flatMap((row) => row.userIds))]);
  const ref = (id: number) => ({ id, full_name: names.get(id) ?? 'Former user' });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    mode: row.mode,
    match_ids: row.matchIds,
    user_ids: row.userIds,
    users: row.userIds.map(ref),
    next_user: row.userIds.length ? ref(row.userIds[row.nextIndex % row.userIds.length]) : null,
    position: row.position,
    is_active: row.isActive,
  }));
}

/** GET lead/assignment-rules: the company's rules, in the order they are tried. */
export async function listRules(tx: Tx, companyId: number) {
  return toRules(tx, companyId, await rulesOf(tx, companyId));
}

async function ruleOf(tx: Tx, companyId: number, id: number) {
  const [row] = await tx
    .select()
    .from(crmAssignmentRules)
    .where(and(eq(crmAssignmentRules.id, id), eq(crmAssignmentRules.companyId, companyId)));
  if (!row) throw notFound();
  return row;
}

async function checkRule(tx: Tx, companyId: number, body: RuleBody) {
  const userIds = [...new Set(body.user_ids)];
  const members = await membersOf(tx, companyId, userIds);
  if (members.size !== userIds.length) throw invalid({ user_ids: [LEAD_MESSAGES.userNotMember] });
  const matchIds = body.mode === 'round_robin' ? [] : [...new Set(body.match_ids)];
  if (body.mode === 'category') {
    const tree = await categoryTree(tx);
    if (matchIds.some((id) => !tree.byId.has(id))) throw invalid({ match_ids: [LEAD_MESSAGES.unknownCategory] });
  }
  return { name: body.name, mode: body.mode, matchIds, userIds, isActive: body.is_active };
}

async function oneRule(tx: Tx, companyId: number, id: number) {
  const [rule] = await toRules(tx, companyId, [await ruleOf(tx, companyId, id)]);
  return rule;
}

/** POST lead/assignment-rules: a rule tried after the existing ones. */
export async function createRule(tx: Tx, companyId: number, body: RuleBody) {
  const values = await checkRule(tx, companyId, body);
  const existing = await rulesOf(tx, companyId);
  const position = existing.length ? existing[existing.length - 1].position + 1 : 0;
  const [created] = await tx
    .insert(crmAssignmentRules)
    .values({ ...values, companyId, position })
    .returning({ id: crmAssignmentRules.id });
  return oneRule(tx, companyId, created.id);
}

/** PUT lead/assignment-rules/{id}: new users start their turns from the first. */
export async function updateRule(tx: Tx, companyId: number, id: number, body: RuleBody) {
  const row = await ruleOf(tx, companyId, id);
  const values = await checkRule(tx, companyId, body);
  const sameUsers = JSON.stringify(values.userIds) === JSON.stringify(row.userIds);
  await tx
    .update(crmAssignmentRules)
    .set({ ...values, nextIndex: sameUsers ? row.nextIndex : 0, updatedAt: new Date() })
    .where(eq(crmAssignmentRules.id, row.id));
  return oneRule(tx, companyId, row.id);
}

export async function deleteRule(tx: Tx, companyId: number, id: number) {
  const row = await ruleOf(tx, companyId, id);
  await tx.delete(crmAssignmentRules).where(eq(crmAssignmentRules.id, row.id));
}

/** POST lead/assignment-rules/reorder: the order in which rules are tried. */
export async function reorderRules(tx: Tx, companyId: number, ids: number[]) {
  const rows = await rulesOf(tx, companyId);
  await applyOrder(
    rows.map((row) => row.id),
    ids,
    (id, position) => tx.update(crmAssignmentRules).set({ position }).where(eq(crmAssignmentRules.id, id)),
  );
  return listRules(tx, companyId);
}

// ── automatic assignment ──────────────────────────────────────────────────────────────────────

/** What a new lead's own values cannot tell: the categories of the product a buyer asked about. */
export type AssignmentContext = { categoryIds?: number[] };

const contexts = new WeakMap<object, AssignmentContext>();

/**
 * Runs `write` (which creates the lead) with facts the rules may need, kept for this transaction
 * only: the CRM tells of the new lead inside `write`, and the rules read them then.
 */
export async function withAssignmentContext<T>(tx: Tx, context: AssignmentContext, write: () => Promise<T>) {
  contexts.set(tx, context);
  try {
    return await write();
  } finally {
    contexts.delete(tx);
  }
}

/** The territory (1–8, spec section 3) of a country given by name or code; null when unknown. */
async function territoryOf(tx: Tx, country: unknown) {
  if (typeof country !== 'string' || !country.trim()) return null;
  const iso2 = findCountry(country)?.isoCode;
  if (!iso2) return null;
  const countries = await listCountries(tx as Db);
  return countries.find((entry) => entry.iso2 === iso2)?.region ?? null;
}

/** The next user of a rule whose turn it is, the rule row locked so no two leads take one turn. */
async function takeTurn(tx: Tx, companyId: number, ruleId: number) {
  const [rule] = await tx.select().from(crmAssignmentRules).where(eq(crmAssignmentRules.id, ruleId)).for('update');
  if (!rule || rule.userIds.length === 0) return null;
  const live = await membersOf(tx, companyId, rule.userIds);
  for (let step = 0; step < rule.userIds.length; step += 1) {
    const index = (rule.nextIndex + step) % rule.userIds.length;
    const userId = rule.userIds[index];
    if (!live.has(userId)) continue;
    await tx
      .update(crmAssignmentRules)
      .set({ nextIndex: (index + 1) % rule.userIds.length })
      .where(eq(crmAssignmentRules.id, rule.id));
    return userId;
  }
  return null;
}

/** The owner the rules give a new lead, and the rule that gave it; null when no rule matches. */
export async function pickOwner(tx: Tx, companyId: number, leadId: number, context: AssignmentContext) {
  const rules = await tx
    .select()
    .from(crmAssignmentRules)
    .where(and(eq(crmAssignmentRules.companyId, companyId), eq(crmAssignmentRules.isActive, true)))
    .orderBy(asc(crmAssignmentRules.position), asc(crmAssignmentRules.id));
  if (rules.length === 0) return null;
  const lead = await findRecord(tx, companyId, { id: leadId });
  let territory: number | null | undefined;
  for (const rule of rules) {
    let matches = rule.mode === 'round_robin';
    if (rule.mode === 'territory') {
      if (territory === undefined) territory = await territoryOf(tx, lead.values.country);
      matches = territory !== null && rule.matchIds.includes(territory);
    }
    if (rule.mode === 'category') matches = (context.categoryIds ?? []).some((id) => rule.matchIds.includes(id));
    if (!matches) continue;
    const userId = await takeTurn(tx, companyId, rule.id);
    if (userId !== null) return { userId, rule, lead };
  }
  return null;
}

/** A lead was created without a chosen owner: the rules may give it one, in the same transaction. */
async function assignCreatedLead(crm: CrmHooks, tx: Tx, change: RecordChange) {
  if (change.kind !== 'created' || change.typeId !== CRM_TYPE.leads || change.ownerChosen) return;
  const picked = await pickOwner(tx, change.companyId, change.recordId, contexts.get(tx) ?? {});
  if (!picked || picked.lead.ownerId === picked.userId) return;
  const actor = { companyId: change.companyId, userId: change.actorId ?? picked.userId };
  await updateOneField(
    crm,
    tx,
    actor,
    { uniqueId: picked.lead.uniqueId, typeId: CRM_TYPE.leads, field: 'owner_id' },
    picked.userId,
  );
  await annotateEntry(tx, { recordId: change.recordId, kind: 'assigned' }, ` (rule “${picked.rule.name}”)`, {
    rule_id: picked.rule.id,
    rule_name: picked.rule.name,
  });
}

/** The owner the rules give each new lead, for crm/module.ts to connect to the app's record changes. */
export const assignCreatedLeads = (crm: CrmHooks) => (tx: Tx, change: RecordChange) =>
  assignCreatedLead(crm, tx, change);
