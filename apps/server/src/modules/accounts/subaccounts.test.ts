import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDED_ROLES } from '@tradeloop/contracts/accounts-roles';
import { SUB_ACCOUNT_MESSAGES } from '@tradeloop/contracts/accounts-subaccounts';
import { AUTH_MESSAGES } from '@tradeloop/contracts/auth';
import { as, createTestApp, signUp, uniqueEmail, type TestUser } from '../../../test/helpers.ts';
import { outboxMessages } from '../../platform/mail.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ PUBLIC_URL: 'https://tradeloop.example' });
});
afterAll(() => app.close());

const NEW_PASSWORD = 'Team-Member-2026';

const invite = (owner: TestUser, payload: Record<string, unknown>) =>
  as(app, owner, { method: 'POST', url: '/api/v1/sub_account/create', payload });
const list = (owner: TestUser) => as(app, owner, { method: 'GET', url: '/api/v1/sub_account/list' });
const remove = (owner: TestUser, userId: unknown) =>
  as(app, owner, { method: 'POST', url: '/api/v1/sub_account/delete', payload: { user_id: userId } });
const setPassword = (token: unknown, password: unknown) =>
  app.inject({ method: 'POST', url: '/api/v1/sub_account/set_password', payload: { token, password } });
const signin = (email_id: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/signin', payload: { email_id, password } });

/** The token of the invitation mailed to the address (read from the outbox, as without SMTP). */
async function invitationToken(address: string) {
  const [mail] = (
    await outboxMessages(app.db, { recipient: address, subject: SUB_ACCOUNT_MESSAGES.inviteSubject })
  ).slice(-1);
  const token = /https:\/\/tradeloop\.example\/user\/set-password\?token=([\w%-]+)/.exec(mail?.bodyText ?? '')?.[1];
  if (!token) throw new Error(`no invitation mailed to ${address}`);
  return decodeURIComponent(token);
}

/** Invites a team member and lets it set its password; answers it signed in. */
async function activeSubUser(owner: TestUser): Promise<TestUser> {
  const email = uniqueEmail('team');
  const invited = (await invite(owner, { full_name: 'Tara Team', email_id: email })).json().data;
  expect((await setPassword(await invitationToken(email), NEW_PASSWORD)).statusCode).toBe(200);
  const session = (await signin(email, NEW_PASSWORD)).json().data;
  return { token: session.token, id: invited.id, email, companyId: owner.companyId };
}

describe('POST /api/v1/sub_account/create and set_password', () => {
  it('invites a team member who sets a password through the e-mailed link and works in the company', async () => {
    const owner = await signUp(app, 'seller');
    const email = uniqueEmail('team');
    const response = await invite(owner, { full_name: 'Tara Team', email_id: email.toUpperCase() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: SUB_ACCOUNT_MESSAGES.invited,
      data: { full_name: 'Tara Team', email_id: email, role: SEEDED_ROLES.sales_manager.name, status: 'invited' },
    });
    const token = await invitationToken(email);
    expect(response.body).not.toContain(token);
    // No password yet: no way in.
    expect((await signin(email, NEW_PASSWORD)).json().message).toBe(AUTH_MESSAGES.badCredentials);

    const set = await setPassword(token, NEW_PASSWORD);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ status: true, message: SUB_ACCOUNT_MESSAGES.passwordSet, data: { email_id: email } });
    const session = await signin(email, NEW_PASSWORD);
    expect(session.statusCode).toBe(200);
    expect(session.json().data.user).toMatchObject({
      user_type: 'subuser',
      company_id: owner.companyId,
      parent_user: owner.id,
      verified: true,
    });
    expect((await list(owner)).json().data).toEqual([expect.objectContaining({ email_id: email, status: 'active' })]);

    // The link is single-use.
    const again = await setPassword(token, 'Another-Password-1');
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.token).toEqual([SUB_ACCOUNT_MESSAGES.linkInvalid]);
  });

  it('refuses a taken address, a missing name, a short password and an unknown link', async () => {
    const [owner, other] = [await signUp(app, 'seller'), await signUp(app, 'buyer')];
    const taken = await invite(owner, { full_name: 'Tara Team', email_id: other.email });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email_id).toEqual([SUB_ACCOUNT_MESSAGES.emailTaken]);
    const unnamed = await invite(owner, { full_name: ' ', email_id: uniqueEmail('team') });
    expect(unnamed.json().errors.full_name).toEqual([AUTH_MESSAGES.fullNameRequired]);

    const email = uniqueEmail('team');
    await invite(owner, { full_name: 'Tara Team', email_id: email });
    const short = await setPassword(await invitationToken(email), 'short');
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password).toEqual([AUTH_MESSAGES.passwordTooShort]);
    const unknown = await setPassword('not-a-token', NEW_PASSWORD);
    expect(unknown.json().errors.token).toEqual([SUB_ACCOUNT_MESSAGES.linkInvalid]);
  });

  it('is for the owner: a sub-user and a buyer get 403, an anonymous caller 401', async () => {
    const owner = await signUp(app, 'seller');
    const member = await activeSubUser(owner);
    const buyer = await signUp(app, 'buyer');
    const body = { full_name: 'Nope', email_id: uniqueEmail('nope') };
    expect((await invite(member, body)).statusCode).toBe(403);
    expect((await invite(buyer, body)).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/v1/sub_account/create', payload: body })).statusCode).toBe(
      401,
    );
    expect((await list(member)).statusCode).toBe(403);
  });
});

