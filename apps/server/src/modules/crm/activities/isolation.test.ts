import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activity } from '@tradeloop/contracts/crm/activities';
import { createTestApp, signUp, type TestUser } from '../../../../test/helpers.ts';
import { createRecord, crm } from '../test-support.ts';
import { crmEmails } from '../emails/tables.ts';

/** Company A's activities and records, reached by company B with A's ids: 404, like a missing id. */
let app: FastifyInstance;
let owner: TestUser;
let intruder: TestUser;
const a = {} as {
  lead: { id: number };
  contact: { id: number };
  account: { id: number };
  deal: { id: number };
  task: Activity;
  meeting: Activity;
  call: Activity;
};

const kinds = [
  ['task', 'crm/task_information'],
  ['meeting', 'crm/meeting_information'],
  ['call', 'crm/call_information'],
] as const;

beforeAll(async () => {
  app = await createTestApp();
  owner = await signUp(app, 'seller');
  intruder = await signUp(app, 'seller');
  a.account = await createRecord(app, owner, 3, { account_name: 'Secret Account' });
  a.contact = await createRecord(app, owner, 4, { first_name: 'Secret', account: a.account.id });
  a.deal = await createRecord(app, owner, 2, { deal_name: 'Secret Deal', account: a.account.id });
  a.lead = await createRecord(app, owner, 1, { first_name: 'Secret Lead' });
  const make = async (path: string, body: Record<string, unknown>) =>
    (await crm(app, owner, 'POST', `${path}/create`, { lead_id: a.lead.id, ...body })).json().data as Activity;
  a.task = await make('crm/task_information', { subject: 'Secret task', due_at: '2030-06-01T10:00:00Z' });
  a.meeting = await make('crm/meeting_information', {
    subject: 'Secret meeting',
    starts_at: '2030-06-01T10:00:00Z',
    ends_at: '2030-06-01T11:00:00Z',
    participants: [{ email: 'secret@example.test' }],
  });
  a.call = await make('crm/call_information', { subject: 'Secret call', starts_at: '2030-06-01T12:00:00Z' });
  await app.db.insert(crmEmails).values({
    companyId: owner.companyId!,
    recordId: a.lead.id,
    authorId: owner.id,
    subject: 'Secret e-mail',
  });
});
afterAll(() => app.close());

describe('tenant isolation of tasks, meetings and calls', () => {
  const notFound = async (method: 'GET' | 'POST' | 'DELETE', path: string, payload?: unknown) => {
    const response = await crm(app, intruder, method, path, payload);
    expect(response.statusCode, `${method} ${path}`).toBe(404);
  };

  it('another company’s activity id: create with id, update, destroy, show and the .ics', async () => {
    for (const [kind, path] of kinds) {
      const id = a[kind].id;
      await notFound('POST', `${path}/create`, { id, subject: 'Hacked' });
      await notFound('POST', `${path}/update/${id}`, { subject: 'Hacked' });
      await notFound('DELETE', `${path}/destroy/${id}`);
      await notFound('GET', `crm/task_information/show_details/${id}`);
    }
    await notFound('GET', `lead/task/show?id=${a.task.id}`);
    await notFound('GET', `meeting/show?id=${a.meeting.id}`);
    await notFound('GET', `call/show?id=${a.call.id}`);
    await notFound('GET', `crm/meeting_information/ics/${a.meeting.id}`);
    // Nothing changed.
    const task = (await crm(app, owner, 'GET', `crm/task_information/show_details/${a.task.id}`)).json().data;
    expect(task.subject).toBe('Secret task');
  });

  it('another company’s record id: create on it, move onto it, list and index by it, the per-record lists', async () => {
    const own = (await crm(app, intruder, 'POST', 'crm/task_information/create', { subject: 'Mine' })).json().data;
    for (const [, path] of kinds) {
      await notFound('POST', `${path}/create`, {
        lead_id: a.lead.id,
        subject: 'On their lead',
        starts_at: '2030-01-01T10:00:00Z',
        ends_at: '2030-01-01T11:00:00Z',
      });
      await notFound('GET', `${path}/list?lead_id=${a.lead.id}`);
      await notFound('GET', `${path}/list?deal_id=${a.deal.id}`);
      await notFound('POST', `${path}/index`, { contact_id: a.contact.id });
    }
    await notFound('POST', `crm/task_information/update/${own.id}`, { account_id: a.account.id });
    await notFound('GET', `lead/task/list/${a.lead.id}`);
    await notFound('GET', `contact/activity/list/${a.contact.id}`);
    await notFound('GET', `account/activity/list/${a.account.id}`);
    await notFound('GET', `deal/activity/list/${a.deal.id}`);
  });

  it('another company’s user as owner or participant is refused', async () => {
    const owned = await crm(app, intruder, 'POST', 'crm/task_information/create', { subject: 'x', owner_id: owner.id });
    expect(owned.statusCode).toBe(422);
    const invited = await crm(app, intruder, 'POST', 'crm/meeting_information/create', {
      subject: 'x',
      starts_at: '2030-01-01T10:00:00Z',
      ends_at: '2030-01-01T11:00:00Z',
      participants: [{ user_id: owner.id }],
    });
    expect(invited.statusCode).toBe(422);
  });

  it('indexes, the calendar and the boards show only the caller’s company', async () => {
    for (const [, path] of kinds) {
      const page = (await crm(app, intruder, 'POST', `${path}/index`, {})).json().data;
      expect(page.data.some((item: Activity) => item.subject.startsWith('Secret'))).toBe(false);
    }
    const range = await crm(
      app,
      intruder,
      'GET',
      'crm/task_information/all-call-task-meeting?from=2030-06-01T00:00:00Z&to=2030-06-02T00:00:00Z',
    );
    expect(range.json().data).toEqual([]);
    for (const board of ['task', 'meeting', 'call', 'email']) {
      const data = (await crm(app, intruder, 'GET', `${board}/activity/bycategory`)).json().data;
      expect(Object.values(data).flat(), board).toEqual([]);
    }
    // While the owner sees them.
    const mine = (await crm(app, owner, 'GET', 'email/activity/bycategory')).json().data;
    expect(mine.leads).toHaveLength(1);
  });
});
