import { type Action, AUTOMATION_MESSAGES, DUE_UNIT_MINUTES } from '@tradeloop/contracts/crm/automation';
import { CRM_TYPE, type FieldValue, type RecordValues } from '@tradeloop/contracts/crm/records';
import type { ActivityInput } from '@tradeloop/contracts/crm/activities';
import type { Tx } from '../../../db/client.ts';
import type { CrmHooks } from '../records/hooks.ts';
import type { Mailer } from '../../../platform/mail.ts';
import { findPeople } from '../../accounts/public.ts';
import { findRecord } from '../records/read.ts';
import { updateOneField } from '../records/service.ts';
import { saveActivity } from '../activities/service.ts';
import { assignLeads, pickOwner } from '../leads/assignment.ts';
import { recordSentEmail } from '../emails/service.ts';
import { annotateEntry, listStatuses, setLeadStatus } from '../leads/statuses.ts';
import { setRecordTags, tagsOfRecord } from '../tags/service.ts';
import { createNotification } from '../../notifications/public.ts';

/*
 * What a rule's actions do to a lead (decision 041), each through the service of the module that owns
 * the data. Each answers a line for the run log, or throws: the run is then undone and logged failed.
 */

export type ActionContext = {
  tx: Tx;
  mailer: Mailer;
  crm: CrmHooks;
  companyId: number;
  leadId: number;
  rule: { name: string; createdBy: number };
  now: Date;
};

/** A failure of an action the run log shows as it is (not a bug of ours). */
export class ActionFailed extends Error {}

const actorOf = (context: ActionContext) => ({ companyId: context.companyId, userId: context.rule.createdBy });
const leadOf = (context: ActionContext) =>
  findRecord(context.tx, context.companyId, { id: context.leadId, typeId: CRM_TYPE.leads });

const showValue = (value: FieldValue | undefined) =>
  value === undefined || value === null ? '' : Array.isArray(value) ? value.join(', ') : String(value);

/** {field_name} becomes the lead's value of that field (empty when it has none). */
export function fillPlaceholders(template: string, values: RecordValues) {
  return template.replace(/\{([a-zA-Z0-9_]+)\}/g, (_match, name: string) => showValue(values[name]));
}

/** The history line the action's CRM change wrote says which rule made it. */
const byRule = (context: ActionContext, kind: 'status_changed' | 'assigned') =>
  annotateEntry(context.tx, { recordId: context.leadId, kind }, ` (automation “${context.rule.name}”)`, {
    automation_rule: context.rule.name,
  });

async function personName(tx: Tx, companyId: number, userId: number) {
  const [person] = await findPeople(tx, { ids: [userId], companyId, live: true });
  return person?.name ?? `user ${userId}`;
}

async function assignByRules(context: ActionContext) {
  const picked = await pickOwner(context.tx, context.companyId, context.leadId, {});
  if (!picked) return 'No assignment rule matched the lead; its owner stays.';
  await updateOneField(
    context.crm,
    context.tx,
    actorOf(context),
    { uniqueId: picked.lead.uniqueId, typeId: CRM_TYPE.leads, field: 'owner_id' },
    picked.userId,
  );
  await byRule(context, 'assigned');
  return `Assigned to ${await personName(context.tx, context.companyId, picked.userId)} by the rule “${picked.rule.name}”.`;
}

async function setStatus(context: ActionContext, name: string) {
  const statuses = await listStatuses(context.crm, context.tx, context.companyId);
  const status = statuses.find((candidate) => candidate.name.toLowerCase() === name.trim().toLowerCase());
  if (!status) throw new ActionFailed(AUTOMATION_MESSAGES.statusUnknown);
  const lead = await leadOf(context);
  if (lead.values.lead_status === status.name) return `The status was already ${status.name}.`;
  await setLeadStatus(context.crm, context.tx, actorOf(context), { lead_id: context.leadId, status_id: status.id });
  await byRule(context, 'status_changed');
  return `Status set to ${status.name}.`;
}

