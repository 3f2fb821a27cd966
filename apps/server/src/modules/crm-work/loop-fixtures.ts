import type { FastifyInstance } from 'fastify';
import type { LeadThread } from '@tradeloop/contracts/crm-leads';
import { as, settled, uniqueEmail, type TestUser } from '../../../test/helpers.ts';
import { createSession } from '../../platform/sessions.ts';
import { createAccount } from '../accounts/service.ts';
import { crm } from '../crm/test-support.ts';

/** Test helpers of lead management and the loop: people with profiles, quote requests, threads. */

/** A signed-in buyer or sub-user made directly (no password hashing), with a profile. */
export async function personOf(
  app: FastifyInstance,
  kind: 'buyer' | 'subuser',
  options: { name: string; parent?: TestUser; profile?: Record<string, string> },
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