describe('GET /api/v1/sub_account/list', () => {
  it('lists the company’s own sub-users only', async () => {
    const [owner, otherOwner] = [await signUp(app, 'seller'), await signUp(app, 'seller')];
    const mine = await activeSubUser(owner);
    await activeSubUser(otherOwner);
    const { data } = (await list(owner)).json();
    expect(data.map((row: { id: number }) => row.id)).toEqual([mine.id]);
  });
});

describe('POST /api/v1/sub_account/delete', () => {
  it('deletes a comma list of sub-users whose sessions end at once', async () => {
    const owner = await signUp(app, 'seller');
    const [first, second, kept] = [await activeSubUser(owner), await activeSubUser(owner), await activeSubUser(owner)];
    const profile = (user: TestUser) => as(app, user, { method: 'GET', url: '/api/v1/profile/view' });
    expect((await profile(first)).statusCode).toBe(200);

    const response = await remove(owner, `${first.id}, ${second.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: true,
      message: SUB_ACCOUNT_MESSAGES.deleted,
      data: { deleted: [first.id, second.id] },
    });
    expect((await profile(first)).statusCode).toBe(401);
    expect((await profile(second)).statusCode).toBe(401);
    const status = await as(app, first, { method: 'GET', url: '/api/v1/profile/verify/user_delete_status' });
    expect(status.statusCode).toBe(401);
    expect((await profile(kept)).statusCode).toBe(200);
    expect((await list(owner)).json().data.map((row: { id: number }) => row.id)).toEqual([kept.id]);
    expect((await signin(first.email, NEW_PASSWORD)).statusCode).not.toBe(200);
  });

  it('answers 404 and deletes nothing when one id is not a sub-user of the company', async () => {
    const [owner, otherOwner] = [await signUp(app, 'seller'), await signUp(app, 'seller')];
    const mine = await activeSubUser(owner);
    const theirs = await activeSubUser(otherOwner);
    for (const ids of [`${mine.id},${theirs.id}`, String(theirs.id), String(owner.id), '999999999']) {
      expect((await remove(owner, ids)).statusCode, ids).toBe(404);
    }
    expect((await list(owner)).json().data).toHaveLength(1);
    expect((await list(otherOwner)).json().data).toHaveLength(1);
  });

  it('asks for at least one id', async () => {
    const owner = await signUp(app, 'seller');
    for (const ids of ['', ' , ', 'abc', undefined]) {
      const response = await remove(owner, ids);
      expect(response.statusCode, String(ids)).toBe(422);
      expect(response.json().errors.user_id).toEqual([SUB_ACCOUNT_MESSAGES.idsRequired]);
    }
  });
});
