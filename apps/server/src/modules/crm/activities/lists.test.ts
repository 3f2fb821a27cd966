import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Activity, ACTIVITY_MESSAGES } from '@tradeloop/contracts/crm/activities';
import { createTestApp, signUp, type TestUser } from '../../../../test/helpers.ts';
import { signUpSubUser } from '../../catalog/test-support.ts';
import { createRecord, crm } from '../test-support.ts';
import { crmEmails } from '../emails/tables.ts';

/** Lists of activities: the paged index, one record's lists, the calendar range and the board. */
let app: FastifyInstance;
let seller: TestUser;
let colleague: TestUser;
const records = {} as Record<'lead' | 'contact' | 'account' | 'deal' | 'binned', { id: number; unique_id: string }>;

const save = async (path: string, body: Record<string, unknown>) => {
  const response = await crm(app, seller, 'POST', path, body);
  if (response.statusCode !== 201) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
  return response.json().data as Activity;
};
const task = (body: Record<string, unknown>) => save('crm/task_information/create', body);
const meeting = (body: Record<string, unknown>) => save('crm/meeting_information/create', body);
const call = (body: Record<string, unknown>) => save('crm/call_information/create', body);
const subjects = (items: Activity[]) => items.map((item) => item.subject);

beforeAll(async () => {
  app = await createTestApp();
  seller = await signUp(app, 'seller');
  colleague = await signUpSubUser(app, seller);
  records.account = await createRecord(app, seller, 3, { account_name: 'Kiln Works' });
  records.contact = await createRecord(app, seller, 4, { first_name: 'Priya', account: records.account.id });
  records.deal = await createRecord(app, seller, 2, { deal_name: 'Tiles 2030', account: records.account.id });
  records.lead = await createRecord(app, seller, 1, { first_name: 'Arjun', company: 'Arjun Ceramics' });
  records.binned = await createRecord(app, seller, 1, { first_name: 'Binned' });

  await task({ lead_id: records.lead.id, subject: 'Send samples', due_at: '2030-06-03T09:00:00Z', priority: 'high' });
  await task({ lead_id: records.lead.id, subject: 'Send price list', due_at: '2030-06-05T09:00:00Z' });
  await task({ lead_id: records.lead.id, subject: 'Undated note to self' });
  await task({ contact_id: records.contact.id, subject: 'Birthday card', due_at: '2030-06-04T00:00:00Z' });
  await task({
    deal_id: records.deal.id,
    subject: 'Draft contract',
    due_at: '2030-06-01T12:00:00Z',
    owner_id: colleague.id,
  });
  await task({
    account_id: records.account.id,
    subject: 'Credit check',
    due_at: '2030-06-02T12:00:00Z',
    status: 'completed',
  });
  await task({ lead_id: records.binned.id, subject: 'Binned task', due_at: '2030-06-02T12:00:00Z' });
  await meeting({
    lead_id: records.lead.id,
    subject: 'Factory visit',
    starts_at: '2030-06-04T10:00:00Z',
    ends_at: '2030-06-04T12:00:00Z',
  });
  await meeting({
    account_id: records.account.id,
    subject: 'Trade fair',
    starts_at: '2030-06-01T00:00:00Z',
    ends_at: '2030-06-03T00:00:00Z',
    all_day: true,
  });
  await meeting({
    contact_id: records.contact.id,
    subject: 'Lunch',
    starts_at: '2030-07-01T12:00:00Z',
    ends_at: '2030-07-01T13:00:00Z',
  });
  await call({ deal_id: records.deal.id, subject: 'Negotiation', starts_at: '2030-06-04T15:00:00Z' });
  await call({ lead_id: records.lead.id, subject: 'Intro', starts_at: '2024-01-02T15:00:00Z', duration_seconds: 90 });
  await crm(app, seller, 'DELETE', `crm/delete_lead?unique_id=${records.binned.unique_id}`);
});
afterAll(() => app.close());

