import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SUB_ACCOUNT_ROLE, type SeededRoleKey } from '@tradeloop/contracts/accounts-roles';
import { as, createTestApp, settled, signUp, type TestUser } from '../../../../test/helpers.ts';
import { seededRoleId } from '../../accounts/public.ts';
import { createProductAs, inStockProduct, loadRefs, signUpSubUser } from '../../catalog/test-support.ts';
import { newTrackingId } from '../../tracking/public.ts';
import { createRecord, crm } from '../test-support.ts';

/**
 * Issue 43, acceptance 2 (decision 063): a sales representative, whose role sees only its own records,
 * sees only their things in every company-wide CRM read: lead A is the representative's, lead B the
 * owner's, each with a task, a meeting, a call, a note, an e-mail, history and a buyer's browsing. The
 * owner and a sub-user with everyone's records see both.
 */
let app: FastifyInstance;
let owner: TestUser;
let representative: TestUser;
let manager: TestUser;
let buyerA: TestUser;
let buyerB: TestUser;
type Made = { lead: { id: number; unique_id: string }; task: number; meeting: number; call: number; email: number };
const made = {} as Record<'A' | 'B', Made>;

const json = async (user: TestUser, method: 'GET' | 'POST', path: string, payload?: object) => {
  const response = await crm(app, user, method, path, payload);
  if (response.statusCode >= 300) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
  return response.json().data;
};

/** A lead of `user` named Alpha or Bravo, with its activities, note and e-mail carrying the name. */
async function leadWithWork(user: TestUser, name: 'Alpha' | 'Bravo', email: string): Promise<Made> {
  const lead = await createRecord(app, user, 1, { first_name: `${name} Lead`, email });
  const activity = async (kind: string, body: object) =>
    (await json(user, 'POST', `crm/${kind}_information/create`, { lead_id: lead.id, ...body })).id as number;
  const task = await activity('task', { subject: `${name} task`, due_at: '2030-06-01T10:00:00Z' });
  const meeting = await activity('meeting', {
    subject: `${name} meeting`,
    starts_at: '2030-06-01T10:00:00Z',
    ends_at: '2030-06-01T11:00:00Z',
  });
  const call = await activity('call', { subject: `${name} call`, starts_at: '2030-06-01T12:00:00Z' });
  await json(user, 'POST', 'crm/notes/create_notes', { crm_unique_id: lead.unique_id, message: `${name} note` });
  const mail = await json(user, 'POST', 'crm/emails/create_emails', {
    crm_unique_id: lead.unique_id,
    subject: `${name} e-mail`,
  });
  return { lead, task, meeting, call, email: mail.id };
}

/** A signed-in buyer's view of the owner's product page: joins the buyer's lead by e-mail. */
async function browse(buyer: TestUser, productId: number) {
  const response = await as(app, buyer, {
    method: 'POST',
    url: '/api/v1/auth/tracking-page-views',
    payload: {
      session_id: newTrackingId(),
      page_url: `http://localhost/product/p-${productId}`,
      page_name: 'product',
      type: 'product',
      product_id: productId,
      product_slug: `p-${productId}`,
    },
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36' },
  });
  expect(response.statusCode).toBe(200);
}

beforeAll(async () => {
  app = await createTestApp();
  owner = await signUp(app, 'seller');
  const subUser = async (role: SeededRoleKey) =>
    signUpSubUser(app, owner, await app.db.transaction((tx) => seededRoleId(tx, owner.companyId!, role)));
  representative = await subUser('sales_representative');
  manager = await subUser(DEFAULT_SUB_ACCOUNT_ROLE);
  buyerA = await signUp(app, 'buyer');
  buyerB = await signUp(app, 'buyer');
  made.A = await leadWithWork(representative, 'Alpha', buyerA.email);
  made.B = await leadWithWork(owner, 'Bravo', buyerB.email);
  const product = await createProductAs(app, owner, inStockProduct(await loadRefs(app), { name: 'Scoped Pump' }));
  await browse(buyerA, product.id);
  await browse(buyerB, product.id);
  await app.tracking.flush();
  await settled(app);
});

