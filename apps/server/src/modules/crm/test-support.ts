import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { LeadThread } from '@tradeloop/contracts/crm/leads';
import type { RecordValues } from '@tradeloop/contracts/crm/records';
import { as, settled, uniqueEmail, type TestUser } from '../../../test/helpers.ts';
import type { Tx } from '../../db/client.ts';
import { createSession } from '../../platform/sessions.ts';
import { createAccount, type NewAccount } from '../accounts/public.ts';
import { crmRecords } from './records/tables.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A CRM call (/crm/v1/…) as `user`. */
export function crm(app: FastifyInstance, user: { token: string }, method: Method, path: string, payload?: unknown) {
  return as(app, user, {
    method,
    url: `/crm/v1/${path}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** Creates a record and answers it; fails the test on anything but 201. */
export async function createRecord(app: FastifyInstance, user: TestUser, typeId: number, values: RecordValues) {
  const response = await crm(app, user, 'POST', 'crm/create_record', { type_id: typeId, values });
  if (response.statusCode !== 201) throw new Error(`create_record failed: ${response.statusCode} ${response.body}`);
  return response.json().data as {
    id: number;
    unique_id: string;
    crm_user_form_unique_id: string;
    values: RecordValues;
    title: string;
  };
}

export async function listing(app: FastifyInstance, user: TestUser, body: Record<string, unknown>) {
  const response = await crm(app, user, 'POST', 'crm/data_listing', body);
  if (response.statusCode !== 200) throw new Error(`data_listing failed: ${response.statusCode} ${response.body}`);
  return response.json().data as {
    data: { id: number; unique_id: string; title: string; values: RecordValues }[];
    total: number;
    total_results: number;
    currentPage: number;
    lastPage: number;
    columns: string[];
    sort: { field: string; direction: string };
  };
}

/** The lead form with one more section holding the given custom fields; answers the saved form. */
export async function addLeadFields(
  app: FastifyInstance,
  user: TestUser,
  fields: Record<string, unknown>[],
  typeId = 1,
) {
  const form = (await crm(app, user, 'GET', `crm/single_lead_form_detail?type_id=${typeId}`)).json().data;
  const sections = form.sections.map(
    (section: { id: number; name: string; tab_columns: string; form_fields: Record<string, unknown>[] }) => ({
      id: section.id,
      name: section.name,
      tab_columns: section.tab_columns,
      form_fields: section.form_fields,
    }),
  );
  sections.push({ name: 'Custom', tab_columns: 'multi', form_fields: fields });
  const response = await crm(app, user, 'POST', 'crm/save_input_form', { type_id: typeId, sections });
  if (response.statusCode !== 200) throw new Error(`save_input_form failed: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

/** Moves a record's creation into the past (tests of periods). */
export async function backdateRecord(db: Tx, recordId: number, createdAt: Date) {
  await db.update(crmRecords).set({ createdAt }).where(eq(crmRecords.id, recordId));
}

// Lead management and the loop: people with profiles, quote requests, threads.

/** A signed-in buyer or sub-user made directly (no password hashing), with a profile. */
export async function personOf(
  app: FastifyInstance,
  kind: 'buyer' | 'subuser',
  options: {
    name: string;
    parent?: TestUser;
    profile?: Record<string, string>;
    company?: NewAccount['company'];
    emailVerified?: boolean;
  },
): Promise<TestUser> {
  const email = uniqueEmail(kind);
  const created = await app.db.transaction((tx) =>
    createAccount(tx, {
      fullName: options.name,
      emailId: email,
      passwordHash: null,
      userType: kind === 'buyer' ? 'others' : 'subuser',
      parent: options.parent ? { userId: options.parent.id, companyId: options.parent.companyId! } : undefined,
      profile: options.profile,
      company: options.company,
      emailVerified: options.emailVerified,
    }),
  );
  const { token } = await createSession(app.db, created.userId, {});
  return { token, id: created.userId, email, companyId: created.companyId };
}

/** POST front/getQuery/submit as JSON; answers the response once the events it caused are delivered. */
export async function requestQuote(
  app: FastifyInstance,
  buyer: TestUser,
  seller: TestUser,
  productId: number,
  fields: Record<string, unknown> = {},
) {
  const response = await as(app, buyer, {
    method: 'POST',
    url: '/api/v1/front/getQuery/submit',
    payload: {
      unique_session_id: `session-${buyer.id}-${productId}-${Date.now()}`,
      seller_user_id: seller.id,
      enquiry_user_id: buyer.id,
      product_id: productId,
      quantity: 1,
      ...fields,
    },
  });
  await settled(app);
  return response;
}

/** GET thread/index as `user`, with query parameters. */
export async function threadIndex(app: FastifyInstance, user: TestUser, query = '') {
  const response = await crm(app, user, 'GET', `thread/index${query ? `?${query}` : ''}`);
  if (response.statusCode !== 200) throw new Error(`thread/index failed: ${response.statusCode} ${response.body}`);
  return response.json().data as { data: LeadThread[]; total: number; currentPage: number; lastPage: number };
}

/** The summaries of a lead's history, newest first. */
export async function timelineOf(app: FastifyInstance, user: TestUser, leadId: number) {
  const response = await crm(app, user, 'GET', `crm/activities/list?lead_id=${leadId}`);
  if (response.statusCode !== 200) throw new Error(`timeline failed: ${response.statusCode} ${response.body}`);
  return (response.json().data.data as { kind: string; summary: string; details: Record<string, unknown> }[]).map(
    (entry) => ({ kind: entry.kind, summary: entry.summary, details: entry.details }),
  );
}

/** The lead as GET lead/info answers it. */
export async function leadInfo(app: FastifyInstance, user: TestUser, leadId: number) {
  const response = await crm(app, user, 'GET', `lead/info?lead_id=${leadId}`);
  if (response.statusCode !== 200) throw new Error(`lead/info failed: ${response.statusCode} ${response.body}`);
  return response.json().data.record as {
    id: number;
    unique_id: string;
    values: Record<string, unknown>;
    owner: { id: number; full_name: string } | null;
  };
}