async function changeTag(context: ActionContext, tag: string, add: boolean) {
  const current = await tagsOfRecord(context.tx, context.leadId);
  const held = current.find((candidate) => candidate.name.toLowerCase() === tag.trim().toLowerCase());
  if (add && held) return `The lead already had the tag “${held.name}”.`;
  if (!add && !held) return `The lead did not have the tag “${tag}”.`;
  const keep = current.filter((candidate) => candidate !== held).map((candidate) => candidate.id);
  await setRecordTags(context.crm, context.tx, actorOf(context), context.leadId, {
    tag_ids: keep,
    names: add ? [tag] : [],
  });
  return add ? `Tag “${tag}” added.` : `Tag “${held!.name}” removed.`;
}

async function createTask(context: ActionContext, action: Extract<Action, { type: 'create_task' }>) {
  const lead = await leadOf(context);
  const dueAt = new Date(context.now.getTime() + action.due_in * DUE_UNIT_MINUTES[action.due_unit] * 60_000);
  const ownerId = lead.ownerId ?? context.rule.createdBy;
  const input: ActivityInput = {
    lead_id: context.leadId,
    subject: fillPlaceholders(action.subject, lead.values),
    due_at: dueAt.toISOString(),
    owner_id: ownerId,
  };
  const saved = await saveActivity(context.tx, actorOf(context), 'task', undefined, input);
  const owner = await personName(context.tx, context.companyId, ownerId);
  return `Task “${saved.activity.subject}” for ${owner}, due ${dueAt.toISOString()}.`;
}

async function sendEmail(context: ActionContext, action: Extract<Action, { type: 'send_email' }>) {
  const lead = await leadOf(context);
  const to = typeof lead.values.email === 'string' ? lead.values.email.trim() : '';
  if (!to) throw new ActionFailed(AUTOMATION_MESSAGES.noEmail);
  const subject = fillPlaceholders(action.subject, lead.values);
  const text = fillPlaceholders(action.body, lead.values);
  const outboxId = await context.mailer.queue(context.tx, { to, subject, text });
  // Kept among the lead's e-mails, as one a salesperson wrote is.
  await recordSentEmail(
    context.tx,
    actorOf(context),
    { recordId: context.leadId, to: [to], subject, text, outboxId },
    { note: ` (automation “${context.rule.name}”)`, details: { automation_rule: context.rule.name } },
  );
  return `E-mail “${subject}” sent to ${to}.`;
}

async function notify(context: ActionContext, action: Extract<Action, { type: 'notify' }>) {
  const lead = await leadOf(context);
  const userId = action.user_id ?? lead.ownerId;
  if (!userId) throw new ActionFailed(AUTOMATION_MESSAGES.noOwner);
  const [member] = await findPeople(context.tx, { ids: [userId], companyId: context.companyId, live: true });
  if (!member) throw new ActionFailed(AUTOMATION_MESSAGES.userNotMember);
  await createNotification(context.tx, {
    userId,
    type: 'enquiries',
    title: AUTOMATION_MESSAGES.notificationTitle(context.rule.name),
    body: fillPlaceholders(action.message, lead.values),
    link: `/crm/leads/${context.leadId}`,
    data: { lead_id: context.leadId },
  });
  return `${member.name} notified.`;
}

/** Does one action; answers what it did, for the run log. */
export async function perform(context: ActionContext, action: Action): Promise<string> {
  switch (action.type) {
    case 'assign_user': {
      const { owner } = await assignLeads(context.crm, context.tx, actorOf(context), {
        lead_id: context.leadId,
        user_id: action.user_id,
      });
      await byRule(context, 'assigned');
      return `Assigned to ${owner.full_name}.`;
    }
    case 'assign_by_rules':
      return assignByRules(context);
    case 'set_status':
      return setStatus(context, action.status);
    case 'add_tag':
    case 'remove_tag':
      return changeTag(context, action.tag, action.type === 'add_tag');
    case 'create_task':
      return createTask(context, action);
    case 'send_email':
      return sendEmail(context, action);
    case 'notify':
      return notify(context, action);
  }
}
