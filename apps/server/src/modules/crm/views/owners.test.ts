import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '@tradeloop/contracts/accounts-roles';
import { CRM_MESSAGES } from '@tradeloop/contracts/crm/records';
import { as, createTestApp, signUp, type TestUser } from '../../../../test/helpers.ts';
import { signUpSubUser } from '../../catalog/test-support.ts';
import { createRecord, crm } from '../test-support.ts';

/** Views and saved filters have owners (issue 43, docs/decisions/058). */

let app: FastifyInstance;
let owner: TestUser;
/** Sub-users whose role lacks crm.settings. */
let rep: TestUser;
let colleague: TestUser;
/** A sub-user whose role holds crm.settings. */
let admin: TestUser;
let stranger: TestUser;

async function roleWith(name: string, permissions: Permission[]) {
  const response = await as(app, owner, {
    method: 'POST',
    url: '/api/v1/roles/permissions/create',
    payload: { name, permissions },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id as number;
}

beforeAll(async () => {
  app = await createTestApp();
  owner = await signUp(app, 'seller');
  stranger = await signUp(app, 'seller');
  const work: Permission[] = ['crm.leads.view', 'crm.leads.create', 'crm.leads.edit', 'crm.work'];
  const repRole = await roleWith('Views rep', work);
  const adminRole = await roleWith('Views admin', [...work, 'crm.settings']);
  rep = await signUpSubUser(app, owner, repRole);
  colleague = await signUpSubUser(app, owner, repRole);
  admin = await signUpSubUser(app, owner, adminRole);
  await createRecord(app, owner, 1, { first_name: 'Hot one', rating: 'Hot' });
  await createRecord(app, owner, 1, { first_name: 'Cold one', rating: 'Cold' });
});
afterAll(() => app.close());

const hot = [{ id: 'rating', condition: 1, value: ['Hot'] }];
let names = 0;
const fresh = (label: string) => `${label} ${(names += 1)}`;

async function saveView(user: TestUser, name: string, visibility?: 'private' | 'company') {
  const response = await crm(app, user, 'POST', 'lead/custom-index-save', {
    type_id: 1,
    name,
    filters: hot,
    ...(visibility && { visibility }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: number; visibility: string; owner: { id: number }; can_edit: boolean };
}

const viewNames = async (user: TestUser) =>
  (await crm(app, user, 'GET', 'crm/custom_view?type_id=1')).json().data.map((view: { name: string }) => view.name);

const updateView = (user: TestUser, id: number, body: Record<string, unknown> = {}) =>
  crm(app, user, 'PUT', `lead/custom-index-save/${id}`, { type_id: 1, name: `Renamed ${id}`, filters: hot, ...body });

describe('custom views have owners (crm/custom_view, lead/custom-index-save)', () => {
  it('a new view is private to its author: others never see it, and every call on it answers 404', async () => {
    const name = fresh('Mine');
    const view = await saveView(rep, name);
    expect(view).toMatchObject({ visibility: 'private', owner: { id: rep.id, full_name: 'Sub User' }, can_edit: true });
    expect(await viewNames(rep)).toContain(name);
    for (const other of [colleague, owner, admin]) {
      expect(await viewNames(other)).not.toContain(name);
      for (const response of [
        await crm(app, other, 'GET', `crm/custom_view/${view.id}`),
        await updateView(other, view.id),
        await crm(app, other, 'DELETE', `crm/custom_view/${view.id}`),
        await crm(app, other, 'POST', 'crm/data_listing', { type_id: 1, custom_view_id: view.id }),
      ]) {
        expect(response.statusCode).toBe(404);
      }
    }
    const missing = await crm(app, colleague, 'GET', 'crm/custom_view/999999999');
    expect((await crm(app, colleague, 'GET', `crm/custom_view/${view.id}`)).json()).toEqual(missing.json());
    expect((await crm(app, rep, 'GET', `crm/custom_view/${view.id}`)).json().data.name).toBe(name);
  });

  it('a shared view is seen by everyone; only its author or a crm.settings holder changes or deletes it', async () => {
    const name = fresh('Team');
    const view = await saveView(rep, name, 'company');
    expect(view).toMatchObject({ visibility: 'company', owner: { id: rep.id }, can_edit: true });
    for (const other of [colleague, owner, admin]) expect(await viewNames(other)).toContain(name);
    const seen = (await crm(app, colleague, 'GET', `crm/custom_view/${view.id}`)).json().data;
    expect(seen).toMatchObject({ owner: { id: rep.id }, visibility: 'company', can_edit: false });
    expect((await crm(app, admin, 'GET', `crm/custom_view/${view.id}`)).json().data.can_edit).toBe(true);
    expect((await crm(app, owner, 'GET', `crm/custom_view/${view.id}`)).json().data.can_edit).toBe(true);

    for (const refused of [
      await updateView(colleague, view.id),
      await crm(app, colleague, 'DELETE', `crm/custom_view/${view.id}`),
    ]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(CRM_MESSAGES.sharedViewLocked);
    }
    // The colleague may still use it (on the records their role lets them see).
    const page = await crm(app, colleague, 'POST', 'crm/data_listing', { type_id: 1, custom_view_id: view.id });
    expect(page.statusCode).toBe(200);
    const ownersPage = await crm(app, owner, 'POST', 'crm/data_listing', { type_id: 1, custom_view_id: view.id });
    expect(ownersPage.json().data.total).toBe(1);

    expect((await updateView(rep, view.id, { name: `${name} by author` })).statusCode).toBe(200);
    expect((await updateView(admin, view.id, { name: `${name} by admin` })).statusCode).toBe(200);
    const byOwner = await updateView(owner, view.id, { name: `${name} by owner` });
    expect(byOwner.json().data).toMatchObject({
      name: `${name} by owner`,
      visibility: 'company',
      owner: { id: rep.id },
    });
    // Only the author makes it private again.
    const hidden = await updateView(admin, view.id, { visibility: 'private' });
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json().message).toBe(CRM_MESSAGES.onlyAuthorMakesPrivate);
    expect((await crm(app, owner, 'DELETE', `crm/custom_view/${view.id}`)).statusCode).toBe(200);
    expect(await viewNames(rep)).not.toContain(`${name} by owner`);

    const another = await saveView(rep, fresh('Team'), 'company');
    expect((await crm(app, admin, 'DELETE', `crm/custom_view/${another.id}`)).statusCode).toBe(200);
  });

  it('an author shares a private view and takes it back', async () => {
    const view = await saveView(colleague, fresh('Toggle'));
    const shared = await updateView(colleague, view.id, { visibility: 'company' });
    expect(shared.json().data.visibility).toBe('company');
    expect((await crm(app, rep, 'GET', `crm/custom_view/${view.id}`)).statusCode).toBe(200);
    const kept = await updateView(colleague, view.id, { visibility: 'private' });
    expect(kept.json().data.visibility).toBe('private');
    expect((await crm(app, rep, 'GET', `crm/custom_view/${view.id}`)).statusCode).toBe(404);
  });

  it('names are unique among the shared views and among each author’s own', async () => {
    const name = fresh('Same');
    await saveView(rep, name);
    // Another author's private view does not hold the name.
    await saveView(colleague, name);
    const clash = await crm(app, rep, 'POST', 'lead/custom-index-save', { type_id: 1, name, visibility: 'company' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors.name).toEqual([CRM_MESSAGES.viewNameTaken]);
    const shared = fresh('Shared');
    await saveView(owner, shared, 'company');
    const taken = await crm(app, rep, 'POST', 'lead/custom-index-save', { type_id: 1, name: shared.toUpperCase() });
    expect(taken.statusCode).toBe(409);
  });

  it('another company’s view answers 404, and a wrong visibility 422 naming the field', async () => {
    const theirs = await saveView(stranger, fresh('Theirs'), 'company');
    expect((await crm(app, owner, 'GET', `crm/custom_view/${theirs.id}`)).statusCode).toBe(404);
    expect((await updateView(owner, theirs.id)).statusCode).toBe(404);
    expect((await crm(app, owner, 'DELETE', `crm/custom_view/${theirs.id}`)).statusCode).toBe(404);
    const bad = await crm(app, rep, 'POST', 'lead/custom-index-save', { type_id: 1, name: 'x', visibility: 'team' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.visibility).toEqual([CRM_MESSAGES.visibilityInvalid]);
  });
});

describe('saved filters have owners (lead/filter-save, lead/filter-delete)', () => {
  async function saveFilter(user: TestUser, body: Record<string, unknown>) {
    return crm(app, user, 'POST', 'lead/filter-save', { type_id: 1, filters: hot, ...body });
  }
  const filterNames = async (user: TestUser) =>
    (await crm(app, user, 'GET', 'lead/filter-list?type_id=1'))
      .json()
      .data.savedFilterRequests.map((filter: { name: string }) => filter.name);

  it('a private filter is its author’s alone; a shared one is changed only by its author or crm.settings', async () => {
    const mine = fresh('My filter');
    const saved = (await saveFilter(rep, { name: mine })).json().data.saved;
    expect(saved).toMatchObject({ visibility: 'private', owner: { id: rep.id }, can_edit: true });
    for (const other of [colleague, owner, admin]) {
      expect(await filterNames(other)).not.toContain(mine);
      expect((await saveFilter(other, { id: saved.id, name: 'Taken over' })).statusCode).toBe(404);
      expect((await crm(app, other, 'DELETE', `lead/filter-delete/${saved.id}`)).statusCode).toBe(404);
      const listed = await crm(app, other, 'POST', 'crm/data_listing', { type_id: 1, filter_id: saved.id });
      expect(listed.statusCode).toBe(404);
    }

    const team = fresh('Team filter');
    const shared = (await saveFilter(rep, { name: team, visibility: 'company' })).json().data.saved;
    const seen = (await crm(app, colleague, 'GET', 'lead/filter-list?type_id=1')).json().data.savedFilterRequests;
    expect(seen.find((filter: { id: number }) => filter.id === shared.id)).toMatchObject({
      visibility: 'company',
      owner: { id: rep.id },
      can_edit: false,
    });
    for (const refused of [
      await saveFilter(colleague, { id: shared.id, name: 'Mine now' }),
      await crm(app, colleague, 'DELETE', `lead/filter-delete/${shared.id}`),
    ]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(CRM_MESSAGES.sharedViewLocked);
    }
    expect((await saveFilter(admin, { id: shared.id, name: `${team} edited` })).statusCode).toBe(200);
    expect((await saveFilter(rep, { id: shared.id, name: `${team} again` })).statusCode).toBe(200);
    expect((await crm(app, owner, 'DELETE', `lead/filter-delete/${shared.id}`)).statusCode).toBe(200);
    expect((await crm(app, rep, 'DELETE', `lead/filter-delete/${saved.id}`)).statusCode).toBe(200);
  });

  it('another company’s filter answers 404, and a wrong visibility 422 naming the field', async () => {
    const theirs = (await saveFilter(stranger, { name: fresh('Theirs'), visibility: 'company' })).json().data.saved;
    expect((await saveFilter(owner, { id: theirs.id, name: 'Ours' })).statusCode).toBe(404);
    expect((await crm(app, owner, 'DELETE', `lead/filter-delete/${theirs.id}`)).statusCode).toBe(404);
    const bad = await saveFilter(rep, { name: 'x', visibility: 'everyone' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.visibility).toEqual([CRM_MESSAGES.visibilityInvalid]);
  });
});
