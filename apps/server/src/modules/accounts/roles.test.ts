import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PERMISSIONS,
  ROLE_MESSAGES,
  SEEDED_ROLE_KEYS,
  SEEDED_ROLES,
  type Permission,
  type RoleRecord,
} from '@tradeloop/contracts/accounts-roles';
import { CRM_TYPE } from '@tradeloop/contracts/crm/records';
import { as, createTestApp, signUp, uniqueEmail, type TestUser } from '../../../test/helpers.ts';
import { signUpSubUser } from '../catalog/test-support.ts';
import { createRecord, crm, listing } from '../crm/test-support.ts';

let app: FastifyInstance;
let owner: TestUser;
let other: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  owner = await signUp(app, 'seller');
  other = await signUp(app, 'seller');
});
afterAll(() => app.close());

const api = (user: TestUser, method: 'GET' | 'POST', path: string, payload?: object) =>
  as(app, user, { method, url: `/api/v1/${path}`, ...(payload && { payload }) });

async function roles(user: TestUser): Promise<RoleRecord[]> {
  const response = await api(user, 'GET', 'roles/permissions/list');
  expect(response.statusCode).toBe(200);
  return response.json().data.roles;
}

async function createRole(user: TestUser, name: string, permissions: Permission[]) {
  const response = await api(user, 'POST', 'roles/permissions/create', { name, permissions });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().message).toBe(ROLE_MESSAGES.created);
  return response.json().data as RoleRecord;
}

/** A sub-user of the owner's company holding a new role with exactly these permissions. */
async function memberWith(permissions: Permission[]) {
  const role = await createRole(owner, `Role ${uniqueEmail('r')}`, permissions);
  return { role, user: await signUpSubUser(app, owner, role.id) };
}

