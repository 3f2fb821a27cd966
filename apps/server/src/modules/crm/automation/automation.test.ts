import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTOMATION_MAX_DEPTH,
  AUTOMATION_MESSAGES,
  type AutomationRule,
  type AutomationRuleInput,
  type AutomationRun,
  type AutomationShow,
} from '@tradeloop/contracts/crm/automation';
import type { Activity } from '@tradeloop/contracts/crm/activities';
import { CONTENT_TIMELINE } from '@tradeloop/contracts/crm/records';
import type { LeadStatus } from '@tradeloop/contracts/crm/leads';
import type { EnquirySummary } from '@tradeloop/contracts/quotes';
import { ROLE_MESSAGES } from '@tradeloop/contracts/accounts-roles';
import { as, createTestApp, settled, type TestUser } from '../../../../test/helpers.ts';
import { rowsOf } from '../../../db/sql.ts';
import { outboxMessages } from '../../../platform/mail.ts';
import { createProductAs, inStockProduct, loadRefs, type Refs } from '../../catalog/test-support.ts';
import { createRecord, crm, leadInfo, personOf, requestQuote, threadIndex, timelineOf } from '../test-support.ts';
import { sellerOf } from '../../market/test-support.ts';
import { notificationsTitled } from '../../notifications/public.ts';
import { MEETING_END_QUEUE, NO_REPLY_QUEUE } from './triggers.ts';

/** CRM automation (decision 041): the rule calls, every trigger, conditions, actions, idempotence, the depth bound. */

let app: FastifyInstance;
let refs: Refs;
let companies = 0;

beforeAll(async () => {
  app = await createTestApp();
  refs = await loadRefs(app);
});
afterAll(() => app.close());

/** A seller of a company of its own, so one test's rules never see another's leads. */
const freshSeller = () => {
  companies += 1;
  return sellerOf(app, { name: `Auto Pumps ${companies}`, type: 'Manufacturers', country: 'IN' });
};

async function addRule(user: TestUser, body: AutomationRuleInput) {
  const response = await crm(app, user, 'POST', 'automation/create', body);
  if (response.statusCode !== 201) throw new Error(`automation/create: ${response.statusCode} ${response.body}`);
  return response.json().data as AutomationRule;
}

async function showRule(user: TestUser, id: number, page = 1) {
  const response = await crm(app, user, 'GET', `automation/show/${id}?page=${page}`);
  expect(response.statusCode).toBe(200);
  return response.json().data as AutomationShow;
}

const runsOf = async (user: TestUser, id: number): Promise<AutomationRun[]> => (await showRule(user, id)).runs.data;

const handLead = (user: TestUser, values: Record<string, unknown> = {}) =>
  createRecord(app, user, 1, { first_name: 'Ana', last_name: 'Lopez', ...values });

async function statusId(user: TestUser, name: string) {
  const statuses = (await crm(app, user, 'GET', 'status-settings/index')).json().data as LeadStatus[];
  return statuses.find((status) => status.name === name)!.id;
}

async function setStatus(user: TestUser, leadId: number, name: string) {
  const response = await crm(app, user, 'POST', 'lead/lead-status-update', {
    lead_id: leadId,
    status_id: await statusId(user, name),
  });
  expect(response.statusCode).toBe(200);
}

const tagsOf = async (user: TestUser, leadId: number) =>
  ((await crm(app, user, 'GET', `crm/crm_tags/create_crm_tags/${leadId}`)).json().data.tags as { name: string }[]).map(
    (tag) => tag.name,
  );

const tasksOf = async (user: TestUser, leadId: number) =>
  (await crm(app, user, 'GET', `crm/task_information/list?lead_id=${leadId}`)).json().data as Activity[];

/** Delayed checks come due now (as if the hours had passed), and run. */
async function timePasses(queue: string) {
  await app.jobs.wake(queue);
  await settled(app);
}

const tagAction = (tag: string) => ({ type: 'add_tag' as const, tag });

