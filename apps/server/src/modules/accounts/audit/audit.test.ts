import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_LIMITS, AUDIT_MESSAGES, type AuditEntry, type AuditPage } from '@tradeloop/contracts/accounts-audit';
import { ROLE_MESSAGES, SEEDED_ROLES, type Permission, type RoleRecord } from '@tradeloop/contracts/accounts-roles';
import { SUB_ACCOUNT_MESSAGES } from '@tradeloop/contracts/accounts-subaccounts';
import { as, createTestApp, signUp, uniqueEmail, type TestUser } from '../../../../test/helpers.ts';
import { outboxMessages } from '../../../platform/mail.ts';
import { signUpSubUser } from '../../catalog/test-support.ts';
import { createRecord, crm } from '../../crm/test-support.ts';
import { updateRole } from '../roles.ts';

let app: FastifyInstance;
let owner: TestUser;
let other: TestUser;
beforeAll(async () => {
  app = await createTestApp({ PUBLIC_URL: 'https://tradeloop.example' });
  owner = await signUp(app, 'seller');
  other = await signUp(app, 'seller');
});
afterAll(() => app.close());

const FROM = { remoteAddress: '203.0.113.7', headers: { 'user-agent': 'AuditTest/1.0' } };

const api = (user: TestUser, method: 'GET' | 'POST', path: string, payload?: object) =>
  as(app, user, {
    method,
    url: `/api/v1/${path}`,
    remoteAddress: FROM.remoteAddress,
    headers: FROM.headers,
    ...(payload && { payload }),
  });