describe('roles and permissions (decision 038)', () => {
  it('a company starts with the seeded roles; the owner role grants everything and is locked', async () => {
    const list = await roles(owner);
    expect(list.map((role) => role.key)).toEqual(SEEDED_ROLE_KEYS);
    const ownerRole = list.find((role) => role.key === 'owner')!;
    expect(ownerRole).toMatchObject({ name: SEEDED_ROLES.owner.name, locked: true, users: 1 });
    expect(ownerRole.permissions).toEqual([...PERMISSIONS]);
    const response = await api(owner, 'GET', 'roles/permissions/list');
    expect(response.json().data.groups.flatMap((group: { permissions: unknown[] }) => group.permissions)).toHaveLength(
      PERMISSIONS.length,
    );
  });

  it('validates a role with the spec’s words', async () => {
    const cases: [object, string, string][] = [
      [{ permissions: ['chat'] }, 'name', ROLE_MESSAGES.nameRequired],
      [{ name: '  ', permissions: ['chat'] }, 'name', ROLE_MESSAGES.nameRequired],
      [{ name: 'x'.repeat(61), permissions: ['chat'] }, 'name', ROLE_MESSAGES.nameTooLong],
      [{ name: 'Empty' }, 'permissions', ROLE_MESSAGES.permissionsRequired],
      [{ name: 'Empty', permissions: [] }, 'permissions', ROLE_MESSAGES.permissionsRequired],
      [{ name: 'Odd', permissions: ['root'] }, 'permissions.0', ROLE_MESSAGES.permissionUnknown],
    ];
    for (const [payload, field, message] of cases) {
      const response = await api(owner, 'POST', 'roles/permissions/create', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
    }
    await createRole(owner, 'Support desk', ['chat']);
    const taken = await api(owner, 'POST', 'roles/permissions/create', { name: 'support DESK', permissions: ['chat'] });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.name).toEqual([ROLE_MESSAGES.nameTaken]);
  });

  it('the owner role can be neither narrowed nor deleted', async () => {
    const ownerRole = (await roles(owner)).find((role) => role.key === 'owner')!;
    const edit = await api(owner, 'POST', `roles/permissions/update/${ownerRole.id}`, {
      name: 'Owner',
      permissions: ['chat'],
    });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().message).toBe(ROLE_MESSAGES.ownerLocked);
    const remove = await api(owner, 'POST', `roles/permissions/delete/${ownerRole.id}`, {});
    expect(remove.statusCode).toBe(422);
    expect((await roles(owner)).find((role) => role.key === 'owner')!.permissions).toEqual([...PERMISSIONS]);
  });

  it('a role in use goes only when its users get another role, in the same step', async () => {
    const { role, user } = await memberWith(['chat']);
    const refused = await api(owner, 'POST', `roles/permissions/delete/${role.id}`, {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.move_to).toEqual([ROLE_MESSAGES.inUse]);
    const ownerRole = (await roles(owner)).find((candidate) => candidate.key === 'owner')!;
    const toOwner = await api(owner, 'POST', `roles/permissions/delete/${role.id}`, { move_to: ownerRole.id });
    expect(toOwner.statusCode).toBe(422);
    expect(toOwner.json().errors.move_to).toEqual([ROLE_MESSAGES.moveToInvalid]);
    const manager = (await roles(owner)).find((candidate) => candidate.key === 'sales_manager')!;
    const moved = await api(owner, 'POST', `roles/permissions/delete/${role.id}`, { move_to: manager.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ message: ROLE_MESSAGES.deleted, data: { moved: [user.id] } });
    expect((await roles(owner)).some((candidate) => candidate.id === role.id)).toBe(false);
    const team = (await api(owner, 'GET', 'sub_account/list')).json().data as { id: number; role: string }[];
    expect(team.find((member) => member.id === user.id)?.role).toBe(SEEDED_ROLES.sales_manager.name);
  });

  it('another company’s role answers 404 to every call that names it', async () => {
    const theirs = await createRole(other, 'Theirs', ['chat']);
    const body = { name: 'Mine now', permissions: ['chat'] };
    expect((await api(owner, 'POST', `roles/permissions/update/${theirs.id}`, body)).statusCode).toBe(404);
    expect((await api(owner, 'POST', `roles/permissions/delete/${theirs.id}`, {})).statusCode).toBe(404);
    const invite = await api(owner, 'POST', 'sub_account/create', {
      full_name: 'Borrowed Role',
      email_id: uniqueEmail('borrow'),
      role_id: theirs.id,
    });
    expect(invite.statusCode).toBe(422);
    expect(invite.json().errors.role_id).toEqual([ROLE_MESSAGES.roleRequired]);
    expect((await roles(other)).find((role) => role.id === theirs.id)?.name).toBe('Theirs');
  });

  it('a narrow role: own leads only, no deletion, no deals, no catalogue, no settings, no team', async () => {
    const { user: rep } = await memberWith(['crm.leads.view', 'crm.leads.create', 'crm.leads.edit', 'crm.work']);
    const ownersLead = await createRecord(app, owner, CRM_TYPE.leads, { first_name: 'Owners lead' });
    const mine = await createRecord(app, rep, CRM_TYPE.leads, { first_name: 'Reps lead' });

    const seen = await listing(app, rep, { type_id: CRM_TYPE.leads });
    expect(seen.data.map((row) => row.id)).toEqual([mine.id]);
    // Counted as seen: the company's count of every lead would tell the size of the others' pipeline.
    expect([seen.total, seen.lastPage]).toEqual([1, 1]);
    expect((await listing(app, owner, { type_id: CRM_TYPE.leads })).data.map((row) => row.id)).toEqual(
      expect.arrayContaining([mine.id, ownersLead.id]),
    );
    expect((await crm(app, rep, 'GET', `lead/info?lead_id=${ownersLead.id}`)).statusCode).toBe(404);
    expect((await crm(app, rep, 'GET', `lead/info?lead_id=${mine.id}`)).statusCode).toBe(200);
    const edit = await crm(app, rep, 'PUT', `crm/update_record/${mine.id}`, { values: { first_name: 'Renamed' } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await crm(app, rep, 'PUT', `crm/update_record/${ownersLead.id}`, { values: {} })).statusCode).toBe(404);

    const forbidden = [
      await crm(app, rep, 'DELETE', `crm/delete_lead?unique_id=${mine.unique_id}`),
      await crm(app, rep, 'POST', 'crm/data_listing', { type_id: CRM_TYPE.deals }),
      await crm(app, rep, 'POST', 'crm/create_record', { type_id: CRM_TYPE.deals, values: { deal_name: 'No' } }),
      await crm(app, rep, 'POST', 'status-settings/store', { name: 'Mine', colour: 'grape' }),
      await api(rep, 'GET', 'product/list'),
      await api(rep, 'GET', 'roles/permissions/list'),
      await api(rep, 'GET', 'sub_account/list'),
    ];
    for (const response of forbidden) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().message).toBe(ROLE_MESSAGES.forbidden);
    }
    expect((await listing(app, rep, { type_id: CRM_TYPE.leads })).data).toHaveLength(1);
  });

  it('a role change takes effect on the sub-user’s next call', async () => {
    const { user } = await memberWith(['chat']);
    expect((await crm(app, user, 'POST', 'crm/data_listing', { type_id: CRM_TYPE.leads })).statusCode).toBe(403);
    const manager = (await roles(owner)).find((role) => role.key === 'sales_manager')!;
    const change = await api(owner, 'POST', 'sub_account/role', { user_id: user.id, role_id: manager.id });
    expect(change.statusCode, change.body).toBe(200);
    expect(change.json()).toMatchObject({
      message: ROLE_MESSAGES.roleChanged,
      data: { role: SEEDED_ROLES.sales_manager.name },
    });
    expect((await crm(app, user, 'POST', 'crm/data_listing', { type_id: CRM_TYPE.leads })).statusCode).toBe(200);
    const otherCompany = await api(other, 'POST', 'sub_account/role', { user_id: user.id, role_id: manager.id });
    expect(otherCompany.statusCode).toBe(404);
  });

  it('a sub-user who manages the team grants nothing it does not hold', async () => {
    const { user: lead } = await memberWith(['team', 'chat', 'crm.leads.view']);
    expect((await api(lead, 'GET', 'roles/permissions/list')).statusCode).toBe(200);
    const wider = await api(lead, 'POST', 'roles/permissions/create', {
      name: 'Wider',
      permissions: ['catalogue.manage'],
    });
    expect(wider.statusCode).toBe(403);
    expect(wider.json().message).toBe(ROLE_MESSAGES.notYours);
    const manager = (await roles(owner)).find((role) => role.key === 'sales_manager')!;
    const raise = await api(lead, 'POST', 'sub_account/role', { user_id: lead.id, role_id: manager.id });
    expect(raise.statusCode).toBe(403);
    const narrower = await api(lead, 'POST', 'roles/permissions/create', { name: 'Chat only', permissions: ['chat'] });
    expect(narrower.statusCode).toBe(200);
  });

  it('an invitation names the role; without one the sub-user gets the default', async () => {
    const rep = (await roles(owner)).find((role) => role.key === 'sales_representative')!;
    const named = await api(owner, 'POST', 'sub_account/create', {
      full_name: 'Rita Rep',
      email_id: uniqueEmail('rep'),
      role_id: rep.id,
    });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().data).toMatchObject({ role: SEEDED_ROLES.sales_representative.name, role_id: rep.id });
    const unnamed = await api(owner, 'POST', 'sub_account/create', {
      full_name: 'Dan Default',
      email_id: uniqueEmail('default'),
    });
    expect(unnamed.json().data.role).toBe(SEEDED_ROLES.sales_manager.name);
  });
});