describe('the rule calls', () => {
  it('creates, lists, shows, updates, switches, reorders and deletes rules with the contract’s messages', async () => {
    const seller = await freshSeller();
    const created = await crm(app, seller, 'POST', 'automation/create', {
      name: 'Tag quotes',
      trigger: { type: 'lead_created', sources: ['Marketplace Quote'] },
      actions: [tagAction('quote')],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe(AUTOMATION_MESSAGES.created);
    const first = created.json().data as AutomationRule;
    expect(first).toMatchObject({
      enabled: true,
      position: 0,
      trigger_summary: 'A lead is created from Marketplace Quote',
      conditions: [],
      last_run: null,
    });
    const second = await addRule(seller, { name: 'Second', trigger: { type: 'tag_added' }, actions: [tagAction('x')] });
    expect(second.position).toBe(1);

    const updated = await crm(app, seller, 'POST', `automation/update/${first.id}`, {
      name: 'Tag hot leads',
      trigger: { type: 'score_crossed', threshold: 60 },
      actions: [tagAction('hot')],
    });
    expect(updated.json()).toMatchObject({
      message: AUTOMATION_MESSAGES.updated,
      data: { name: 'Tag hot leads', trigger_summary: 'Score reaches 60 or more', position: 0 },
    });
    const disabled = await crm(app, seller, 'POST', `automation/disable/${first.id}`);
    expect(disabled.json()).toMatchObject({ message: AUTOMATION_MESSAGES.disabled, data: { enabled: false } });
    const enabled = await crm(app, seller, 'POST', `automation/enable/${first.id}`);
    expect(enabled.json()).toMatchObject({ message: AUTOMATION_MESSAGES.enabled, data: { enabled: true } });

    const reordered = await crm(app, seller, 'POST', 'automation/reorder', { ids: [second.id, first.id] });
    expect(reordered.json().message).toBe(AUTOMATION_MESSAGES.reordered);
    const index = (await crm(app, seller, 'GET', 'automation/index')).json().data as AutomationRule[];
    expect(index.map((rule) => rule.id)).toEqual([second.id, first.id]);
    expect((await crm(app, seller, 'POST', 'automation/reorder', { ids: [second.id] })).json().errors).toEqual({
      ids: [AUTOMATION_MESSAGES.reorderMismatch],
    });

    const deleted = await crm(app, seller, 'POST', `automation/delete/${second.id}`);
    expect(deleted.json()).toMatchObject({ status: true, message: AUTOMATION_MESSAGES.deleted });
    expect((await crm(app, seller, 'GET', `automation/show/${second.id}`)).statusCode).toBe(404);
  });

  it('refuses a wrong rule with 422 and a message per field', async () => {
    const seller = await freshSeller();
    const refused = async (body: Record<string, unknown>) => {
      const response = await crm(app, seller, 'POST', 'automation/create', {
        name: 'Rule',
        trigger: { type: 'lead_created' },
        actions: [tagAction('t')],
        ...body,
      });
      expect(response.statusCode).toBe(422);
      return response.json().errors as Record<string, string[]>;
    };
    expect(await refused({ name: ' ' })).toEqual({ name: [AUTOMATION_MESSAGES.nameRequired] });
    expect(await refused({ actions: [] })).toEqual({ actions: [AUTOMATION_MESSAGES.actionsRequired] });
    expect(await refused({ trigger: { type: 'score_crossed', threshold: 101 } })).toEqual({
      'trigger.threshold': [AUTOMATION_MESSAGES.thresholdRange],
    });
    expect(await refused({ trigger: { type: 'no_reply', hours: 0 } })).toEqual({
      'trigger.hours': [AUTOMATION_MESSAGES.hoursRange],
    });
    expect(await refused({ trigger: { type: 'field_changed', field: 'no_such_field' } })).toEqual({
      'trigger.field': [AUTOMATION_MESSAGES.fieldUnknown],
    });
    expect(await refused({ actions: [{ type: 'set_status', status: 'Dreaming' }] })).toEqual({
      'actions.0.status': [AUTOMATION_MESSAGES.statusUnknown],
    });
    const stranger = await freshSeller();
    expect(await refused({ actions: [{ type: 'assign_user', user_id: stranger.id }] })).toEqual({
      'actions.0.user_id': [AUTOMATION_MESSAGES.userNotMember],
    });
    expect(await refused({ actions: [{ type: 'send_email', subject: 'Hi', body: '' }] })).toEqual({
      'actions.0.body': [AUTOMATION_MESSAGES.bodyRequired],
    });
    // Conditions are checked as a list checks its filters, with the list's messages.
    const errors = await refused({ conditions: [{ id: 'lead_status', condition: 3, value: 'New' }] });
    expect(errors.conditions[0]).toMatch(/Lead status/);
  });

  it('answers 404 for another company’s rule on every route, and 403 to a role without crm.settings', async () => {
    const seller = await freshSeller();
    const other = await freshSeller();
    const rule = await addRule(seller, { name: 'Mine', trigger: { type: 'lead_created' }, actions: [tagAction('a')] });
    const body = { name: 'Theirs', trigger: { type: 'lead_created' }, actions: [tagAction('b')] };
    const calls: [method: 'GET' | 'POST', path: string, payload?: unknown][] = [
      ['GET', `automation/show/${rule.id}`],
      ['POST', `automation/update/${rule.id}`, body],
      ['POST', `automation/enable/${rule.id}`],
      ['POST', `automation/disable/${rule.id}`],
      ['POST', `automation/delete/${rule.id}`],
      ['POST', 'automation/reorder', { ids: [rule.id] }],
    ];
    for (const [method, path, payload] of calls)
      expect((await crm(app, other, method, path, payload)).statusCode, path).toBe(404);
    expect((await crm(app, other, 'GET', 'automation/index')).json().data).toEqual([]);

    const sales = await personOf(app, 'subuser', { name: 'Sam Sales', parent: seller });
    for (const [method, path, payload] of [
      ...calls,
      ['GET', 'automation/index'] as const,
      ['POST', 'automation/create', body] as const,
    ]) {
      const response = await crm(app, sales, method, path, payload);
      expect(response.statusCode, path).toBe(403);
      expect(response.json().message).toBe(ROLE_MESSAGES.forbidden);
    }
    expect((await showRule(seller, rule.id)).rule.name).toBe('Mine');
  });
});

describe('triggers', () => {
  it('lead created, only from the given sources; the run log links the lead', async () => {
    const seller = await freshSeller();
    const rule = await addRule(seller, {
      name: 'Quotes get a tag',
      trigger: { type: 'lead_created', sources: ['Marketplace Quote'] },
      actions: [tagAction('from-quote')],
    });
    const manual = await handLead(seller, { lead_source: 'Website' });
    expect(await runsOf(seller, rule.id)).toEqual([]);
    const quoted = await handLead(seller, { lead_source: 'Marketplace Quote' });
    const [run] = await runsOf(seller, rule.id);
    expect(run).toMatchObject({
      status: 'done',
      depth: 0,
      lead: { id: quoted.id, unique_id: quoted.unique_id },
      steps: [{ action: 'add_tag', result: 'Tag “from-quote” added.' }],
      error: null,
    });
    expect(await tagsOf(seller, quoted.id)).toEqual(['from-quote']);
    expect(await tagsOf(seller, manual.id)).toEqual([]);
    const index = (await crm(app, seller, 'GET', 'automation/index')).json().data as AutomationRule[];
    expect(index[0].last_run).toMatchObject({ status: 'done' });
  });

  it('status changed, from and to', async () => {
    const seller = await freshSeller();
    const rule = await addRule(seller, {
      name: 'Contacted from New',
      trigger: { type: 'status_changed', from: 'New', to: 'Contacted' },
      actions: [tagAction('contacted')],
    });
    const lead = await handLead(seller);
    await setStatus(seller, lead.id, 'Qualified');
    expect(await runsOf(seller, rule.id)).toEqual([]);
    const other = await handLead(seller);
    await setStatus(seller, other.id, 'Contacted');
    expect((await runsOf(seller, rule.id)).map((run) => [run.lead?.id, run.status])).toEqual([[other.id, 'done']]);
  });

  it('a field changed', async () => {
    const seller = await freshSeller();
    const rule = await addRule(seller, {
      name: 'Company changed',
      trigger: { type: 'field_changed', field: 'company' },
      actions: [tagAction('company-changed')],
    });
    const lead = await handLead(seller, { company: 'Old Co' });
    const inline = (field: string, value: string) =>
      crm(app, seller, 'POST', 'crm/update_datalisting_fields', {
        unique_id: lead.unique_id,
        crm_user_form_unique_id: lead.crm_user_form_unique_id,
        type_id: 1,
        form_input_list_id: field,
        value,
      });
    await inline('city', 'Pune');
    expect(await runsOf(seller, rule.id)).toEqual([]);
    await inline('company', 'New Co');
    expect((await runsOf(seller, rule.id))[0]).toMatchObject({ status: 'done', lead: { id: lead.id } });
  });

  it('the score reaches a threshold: once on the way up, not again while above it', async () => {
    const seller = await freshSeller();
    const rule = await addRule(seller, {
      name: 'Warm leads',
      trigger: { type: 'score_crossed', threshold: 5 },
      actions: [tagAction('warm')],
    });
    const cold = await handLead(seller, {});
    expect(await runsOf(seller, rule.id)).toEqual([]);
    const warm = await handLead(seller, { email: 'warm@example.test', phone: '+34 600 000 001', company: 'Warm Co' });
    expect((await runsOf(seller, rule.id)).map((run) => run.lead?.id)).toEqual([warm.id]);
    expect(await tagsOf(seller, warm.id)).toEqual(['warm']);
    expect(await tagsOf(seller, cold.id)).toEqual([]);
    // A change that moves the score but stays above the threshold does not run it again.
    await crm(app, seller, 'POST', 'crm/update_datalisting_fields', {
      unique_id: warm.unique_id,
      crm_user_form_unique_id: warm.crm_user_form_unique_id,
      type_id: 1,
      form_input_list_id: 'country',
      value: 'Spain',
    });
    expect(await runsOf(seller, rule.id)).toHaveLength(1);
  });

  it('a tag added, by its name in any case', async () => {
    const seller = await freshSeller();
    const rule = await addRule(seller, {
      name: 'VIP',
      trigger: { type: 'tag_added', tag: 'vip' },
      actions: [{ type: 'set_status', status: 'Qualified' }],
    });
    const lead = await handLead(seller);
    const tag = (names: string[]) =>
      crm(app, seller, 'PUT', `crm/crm_tags/create_crm_tags/${lead.id}`, { tag_ids: [], names });
    await tag(['later']);
    expect(await runsOf(seller, rule.id)).toEqual([]);
    await tag(['later', 'VIP']);
    expect((await runsOf(seller, rule.id))[0]).toMatchObject({
      status: 'done',
      steps: [{ action: 'set_status', result: 'Status set to Qualified.' }],
    });
    expect((await leadInfo(app, seller, lead.id)).values.lead_status).toBe('Qualified');
  });

  it('a meeting ended: marked held, or its end time passed, once per meeting', async () => {
    const seller = await freshSeller();
    const rule = await addRule(seller, {
      name: 'Follow up meetings',
      trigger: { type: 'meeting_ended' },
      actions: [{ type: 'create_task', subject: 'Send the minutes', due_in: 1, due_unit: 'days' }],
    });
    const lead = await handLead(seller);
    const meeting = async (body: Record<string, unknown>) => {
      const response = await crm(app, seller, 'POST', 'crm/meeting_information/create', {
        lead_id: lead.id,
        subject: 'Plant visit',
        ...body,
      });
      expect(response.statusCode).toBeLessThan(300);
      return response.json().data as Activity;
    };
    const soon = new Date(Date.now() + 3_600_000);
    const later = await meeting({ starts_at: new Date().toISOString(), ends_at: soon.toISOString() });
    expect(await runsOf(seller, rule.id)).toEqual([]);
    // Marked held before its end: it ran then, and its end coming changes nothing.
    await meeting({ id: later.id, status: 'held' });
    expect(await runsOf(seller, rule.id)).toHaveLength(1);
    await timePasses(MEETING_END_QUEUE);
    expect(await runsOf(seller, rule.id)).toHaveLength(1);
    expect((await tasksOf(seller, lead.id)).map((task) => task.subject)).toEqual(['Send the minutes']);

    // One left scheduled runs at its end; one cancelled before its end does not.
    const scheduled = await meeting({ starts_at: new Date().toISOString(), ends_at: soon.toISOString() });
    const cancelled = await meeting({ starts_at: new Date().toISOString(), ends_at: soon.toISOString() });
    await meeting({ id: cancelled.id, status: 'cancelled' });
    await timePasses(MEETING_END_QUEUE);
    const keys = (await runsOf(seller, rule.id)).map((run) => run.trigger_key);
    expect(keys).toEqual([`meeting:${scheduled.id}`, `meeting:${later.id}`]);
  });

  it('no reply to a quote request within N hours, through the quotes module', async () => {
    const seller = await freshSeller();
    const sub = await personOf(app, 'subuser', { name: 'Nina Follow', parent: seller });
    const product = (await createProductAs(app, seller, inStockProduct(refs))).id;
    // Before the company has such a rule its quotes are not watched: no delivery is even written.
    const watches = async () =>
      rowsOf<{ count: number }>(
        await app.db.execute(sql`select count(*)::int as count from jobs j join domain_events e on e.id = j.event_id
          where j.queue = 'event:automation.quote-watch' and (e.payload->>'sellerUserId')::bigint = ${seller.id}`),
      )[0].count;
    const early = await personOf(app, 'buyer', { name: 'Erin Early' });
    expect((await requestQuote(app, early, seller, product)).statusCode).toBe(201);
    expect(await watches()).toBe(0);
    const rule = await addRule(seller, {
      name: 'Unanswered quotes',
      trigger: { type: 'no_reply', hours: 4 },
      actions: [{ type: 'notify', user_id: sub.id, message: 'No answer yet to {first_name}' }],
    });
    const answered = await personOf(app, 'buyer', { name: 'Anna Answered' });
    const waiting = await personOf(app, 'buyer', { name: 'Walt Waiting' });
    expect((await requestQuote(app, answered, seller, product)).statusCode).toBe(201);
    expect((await requestQuote(app, waiting, seller, product)).statusCode).toBe(201);
    // Nothing runs before the hours pass.
    await settled(app);
    expect(await runsOf(seller, rule.id)).toEqual([]);
    const planned = rowsOf<{ run_at: Date }>(
      await app.db.execute(sql`select run_at from jobs where queue = ${NO_REPLY_QUEUE} and status = 'queued'`),
    );
    expect(planned).toHaveLength(2);
    expect(await watches()).toBe(2);
    expect(new Date(planned[0].run_at).getTime()).toBeGreaterThan(Date.now() + 3.9 * 3_600_000);

    const index = (await as(app, seller, { method: 'GET', url: '/api/v1/enquiry/index?type=received' })).json().data;
    const enquiries = (Array.isArray(index) ? index : index.data) as EnquirySummary[];
    const toAnswer = enquiries.find((enquiry) => enquiry.enquiry_user_id === answered.id)!;
    const answer = await as(app, seller, {
      method: 'POST',
      url: '/api/v1/enquiry/answer',
      payload: { id: toAnswer.id, unit_price: 12, validity_days: 7 },
    });
    expect(answer.statusCode).toBe(200);

    await timePasses(NO_REPLY_QUEUE);
    const runs = await runsOf(seller, rule.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'done', steps: [{ action: 'notify', result: 'Nina Follow notified.' }] });
    expect(runs[0].lead?.title).toMatch(/Walt/);
    const notes = await notificationsTitled(app.db, sub.id, AUTOMATION_MESSAGES.notificationTitle('Unanswered quotes'));
    expect(notes).toHaveLength(1);
    expect(notes[0].body).toMatch(/^No answer yet to Walt/);
  });
});

describe('conditions: the lists’ filter conditions on the one lead', () => {
  it('runs on leads that match every condition and logs the others as skipped', async () => {
    const seller = await freshSeller();
    const rule = await addRule(seller, {
      name: 'Spanish pump buyers',
      trigger: { type: 'lead_created' },
      conditions: [
        { id: 'country', condition: 1, value: ['Spain', 'Portugal'] }, // is
        { id: 'email', condition: 6, value: '@iberia.test' }, // ends with
        { id: 'company', condition: 3, value: 'pump' }, // contains
        { id: 'website', condition: 7 }, // is empty
        { id: 'lead_status', condition: 5, value: 'Lost' }, // is not
      ],
      actions: [tagAction('iberia')],
    });
    const match = await handLead(seller, { country: 'Spain', email: 'a@iberia.test', company: 'Big Pumps SL' });
    const wrongMail = await handLead(seller, { country: 'Spain', email: 'a@else.test', company: 'Pumps SL' });
    const hasSite = await handLead(seller, {
      country: 'Portugal',
      email: 'b@iberia.test',
      company: 'Pump Lda',
      website: 'https://pump.pt',
    });
    const otherCountry = await handLead(seller, { country: 'France', email: 'c@iberia.test', company: 'Pompes' });
    const byLead = new Map((await runsOf(seller, rule.id)).map((run) => [run.lead?.id, run]));
    expect(byLead.get(match.id)).toMatchObject({ status: 'done' });
    for (const lead of [wrongMail, hasSite, otherCountry])
      expect(byLead.get(lead.id)).toMatchObject({ status: 'skipped', error: AUTOMATION_MESSAGES.conditionsNotMet });
    expect(await tagsOf(seller, match.id)).toEqual(['iberia']);
  });

  it('reads external fields of the lists too: the tags and the score', async () => {
    const seller = await freshSeller();
    const rule = await addRule(seller, {
      name: 'Tagged and scored',
      trigger: { type: 'field_changed', field: 'city' },
      conditions: [
        { id: 'tags', condition: 1, value: ['key'] },
        { id: 'lead_score', condition: 12, value: 1 },
      ],
      actions: [tagAction('seen')],
    });
    const lead = await handLead(seller, { email: 'x@y.test' });
    const edit = (value: string) =>
      crm(app, seller, 'POST', 'crm/update_datalisting_fields', {
        unique_id: lead.unique_id,
        crm_user_form_unique_id: lead.crm_user_form_unique_id,
        type_id: 1,
        form_input_list_id: 'city',
        value,
      });
    await edit('Lyon');
    await crm(app, seller, 'PUT', `crm/crm_tags/create_crm_tags/${lead.id}`, { tag_ids: [], names: ['key'] });
    await edit('Nice');
    expect((await runsOf(seller, rule.id)).map((run) => run.status)).toEqual(['done', 'skipped']);
  });
});

describe('actions', () => {
  it('assigns to a user and creates a task due after the run, for the new owner', async () => {
    const seller = await freshSeller();
    const sub = await personOf(app, 'subuser', { name: 'Sara Sub', parent: seller });
    await addRule(seller, {
      name: 'Hand to Sara',
      trigger: { type: 'lead_created' },
      actions: [
        { type: 'assign_user', user_id: sub.id },
        { type: 'create_task', subject: 'Call {first_name}', due_in: 2, due_unit: 'hours' },
      ],
    });
    const before = Date.now();
    const lead = await handLead(seller);
    expect((await leadInfo(app, seller, lead.id)).owner?.id).toBe(sub.id);
    const [task] = await tasksOf(seller, lead.id);
    expect(task).toMatchObject({ subject: 'Call Ana', owner: { id: sub.id } });
    const due = Date.parse(task.due_at!);
    expect(due).toBeGreaterThanOrEqual(before + 2 * 3_600_000 - 1_000);
    expect(due).toBeLessThan(Date.now() + 2 * 3_600_000 + 1_000);
  });

  it('assigns by the assignment rules', async () => {
    const seller = await freshSeller();
    const sub = await personOf(app, 'subuser', { name: 'Rob Robin', parent: seller });
    // The lead is made before the assignment rule, so it stays the seller's until the automation applies the rules.
    const lead = await handLead(seller);
    const assignment = await crm(app, seller, 'POST', 'lead/assignment-rules', {
      name: 'Everyone',
      mode: 'round_robin',
      user_ids: [sub.id],
    });
    expect(assignment.statusCode).toBe(200);
    const rule = await addRule(seller, {
      name: 'Route tagged',
      trigger: { type: 'tag_added', tag: 'route' },
      actions: [{ type: 'assign_by_rules' }],
    });
    await crm(app, seller, 'PUT', `crm/crm_tags/create_crm_tags/${lead.id}`, { tag_ids: [], names: ['route'] });
    expect((await runsOf(seller, rule.id))[0].steps[0].result).toBe('Assigned to Rob Robin by the rule “Everyone”.');
    expect((await leadInfo(app, seller, lead.id)).owner?.id).toBe(sub.id);
  });

  it('sets the status, adds and removes tags, e-mails from a template and notifies the owner', async () => {
    const seller = await freshSeller();
    const rule = await addRule(seller, {
      name: 'Welcome',
      trigger: { type: 'lead_created' },
      actions: [
        { type: 'set_status', status: 'Contacted' },
        tagAction('welcomed'),
        { type: 'remove_tag', tag: 'new' },
        { type: 'send_email', subject: 'Hello {first_name}', body: 'Dear {first_name} {last_name} of {company},' },
        { type: 'notify', message: '{first_name} was welcomed' },
      ],
    });
    const email = 'ana.welcome@example.test';
    const lead = await handLead(seller, { email, company: 'Lopez Riego' });
    const [run] = await runsOf(seller, rule.id);
    expect(run.steps.map((step) => step.result)).toEqual([
      'Status set to Contacted.',
      'Tag “welcomed” added.',
      'The lead did not have the tag “new”.',
      `E-mail “Hello Ana” sent to ${email}.`,
      `${'Auto Pumps'} ${companies} Sales notified.`,
    ]);
    expect((await leadInfo(app, seller, lead.id)).values.lead_status).toBe('Contacted');
    const history = (await timelineOf(app, seller, lead.id)).map((entry) => entry.summary);
    expect(history).toContain(`${CONTENT_TIMELINE.emailSent('Hello Ana', [email])} (automation “Welcome”)`);
    expect(history.some((line) => line.includes('Contacted') && line.endsWith('(automation “Welcome”)'))).toBe(true);
    const [mail] = await outboxMessages(app.db, { recipient: email });
    expect(mail).toMatchObject({ subject: 'Hello Ana', bodyText: 'Dear Ana Lopez of Lopez Riego,' });
    // Among the lead's e-mails, as the copy of what went out, written by the rule's author.
    const { unique_id } = await leadInfo(app, seller, lead.id);
    const emails = (await crm(app, seller, 'GET', `crm/emails/create_emails?crm_unique_id=${unique_id}`)).json().data;
    expect(emails).toMatchObject([
      {
        status: 'sent',
        to: [email],
        subject: 'Hello Ana',
        body: '<p>Dear Ana Lopez of Lopez Riego,</p>',
        outbox_id: mail.id,
        author: { id: seller.id },
      },
    ]);
    const notes = await notificationsTitled(app.db, seller.id, AUTOMATION_MESSAGES.notificationTitle('Welcome'));
    expect(notes).toMatchObject([{ body: 'Ana was welcomed', link: `/crm/leads/${lead.id}` }]);

    const removing = await addRule(seller, {
      name: 'Untag',
      trigger: { type: 'tag_added', tag: 'done' },
      actions: [{ type: 'remove_tag', tag: 'WELCOMED' }],
    });
    await crm(app, seller, 'PUT', `crm/crm_tags/create_crm_tags/${lead.id}`, {
      tag_ids: [],
      names: ['welcomed', 'done'],
    });
    expect((await runsOf(seller, removing.id))[0].steps[0].result).toBe('Tag “welcomed” removed.');
    expect(await tagsOf(seller, lead.id)).toEqual(['done']);
  });

  it('a failing action undoes the run’s other changes and the log says why', async () => {
    const seller = await freshSeller();
    const rule = await addRule(seller, {
      name: 'Mail everyone',
      trigger: { type: 'lead_created' },
      actions: [tagAction('mailed'), { type: 'send_email', subject: 'Hi', body: 'Hello' }],
    });
    const lead = await handLead(seller);
    const [run] = await runsOf(seller, rule.id);
    expect(run).toMatchObject({ status: 'failed', error: AUTOMATION_MESSAGES.noEmail });
    expect(run.steps).toEqual([{ action: 'add_tag', result: 'Tag “mailed” added.' }]);
    expect(await tagsOf(seller, lead.id)).toEqual([]);
  });
});

describe('running', () => {
  it('runs the rules of a trigger in their order, each seeing what the ones before did', async () => {
    const seller = await freshSeller();
    const qualify = await addRule(seller, {
      name: 'Qualify',
      trigger: { type: 'lead_created' },
      actions: [{ type: 'set_status', status: 'Qualified' }],
    });
    const celebrate = await addRule(seller, {
      name: 'Celebrate qualified',
      trigger: { type: 'lead_created' },
      conditions: [{ id: 'lead_status', condition: 1, value: ['Qualified'] }],
      actions: [tagAction('qualified')],
    });
    const first = await handLead(seller);
    expect(await tagsOf(seller, first.id)).toEqual(['qualified']);
    await crm(app, seller, 'POST', 'automation/reorder', { ids: [celebrate.id, qualify.id] });
    await handLead(seller);
    expect((await runsOf(seller, celebrate.id)).map((run) => run.status)).toEqual(['skipped', 'done']);
  });

  it('runs a rule once for an event delivered twice', async () => {
    const seller = await freshSeller();
    const rule = await addRule(seller, {
      name: 'Once',
      trigger: { type: 'lead_created' },
      actions: [tagAction('once')],
    });
    const lead = await handLead(seller);
    const [delivery] = rowsOf<{ event_id: number; payload: unknown }>(
      await app.db.execute(sql`select j.event_id::float8 as event_id, j.payload from jobs j
        where j.queue = 'event:automation.lead-created' and j.payload->>'leadId' = ${String(lead.id)}`),
    );
    // The same event again, as a second delivery would bring it (a new job for the same event id).
    await app.db.transaction((tx) =>
      app.jobs.enqueue(tx, [
        { queue: 'event:automation.lead-created', key: 'again', eventId: delivery.event_id, payload: delivery.payload },
      ]),
    );
    await settled(app);
    const runs = await runsOf(seller, rule.id);
    expect(runs).toHaveLength(1);
    expect(runs[0].trigger_key).toBe(String(delivery.event_id));
    expect(await tagsOf(seller, lead.id)).toEqual(['once']);
  });

  it('stops rules that trigger one another at the depth bound, and logs it', async () => {
    const seller = await freshSeller();
    const ping = await addRule(seller, {
      name: 'Ping',
      trigger: { type: 'status_changed', to: 'Contacted' },
      actions: [{ type: 'set_status', status: 'Qualified' }],
    });
    const pong = await addRule(seller, {
      name: 'Pong',
      trigger: { type: 'status_changed', to: 'Qualified' },
      actions: [{ type: 'set_status', status: 'Contacted' }],
    });
    const lead = await handLead(seller);
    await setStatus(seller, lead.id, 'Contacted');
    const runs = [...(await runsOf(seller, ping.id)), ...(await runsOf(seller, pong.id))].sort(
      (a, b) => a.depth - b.depth,
    );
    expect(runs.map((run) => [run.depth, run.status])).toEqual([
      ...Array.from({ length: AUTOMATION_MAX_DEPTH + 1 }, (_, depth) => [depth, 'done']),
      [AUTOMATION_MAX_DEPTH + 1, 'stopped'],
    ]);
    expect(runs.at(-1)!.error).toBe(AUTOMATION_MESSAGES.stopped(AUTOMATION_MAX_DEPTH + 1));
    // The lead is left as the last run to act put it.
    expect((await leadInfo(app, seller, lead.id)).values.lead_status).toBe(
      AUTOMATION_MAX_DEPTH % 2 === 0 ? 'Qualified' : 'Contacted',
    );
  });

  it('does not run a disabled rule', async () => {
    const seller = await freshSeller();
    const rule = await addRule(seller, {
      name: 'Off',
      trigger: { type: 'lead_created' },
      actions: [tagAction('off')],
      enabled: false,
    });
    await handLead(seller);
    expect(await runsOf(seller, rule.id)).toEqual([]);
  });

  it('turns a marketplace quote into a scored lead, assigned with its task, as the issue’s story', async () => {
    const seller = await freshSeller();
    const sub = await personOf(app, 'subuser', { name: 'Quinn Quote', parent: seller });
    const rule = await addRule(seller, {
      name: 'Hot quotes',
      trigger: { type: 'score_crossed', threshold: 20 },
      conditions: [{ id: 'lead_source', condition: 1, value: ['Marketplace Quote'] }],
      actions: [
        { type: 'assign_user', user_id: sub.id },
        { type: 'create_task', subject: 'Call {first_name}', due_in: 2, due_unit: 'hours' },
      ],
    });
    const product = (await createProductAs(app, seller, inStockProduct(refs))).id;
    const buyer = await personOf(app, 'buyer', {
      name: 'Vera Verified',
      profile: { country: 'DE', city: 'Berlin', mobile_code: '49', mobile: '1512345670' },
    });
    expect((await requestQuote(app, buyer, seller, product, { quantity: 500 })).statusCode).toBe(201);
    const [thread] = (await threadIndex(app, seller)).data;
    const runs = await runsOf(seller, rule.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'done', lead: { id: thread.lead.id } });
    expect((await leadInfo(app, seller, thread.lead.id)).owner?.id).toBe(sub.id);
    expect((await tasksOf(seller, thread.lead.id)).map((task) => task.owner?.id)).toEqual([sub.id]);
  });
});