describe('POST crm/task_information/index', () => {
  const index = async (body: Record<string, unknown> = {}, path = 'crm/task_information/index') => {
    const response = await crm(app, seller, 'POST', path, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as {
      data: Activity[];
      currentPage: number;
      lastPage: number;
      perPage: number;
      total: number;
    };
  };

  it('pages the company’s tasks (100 a page by default), newest due first, undated last, binned records left out', async () => {
    const all = await index();
    expect(all).toMatchObject({ currentPage: 1, lastPage: 1, perPage: 100, total: 6 });
    expect(subjects(all.data)).toEqual([
      'Send price list',
      'Birthday card',
      'Send samples',
      'Credit check',
      'Draft contract',
      'Undated note to self',
    ]);
    const second = await index({ per_page: 4, page: 2 });
    expect(second).toMatchObject({ currentPage: 2, lastPage: 2, perPage: 4, total: 6 });
    expect(subjects(second.data)).toEqual(['Draft contract', 'Undated note to self']);
    const tooMany = await crm(app, seller, 'POST', 'crm/task_information/index', { per_page: 101 });
    expect(tooMany.statusCode).toBe(422);
  });

  it('filters by status, owner, record, dates and words of the subject', async () => {
    expect(subjects((await index({ status: 'completed' })).data)).toEqual(['Credit check']);
    expect((await index({ status: ['not_started', 'completed'] })).total).toBe(6);
    expect(subjects((await index({ owner_id: colleague.id })).data)).toEqual(['Draft contract']);
    expect(subjects((await index({ lead_id: records.lead.id })).data)).toEqual([
      'Send price list',
      'Send samples',
      'Undated note to self',
    ]);
    expect(subjects((await index({ from: '2030-06-02', to: '2030-06-03' })).data)).toEqual([
      'Send samples',
      'Credit check',
    ]);
    expect(subjects((await index({ from: '2030-06-04T00:00:00Z' })).data)).toEqual([
      'Send price list',
      'Birthday card',
    ]);
    expect(subjects((await index({ query: 'send LIST' })).data)).toEqual(['Send price list']);
    expect((await index({ query: '100%_' })).total).toBe(0);
    const badStatus = await crm(app, seller, 'POST', 'crm/task_information/index', { status: 'held' });
    expect(badStatus.json()).toMatchObject({ errors: { status: [ACTIVITY_MESSAGES.statusInvalid('task')] } });
    const badDate = await crm(app, seller, 'POST', 'crm/task_information/index', { from: 'yesterday' });
    expect(badDate.json().errors.from).toEqual([ACTIVITY_MESSAGES.dateInvalid]);
  });

  it('meetings and calls have an index of their own', async () => {
    expect(subjects((await index({}, 'crm/meeting_information/index')).data)).toEqual([
      'Lunch',
      'Factory visit',
      'Trade fair',
    ]);
    expect(subjects((await index({ status: 'completed' }, 'crm/call_information/index')).data)).toEqual(['Intro']);
  });
});

describe('GET …/list and the per-record lists', () => {
  it('lists one record’s activities of a kind, upcoming first and finished last', async () => {
    const response = await crm(app, seller, 'GET', `crm/task_information/list?account_id=${records.account.id}`);
    expect(subjects(response.json().data)).toEqual(['Credit check']);
    const done = await task({ lead_id: records.lead.id, subject: 'Already done', status: 'completed' });
    const leadTasks = (await crm(app, seller, 'GET', `crm/task_information/list?lead_id=${records.lead.id}`)).json();
    expect(subjects(leadTasks.data)).toEqual([
      'Send samples',
      'Send price list',
      'Undated note to self',
      'Already done',
    ]);
    await crm(app, seller, 'DELETE', `crm/task_information/destroy/${done.id}`);
    const none = await crm(app, seller, 'GET', 'crm/task_information/list');
    expect(none.statusCode).toBe(422);
  });

  it('lead/task/list/{id} and the contact, account and deal lists answer every kind of the record', async () => {
    const lead = (await crm(app, seller, 'GET', `lead/task/list/${records.lead.id}`)).json().data as Activity[];
    expect(lead.map((item) => [item.kind, item.subject])).toEqual([
      ['task', 'Send samples'],
      ['meeting', 'Factory visit'],
      ['task', 'Send price list'],
      ['task', 'Undated note to self'],
      ['call', 'Intro'],
    ]);
    const contact = (await crm(app, seller, 'GET', `contact/activity/list/${records.contact.id}`)).json().data;
    expect(subjects(contact)).toEqual(['Birthday card', 'Lunch']);
    const account = (await crm(app, seller, 'GET', `account/activity/list/${records.account.id}`)).json().data;
    expect(subjects(account)).toEqual(['Trade fair', 'Credit check']);
    const deal = (await crm(app, seller, 'GET', `deal/activity/list/${records.deal.id}`)).json().data;
    expect(subjects(deal)).toEqual(['Draft contract', 'Negotiation']);
    // The id must be a record of that type.
    expect((await crm(app, seller, 'GET', `deal/activity/list/${records.lead.id}`)).statusCode).toBe(404);
  });

  it('show_details answers any kind; lead/task/show, meeting/show and call/show only their own', async () => {
    const [first] = (await crm(app, seller, 'GET', `contact/activity/list/${records.contact.id}`)).json().data;
    const details = await crm(app, seller, 'GET', `crm/task_information/show_details/${first.id}`);
    expect(details.json().data).toMatchObject({ id: first.id, kind: 'task', record: { id: records.contact.id } });
    expect((await crm(app, seller, 'GET', `lead/task/show?id=${first.id}`)).json().data.subject).toBe('Birthday card');
    expect((await crm(app, seller, 'GET', `call/show?id=${first.id}`)).statusCode).toBe(404);
  });
});

describe('GET crm/task_information/all-call-task-meeting', () => {
  const range = async (query: string) => {
    const response = await crm(app, seller, 'GET', `crm/task_information/all-call-task-meeting?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Activity[];
  };

  it('answers tasks due and calls starting in the range, and meetings overlapping it, soonest first', async () => {
    const day = await range('from=2030-06-04T00:00:00Z&to=2030-06-05T00:00:00Z');
    expect(day.map((item) => [item.kind, item.subject])).toEqual([
      ['task', 'Birthday card'],
      ['meeting', 'Factory visit'],
      ['call', 'Negotiation'],
    ]);
    // The all-day fair runs 1 to 3 June: it shows on the 2nd although it started before.
    expect(subjects(await range('from=2030-06-02T00:00:00Z&to=2030-06-03T00:00:00Z'))).toEqual([
      'Trade fair',
      'Credit check',
    ]);
    expect(subjects(await range('from=2030-06-03T00:00:00Z&to=2030-06-04T00:00:00Z'))).toEqual([
      'Trade fair',
      'Send samples',
    ]);
    // The end of the range is not in it.
    expect(subjects(await range('from=2030-06-05T09:00:01Z&to=2030-06-06T00:00:00Z'))).toEqual([]);
  });

  it('narrows by kinds and owner; the item shape is the shared activity', async () => {
    const week = 'from=2030-06-01T00:00:00Z&to=2030-06-08T00:00:00Z';
    expect(subjects(await range(`${week}&kinds=meeting,call`))).toEqual(['Trade fair', 'Factory visit', 'Negotiation']);
    expect(subjects(await range(`${week}&owner_id=${colleague.id}`))).toEqual(['Draft contract']);
    const [item] = await range(`${week}&kinds=call`);
    expect(Object.keys(item).sort()).toEqual(
      [
        'id',
        'unique_id',
        'kind',
        'subject',
        'description',
        'status',
        'priority',
        'due_at',
        'starts_at',
        'ends_at',
        'all_day',
        'location',
        'meeting_link',
        'participants',
        'call_direction',
        'duration_seconds',
        'outcome',
        'completed_at',
        'reminder_at',
        'owner',
        'record',
        'created_at',
        'updated_at',
      ].sort(),
    );
    expect(item.record).toEqual({
      id: records.deal.id,
      unique_id: records.deal.unique_id,
      type_id: 2,
      title: 'Tiles 2030',
    });
  });

  it('refuses a missing, reversed or too long range, and unknown kinds', async () => {
    const refused = async (query: string) => {
      const response = await crm(app, seller, 'GET', `crm/task_information/all-call-task-meeting?${query}`);
      expect(response.statusCode).toBe(422);
      return response.json().errors;
    };
    expect(await refused('to=2030-06-01T00:00:00Z')).toHaveProperty('from');
    expect((await refused('from=2030-06-02T00:00:00Z&to=2030-06-01T00:00:00Z')).to).toEqual([
      ACTIVITY_MESSAGES.rangeInvalid,
    ]);
    expect((await refused('from=2030-01-01T00:00:00Z&to=2031-06-01T00:00:00Z')).to).toEqual([
      ACTIVITY_MESSAGES.rangeTooLong,
    ]);
    expect(await refused('from=2030-06-01T00:00:00Z&to=2030-06-02T00:00:00Z&kinds=task,lunch')).toBeDefined();
  });
});

describe('GET …/activity/bycategory', () => {
  it('tasks answer lead_contact, deals and account', async () => {
    const response = await crm(app, seller, 'GET', 'task/activity/bycategory');
    const board = response.json().data;
    expect(Object.keys(board).sort()).toEqual(['account', 'deals', 'lead_contact']);
    expect(subjects(board.lead_contact)).toEqual([
      'Send price list',
      'Birthday card',
      'Send samples',
      'Undated note to self',
    ]);
    expect(subjects(board.deals)).toEqual(['Draft contract']);
    expect(subjects(board.account)).toEqual(['Credit check']);
    const mine = (await crm(app, seller, 'GET', `task/activity/bycategory?owner_id=${colleague.id}`)).json().data;
    expect([...mine.lead_contact, ...mine.deals, ...mine.account].map((item: Activity) => item.subject)).toEqual([
      'Draft contract',
    ]);
  });

  it('meetings and calls answer leads, deals, accounts and contacts', async () => {
    const meetings = (await crm(app, seller, 'GET', 'meeting/activity/bycategory')).json().data;
    expect(Object.keys(meetings).sort()).toEqual(['accounts', 'contacts', 'deals', 'leads']);
    expect(subjects(meetings.leads)).toEqual(['Factory visit']);
    expect(subjects(meetings.accounts)).toEqual(['Trade fair']);
    expect(subjects(meetings.contacts)).toEqual(['Lunch']);
    expect(meetings.deals).toEqual([]);
    const calls = (await crm(app, seller, 'GET', 'call/activity/bycategory')).json().data;
    expect(subjects(calls.leads)).toEqual(['Intro']);
    expect(subjects(calls.deals)).toEqual(['Negotiation']);
  });

  it('e-mails answer leads, deals, accounts and contacts from the company’s e-mails', async () => {
    await app.db.insert(crmEmails).values([
      {
        companyId: seller.companyId!,
        recordId: records.lead.id,
        authorId: seller.id,
        status: 'sent',
        subject: 'Your quote',
        toAddresses: ['arjun@example.test'],
        sentAt: new Date('2030-01-01T10:00:00Z'),
      },
      {
        companyId: seller.companyId!,
        recordId: records.deal.id,
        authorId: colleague.id,
        status: 'draft',
        subject: 'Contract draft',
      },
    ]);
    const response = await crm(app, seller, 'GET', 'email/activity/bycategory');
    const board = response.json().data;
    expect(Object.keys(board).sort()).toEqual(['accounts', 'contacts', 'deals', 'leads']);
    expect(board.leads).toEqual([
      {
        id: expect.any(Number),
        subject: 'Your quote',
        status: 'sent',
        to_addresses: ['arjun@example.test'],
        sent_at: '2030-01-01T10:00:00.000Z',
        created_at: expect.any(String),
        record: { id: records.lead.id, unique_id: records.lead.unique_id, type_id: 1, title: expect.any(String) },
      },
    ]);
    expect(board.deals.map((email: { subject: string; status: string }) => [email.subject, email.status])).toEqual([
      ['Contract draft', 'draft'],
    ]);
    const theirs = (await crm(app, seller, 'GET', `email/activity/bycategory?owner_id=${colleague.id}`)).json().data;
    expect(theirs.leads).toEqual([]);
    expect(theirs.deals).toHaveLength(1);
  });
});