async function auditLog(user: TestUser, query = ''): Promise<AuditPage> {
  const response = await api(user, 'GET', `audit_log${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** The newest entry of the owner's company with this action. */
async function latest(action: AuditEntry['action'], user = owner) {
  const entry = (await auditLog(user, '?per_page=100')).data.find((row) => row.action === action);
  expect(entry, action).toBeDefined();
  return entry!;
}

async function createRole(user: TestUser, name: string, permissions: Permission[]) {
  const response = await api(user, 'POST', 'roles/permissions/create', { name, permissions });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as RoleRecord;
}

async function invitationToken(address: string) {
  const [mail] = (
    await outboxMessages(app.db, { recipient: address, subject: SUB_ACCOUNT_MESSAGES.inviteSubject })
  ).slice(-1);
  const token = /set-password\?token=([\w%-]+)/.exec(mail?.bodyText ?? '')?.[1];
  if (!token) throw new Error(`no invitation mailed to ${address}`);
  return decodeURIComponent(token);
}

const from = { ip: FROM.remoteAddress, user_agent: 'AuditTest/1.0' };

describe('the audit log records role changes', () => {
  it('a new role: who, what, the role, from where', async () => {
    const role = await createRole(owner, 'Audit desk', ['chat', 'quotes']);
    const entry = await latest('role.created');
    expect(entry).toMatchObject({
      actor: { id: owner.id, name: 'Sam Seller' },
      target: { kind: 'role', id: role.id, label: 'Audit desk' },
      details: { permissions: ['chat', 'quotes'] },
      ...from,
    });
    expect(entry.summary).toBe('Created the role “Audit desk” with 2 permissions.');
    expect(Date.now() - Date.parse(entry.created_at)).toBeLessThan(60_000);
  });

  it('an update records the permissions added and removed, and a rename', async () => {
    const role = await createRole(owner, 'Diff desk', ['chat', 'quotes']);
    const response = await api(owner, 'POST', `roles/permissions/update/${role.id}`, {
      name: 'Diff counter',
      permissions: ['quotes', 'crm.leads.view', 'crm.work'],
    });
    expect(response.statusCode, response.body).toBe(200);
    const entry = await latest('role.updated');
    expect(entry).toMatchObject({
      target: { kind: 'role', id: role.id, label: 'Diff counter' },
      details: {
        previous_name: 'Diff desk',
        permissions_added: ['crm.leads.view', 'crm.work'],
        permissions_removed: ['chat'],
      },
      ...from,
    });
    expect(entry.summary).toBe(
      'Changed the role “Diff counter”: renamed it from “Diff desk”; granted Leads: View, Tasks, meetings, calls, notes, e-mails, files and tags on the records they see; withdrew Chat with buyers.',
    );
  });

  it('a seeded role’s first edit is diffed against its seeded grants', async () => {
    const seeded = (await api(owner, 'GET', 'roles/permissions/list'))
      .json()
      .data.roles.find((role: RoleRecord) => role.key === 'catalogue_manager') as RoleRecord;
    const permissions = SEEDED_ROLES.catalogue_manager.permissions.filter((permission) => permission !== 'ads');
    await api(owner, 'POST', `roles/permissions/update/${seeded.id}`, { name: seeded.name, permissions });
    const entry = await latest('role.updated');
    expect(entry.details).toMatchObject({ permissions_added: [], permissions_removed: ['ads'] });
  });

  it('a deletion records the role and where its users went', async () => {
    const role = await createRole(owner, 'Leaving desk', ['chat']);
    const keep = await createRole(owner, 'Staying desk', ['chat']);
    await signUpSubUser(app, owner, role.id);
    const response = await api(owner, 'POST', `roles/permissions/delete/${role.id}`, { move_to: keep.id });
    expect(response.statusCode, response.body).toBe(200);
    const entry = await latest('role.deleted');
    expect(entry).toMatchObject({
      target: { kind: 'role', id: role.id, label: 'Leaving desk' },
      details: { moved_to: 'Staying desk', users_moved: 1 },
      ...from,
    });
    expect(entry.summary).toBe('Deleted the role “Leaving desk” and moved 1 member to “Staying desk”.');
  });

  it('a failed change writes no entry', async () => {
    await createRole(owner, 'Taken name', ['chat']);
    const before = (await auditLog(owner)).total;
    // The name is taken: the database refuses the insert.
    const taken = await api(owner, 'POST', 'roles/permissions/create', { name: 'TAKEN NAME', permissions: ['chat'] });
    expect(taken.json().errors.name).toEqual([ROLE_MESSAGES.nameTaken]);
    // A sub-user with `team` cannot grant what it lacks.
    const { id: teamRole } = await createRole(owner, 'Team lead', ['team', 'chat']);
    const lead = await signUpSubUser(app, owner, teamRole);
    expect(
      (await api(lead, 'POST', 'roles/permissions/create', { name: 'Up', permissions: ['quotes'] })).statusCode,
    ).toBe(403);
    // Another company's sub-user: 404, nothing deleted.
    const theirs = await signUpSubUser(app, other);
    expect((await api(owner, 'POST', 'sub_account/delete', { user_id: String(theirs.id) })).statusCode).toBe(404);
    expect((await auditLog(owner)).total).toBe(before + 1); // the Team lead role, nothing else
  });

  it('the entry rolls back with its change', async () => {
    const role = await createRole(owner, 'Rolled back', ['chat']);
    const before = (await auditLog(owner)).total;
    await expect(
      app.db.transaction(async (tx) => {
        await updateRole(
          tx,
          { companyId: owner.companyId!, userId: owner.id, ip: '198.51.100.1', userAgent: null, permissions: null },
          role.id,
          { name: 'Rolled back', permissions: ['quotes'] },
        );
        throw new Error('a later step fails');
      }),
    ).rejects.toThrow('a later step fails');
    expect((await auditLog(owner)).total).toBe(before);
  });
});

describe('the audit log records sub-account changes', () => {
  it('invitation, password, change of role and deletion, each with its target', async () => {
    const email = uniqueEmail('audited');
    const invited = (
      await api(owner, 'POST', 'sub_account/create', { full_name: 'Ada Audited', email_id: email })
    ).json().data;
    expect(await latest('sub_account.invited')).toMatchObject({
      actor: { id: owner.id, name: 'Sam Seller' },
      target: { kind: 'user', id: invited.id, label: 'Ada Audited' },
      details: { email_id: email, role: SEEDED_ROLES.sales_manager.name },
      ...from,
    });

    const token = await invitationToken(email);
    const set = await app.inject({
      method: 'POST',
      url: '/api/v1/sub_account/set_password',
      payload: { token, password: 'Audited-Member-2026' },
      ...FROM,
    });
    expect(set.statusCode, set.body).toBe(200);
    const passwordSet = await latest('sub_account.password_set');
    expect(passwordSet).toMatchObject({
      actor: { id: invited.id, name: 'Ada Audited' },
      target: { kind: 'user', id: invited.id },
      ...from,
    });
    // Never a secret: neither the token nor the password.
    const whole = JSON.stringify((await auditLog(owner, '?per_page=100')).data);
    expect(whole).not.toContain(token);
    expect(whole).not.toContain('Audited-Member-2026');

    const role = await createRole(owner, 'Audited role', ['chat']);
    expect((await api(owner, 'POST', 'sub_account/role', { user_id: invited.id, role_id: role.id })).statusCode).toBe(
      200,
    );
    expect(await latest('sub_account.role_changed')).toMatchObject({
      target: { kind: 'user', id: invited.id, label: 'Ada Audited' },
      details: { previous_role: SEEDED_ROLES.sales_manager.name, role: 'Audited role' },
      summary: `Changed Ada Audited’s role from ${SEEDED_ROLES.sales_manager.name} to Audited role.`,
    });

    expect((await api(owner, 'POST', 'sub_account/delete', { user_id: String(invited.id) })).statusCode).toBe(200);
    expect(await latest('sub_account.deleted')).toMatchObject({
      target: { kind: 'user', id: invited.id, label: 'Ada Audited' },
      details: { email_id: email },
      ...from,
    });
  });
});

describe('the audit log records exports', () => {
  it('a CRM export: record type, rows, format', async () => {
    await createRecord(app, owner, 1, { first_name: 'Exported one' });
    await createRecord(app, owner, 1, { first_name: 'Exported two' });
    const response = await as(app, owner, {
      method: 'POST',
      url: '/crm/v1/crm/export',
      payload: { type_id: 1 },
      ...FROM,
    });
    expect(response.statusCode).toBe(200);
    const rows = response.body.trim().split('\n').length - 1;
    expect(rows).toBeGreaterThanOrEqual(2);
    const entry = await latest('crm.exported');
    expect(entry).toMatchObject({
      actor: { id: owner.id },
      target: { kind: 'record_type', id: 1, label: 'Leads' },
      details: { record_type: 'Leads', rows, format: 'csv', all_fields: false },
      ...from,
    });
    expect(entry.summary).toBe(`Exported ${rows} rows of Leads as CSV.`);
  });

  it('a product export', async () => {
    const response = await api(owner, 'GET', 'product/export?status=all');
    expect(response.statusCode).toBe(200);
    expect(await latest('catalogue.exported')).toMatchObject({
      target: { kind: 'products' },
      details: { rows: 0, format: 'csv', status: 'all' },
      ...from,
    });
  });

  it('an export refused by the role writes nothing', async () => {
    const { id: roleId } = await createRole(owner, 'No leads', ['chat']);
    const member = await signUpSubUser(app, owner, roleId);
    const before = (await auditLog(owner)).total;
    expect((await crm(app, member, 'POST', 'crm/export', { type_id: 1 })).statusCode).toBe(403);
    expect((await auditLog(owner)).total).toBe(before);
  });
});

describe('GET /api/v1/audit_log', () => {
  it('a sub-user without `team` gets 403; one with `team` reads it; anonymous 401', async () => {
    const { id: without } = await createRole(owner, 'Readers without team', ['chat']);
    const { id: withTeam } = await createRole(owner, 'Readers with team', ['team']);
    const denied = await api(await signUpSubUser(app, owner, without), 'GET', 'audit_log');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(ROLE_MESSAGES.forbidden);
    const reader = await signUpSubUser(app, owner, withTeam);
    const page = await auditLog(reader);
    expect(page.data.some((entry) => entry.target?.label === 'Readers with team')).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/api/v1/audit_log' })).statusCode).toBe(401);
  });

  it('another company’s entries never appear', async () => {
    await createRole(other, 'Other company’s secret desk', ['chat']);
    const ours = JSON.stringify(await auditLog(owner, '?per_page=100'));
    expect(ours).not.toContain('Other company’s secret desk');
    const theirs = await auditLog(other);
    expect(theirs.data.every((entry) => entry.actor.id === other.id)).toBe(true);
    expect(theirs.actors).toEqual([{ id: other.id, name: 'Sam Seller' }]);
  });

  it('newest first, paged, filtered by kind and actor', async () => {
    const seller = await signUp(app, 'seller');
    for (const name of ['One', 'Two', 'Three']) await createRole(seller, `Paged ${name}`, ['chat']);
    await api(seller, 'GET', 'product/export');
    const first = await auditLog(seller, '?per_page=2');
    expect(first).toMatchObject({ currentPage: 1, lastPage: 2, perPage: 2, total: 4 });
    expect(first.data.map((entry) => entry.action)).toEqual(['catalogue.exported', 'role.created']);
    expect(first.data[1].target?.label).toBe('Paged Three');
    const second = await auditLog(seller, '?per_page=2&page=2');
    expect(second.data.map((entry) => entry.target?.label)).toEqual(['Paged Two', 'Paged One']);
    expect((await auditLog(seller, '?kind=exports')).total).toBe(1);
    expect((await auditLog(seller, '?kind=roles')).total).toBe(3);
    expect((await auditLog(seller, '?kind=team')).total).toBe(0);
    expect((await auditLog(seller, `?actor_id=${seller.id}`)).total).toBe(4);
    expect((await auditLog(seller, `?actor_id=${owner.id}`)).total).toBe(0);
    expect((await auditLog(seller, '?page=9')).data).toEqual([]);
  });

  it('refuses huge or malformed page sizes and pages with a clear 422', async () => {
    const cases: [string, string, string][] = [
      ['per_page=0', 'per_page', AUDIT_MESSAGES.perPage],
      [`per_page=${AUDIT_LIMITS.perPageMax + 1}`, 'per_page', AUDIT_MESSAGES.perPage],
      ['per_page=1e9', 'per_page', AUDIT_MESSAGES.perPage],
      ['per_page=abc', 'per_page', AUDIT_MESSAGES.perPage],
      ['per_page=2.5', 'per_page', AUDIT_MESSAGES.perPage],
      ['page=0', 'page', AUDIT_MESSAGES.page],
      [`page=${AUDIT_LIMITS.pageMax + 1}`, 'page', AUDIT_MESSAGES.page],
      ['kind=everything', 'kind', AUDIT_MESSAGES.kind],
      ['actor_id=-1', 'actor_id', AUDIT_MESSAGES.actor],
    ];
    for (const [query, field, message] of cases) {
      const response = await api(owner, 'GET', `audit_log?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().errors[field], query).toEqual([message]);
    }
    expect((await auditLog(owner, `?per_page=${AUDIT_LIMITS.perPageMax}`)).perPage).toBe(AUDIT_LIMITS.perPageMax);
  });
});