afterAll(async () => {
  await app?.close();
});

/** The company-wide reads, each as one call. */
const companyWide: [string, 'GET' | 'POST', string, object?][] = [
  ['lead/list', 'GET', 'lead/list'],
  ['task index', 'POST', 'crm/task_information/index', {}],
  ['meeting index', 'POST', 'crm/meeting_information/index', {}],
  ['call index', 'POST', 'crm/call_information/index', {}],
  [
    'calendar range',
    'GET',
    'crm/task_information/all-call-task-meeting?from=2030-05-01T00:00:00Z&to=2030-07-01T00:00:00Z',
  ],
  ['task board', 'GET', 'task/activity/bycategory'],
  ['meeting board', 'GET', 'meeting/activity/bycategory'],
  ['call board', 'GET', 'call/activity/bycategory'],
  ['e-mail board', 'GET', 'email/activity/bycategory'],
  ['company timeline', 'GET', 'activity/all?per_page=100'],
  ['data listing', 'POST', 'crm/data_listing', { type_id: 1 }],
];

describe('company-wide CRM reads under the own-records scope', () => {
  it.each(companyWide)(
    '%s: the representative sees lead A’s things and none of lead B’s',
    async (_, method, path, body) => {
      const response = await crm(app, representative, method, path, body);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body).toContain('Alpha');
      expect(response.body).not.toContain('Bravo');
    },
  );

  it.each(companyWide)(
    '%s: the owner and a sub-user with everyone’s records see both',
    async (_, method, path, body) => {
      for (const user of [owner, manager]) {
        const response = await crm(app, user, method, path, body);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.body).toContain('Alpha');
        expect(response.body).toContain('Bravo');
      }
    },
  );

  it('the tracking report names the buyers of the representative’s leads only', async () => {
    const buyers = async (user: TestUser) =>
      ((await json(user, 'GET', 'crm/tracking/report')).top_buyers as { user_id: number }[]).map((row) => row.user_id);
    expect(await buyers(representative)).toEqual([buyerA.id]);
    for (const user of [owner, manager])
      expect(await buyers(user)).toEqual(expect.arrayContaining([buyerA.id, buyerB.id]));
  });
});

describe('details of lead B answer the representative 404', () => {
  const details = (of: Made): string[] => [
    `lead/info?lead_id=${of.lead.id}`,
    `crm/task_information/list?lead_id=${of.lead.id}`,
    `crm/meeting_information/list?lead_id=${of.lead.id}`,
    `crm/call_information/list?lead_id=${of.lead.id}`,
    `crm/activities/list?lead_id=${of.lead.id}`,
    `lead/task/list/${of.lead.id}`,
    `crm/task_information/show_details/${of.task}`,
    `lead/task/show?id=${of.task}`,
    `meeting/show?id=${of.meeting}`,
    `call/show?id=${of.call}`,
    `crm/meeting_information/ics/${of.meeting}`,
    `lead/activitiy_email/show?id=${of.email}`,
    `crm/notes/create_notes?crm_unique_id=${of.lead.unique_id}`,
    `crm/emails/create_emails?crm_unique_id=${of.lead.unique_id}`,
    `crm/tracking/listing?lead_id=${of.lead.id}`,
    `thread/list/${of.lead.id}`,
    `score/lead/${of.lead.id}`,
  ];

  it('as the representative: B’s are 404, A’s answer', async () => {
    for (const path of details(made.B))
      expect((await crm(app, representative, 'GET', path)).statusCode, path).toBe(404);
    for (const path of details(made.A))
      expect((await crm(app, representative, 'GET', path)).statusCode, path).toBe(200);
  });

  it('as the owner and a sub-user with everyone’s records: both answer', async () => {
    for (const user of [owner, manager])
      for (const path of [...details(made.A), ...details(made.B)])
        expect((await crm(app, user, 'GET', path)).statusCode, path).toBe(200);
  });
});
