import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AssignmentRule, LEAD_MESSAGES } from '@tradeloop/contracts/crm/leads';
import { createTestApp, signUp, type TestUser } from '../../../../test/helpers.ts';
import { createRecord, crm, leadInfo, personOf, timelineOf } from '../test-support.ts';

/** Assigning leads by hand and by rules: round robin, territory, category (see loop-api.test.ts). */
let app: FastifyInstance;
let seller: TestUser;
let ana: TestUser;
let ben: TestUser;
let europe: number;

beforeAll(async () => {
  app = await createTestApp();
  seller = await signUp(app, 'seller');
  ana = await personOf(app, 'subuser', { name: 'Ana Sales', parent: seller });
  ben = await personOf(app, 'subuser', { name: 'Ben Sales', parent: seller });
  const countries = (await app.inject({ method: 'GET', url: '/api/v1/countries' })).json().data;
  europe = countries.find((country: { iso2: string }) => country.iso2 === 'DE').region;
});
afterAll(() => app.close());

async function addRule(user: TestUser, body: Record<string, unknown>): Promise<AssignmentRule> {
  const response = await crm(app, user, 'POST', 'lead/assignment-rules', body);
  if (response.statusCode !== 200) throw new Error(`rule failed: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

async function removeRules(user: TestUser) {
  const rules: AssignmentRule[] = (await crm(app, user, 'GET', 'lead/assignment-rules')).json().data;
  for (const rule of rules) await crm(app, user, 'DELETE', `lead/assignment-rules/${rule.id}`);
}

const ownerOf = async (user: TestUser, id: number) => (await leadInfo(app, user, id)).owner?.id;

describe('POST /crm/v1/lead/assign', () => {
  it('gives a lead to a sub-user, and the lead’s history says so', async () => {
    const lead = await createRecord(app, seller, 1, { first_name: 'Assignable' });
    const response = await crm(app, seller, 'POST', 'lead/assign', { lead_id: lead.id, user_id: ana.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: LEAD_MESSAGES.leadsAssigned(1, 'Ana Sales'),
      data: { count: 1, owner: { id: ana.id, full_name: 'Ana Sales' } },
    });
    expect(await ownerOf(seller, lead.id)).toBe(ana.id);
    expect((await timelineOf(app, seller, lead.id))[0]).toMatchObject({
      kind: 'assigned',
      summary: 'Assigned to Ana Sales',
    });
  });

  it('gives several leads at once, and a sub-user may assign too', async () => {
    const one = await createRecord(app, seller, 1, { first_name: 'One' });
    const two = await createRecord(app, seller, 1, { first_name: 'Two' });
    const response = await crm(app, ana, 'POST', 'lead/assign', { lead_ids: [one.id, two.id], user_id: ben.id });
    expect(response.json()).toMatchObject({ data: { count: 2 }, message: LEAD_MESSAGES.leadsAssigned(2, 'Ben Sales') });
    expect([await ownerOf(seller, one.id), await ownerOf(seller, two.id)]).toEqual([ben.id, ben.id]);
  });

  it('refuses no lead, a user of another company, and records that are not live leads', async () => {
    const lead = await createRecord(app, seller, 1, { first_name: 'Kept' });
    const none = await crm(app, seller, 'POST', 'lead/assign', { user_id: ana.id });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.lead_id).toEqual([LEAD_MESSAGES.leadRequired]);
    const stranger = await signUp(app, 'seller');
    const foreignUser = await crm(app, seller, 'POST', 'lead/assign', { lead_id: lead.id, user_id: stranger.id });
    expect(foreignUser.statusCode).toBe(422);
    expect(foreignUser.json().errors.user_id).toEqual([LEAD_MESSAGES.userNotMember]);
    const contact = await createRecord(app, seller, 4, { first_name: 'Contact' });
    expect(
      (await crm(app, seller, 'POST', 'lead/assign', { lead_ids: [lead.id, contact.id], user_id: ana.id })).statusCode,
    ).toBe(404);
    expect(await ownerOf(seller, lead.id)).toBe(seller.id);
  });
});

describe('assignment rules: lead/assignment-rules', () => {
  it('are listed in order for everyone of the company; only the seller writes them', async () => {
    const first = await addRule(seller, { name: 'Everyone', mode: 'round_robin', user_ids: [ana.id, ben.id] });
    const second = await addRule(seller, {
      name: 'Europe',
      mode: 'territory',
      match_ids: [europe],
      user_ids: [ben.id],
    });
    expect(first).toMatchObject({
      mode: 'round_robin',
      match_ids: [],
      users: [
        { id: ana.id, full_name: 'Ana Sales' },
        { id: ben.id, full_name: 'Ben Sales' },
      ],
      next_user: { id: ana.id },
      is_active: true,
    });
    const listed = (await crm(app, ana, 'GET', 'lead/assignment-rules')).json().data;
    expect(listed.map((rule: AssignmentRule) => rule.name)).toEqual(['Everyone', 'Europe']);
    expect(
      (await crm(app, ana, 'POST', 'lead/assignment-rules', { name: 'x', mode: 'round_robin', user_ids: [ana.id] }))
        .statusCode,
    ).toBe(403);
    expect((await crm(app, ana, 'DELETE', `lead/assignment-rules/${first.id}`)).statusCode).toBe(403);

    const reordered = await crm(app, seller, 'POST', 'lead/assignment-rules/reorder', { ids: [second.id, first.id] });
    expect(reordered.json().data.map((rule: AssignmentRule) => rule.name)).toEqual(['Europe', 'Everyone']);
    const updated = await crm(app, seller, 'PUT', `lead/assignment-rules/${first.id}`, {
      name: 'Everyone else',
      mode: 'round_robin',
      user_ids: [ben.id],
      is_active: false,
    });
    expect(updated.json().data).toMatchObject({ name: 'Everyone else', user_ids: [ben.id], is_active: false });
    expect((await crm(app, seller, 'DELETE', `lead/assignment-rules/${first.id}`)).statusCode).toBe(200);
    expect((await crm(app, seller, 'DELETE', `lead/assignment-rules/${first.id}`)).statusCode).toBe(404);
    await removeRules(seller);
  });

  it('checks name, users, territories and categories', async () => {
    const stranger = await signUp(app, 'seller');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: ' ', mode: 'round_robin', user_ids: [ana.id] }, 'name', LEAD_MESSAGES.ruleNameRequired],
      [{ name: 'No one', mode: 'round_robin', user_ids: [] }, 'user_ids', LEAD_MESSAGES.ruleUsersRequired],
      [{ name: 'Nowhere', mode: 'territory', user_ids: [ana.id] }, 'match_ids', LEAD_MESSAGES.ruleTerritoriesRequired],
      [
        { name: 'Mars', mode: 'territory', match_ids: [9], user_ids: [ana.id] },
        'match_ids',
        LEAD_MESSAGES.unknownTerritory,
      ],
      [{ name: 'Nothing', mode: 'category', user_ids: [ana.id] }, 'match_ids', LEAD_MESSAGES.ruleCategoriesRequired],
      [
        { name: 'Unknown', mode: 'category', match_ids: [99_999_999], user_ids: [ana.id] },
        'match_ids',
        LEAD_MESSAGES.unknownCategory,
      ],
      [{ name: 'Stranger', mode: 'round_robin', user_ids: [stranger.id] }, 'user_ids', LEAD_MESSAGES.userNotMember],
    ];
    for (const [body, field, message] of cases) {
      const response = await crm(app, seller, 'POST', 'lead/assignment-rules', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors[field], JSON.stringify(body)).toEqual([message]);
    }
    expect(
      (await crm(app, seller, 'POST', 'lead/assignment-rules', { name: 'x', mode: 'random', user_ids: [ana.id] }))
        .statusCode,
    ).toBe(422);
  });
});

describe('automatic assignment of new leads nobody chose an owner for', () => {
  it('round robin: the rule’s users take turns, and each lead’s history names the rule', async () => {
    await addRule(seller, { name: 'Take turns', mode: 'round_robin', user_ids: [ana.id, ben.id] });
    const leads = [];
    for (const name of ['R1', 'R2', 'R3']) leads.push(await createRecord(app, seller, 1, { first_name: name }));
    const owners = [];
    for (const lead of leads) owners.push(await ownerOf(seller, lead.id));
    expect(owners).toEqual([ana.id, ben.id, ana.id]);
    const history = await timelineOf(app, seller, leads[1].id);
    expect(history.map((entry) => entry.summary)).toEqual([
      'Assigned to Ben Sales (rule “Take turns”)',
      'Lead created',
    ]);
    expect(history[0].details).toMatchObject({ owner_id: ben.id, rule_name: 'Take turns' });

    // An owner chosen by hand is kept, and does not use a turn.
    const chosen = await crm(app, seller, 'POST', 'crm/create_record', {
      type_id: 1,
      values: { first_name: 'Chosen' },
      owner_id: seller.id,
    });
    expect(await ownerOf(seller, chosen.json().data.id)).toBe(seller.id);
    const next = await createRecord(app, seller, 1, { first_name: 'R4' });
    expect(await ownerOf(seller, next.id)).toBe(ben.id);
    await removeRules(seller);
  });

  it('never gives two leads created at the same time the same turn', async () => {
    const company = await signUp(app, 'seller');
    const one = await personOf(app, 'subuser', { name: 'One', parent: company });
    const two = await personOf(app, 'subuser', { name: 'Two', parent: company });
    await addRule(company, { name: 'Pair', mode: 'round_robin', user_ids: [one.id, two.id] });
    const created = await Promise.all(
      ['A', 'B', 'C', 'D'].map((name) => createRecord(app, company, 1, { first_name: name })),
    );
    const owners = await Promise.all(created.map((lead) => ownerOf(company, lead.id)));
    expect(owners.filter((id) => id === one.id)).toHaveLength(2);
    expect(owners.filter((id) => id === two.id)).toHaveLength(2);
  });

  it('by territory: the lead’s country picks the rule; no matching rule leaves the owner as it was', async () => {
    await addRule(seller, { name: 'Europe desk', mode: 'territory', match_ids: [europe], user_ids: [ben.id] });
    const german = await createRecord(app, seller, 1, { first_name: 'Hans', country: 'Germany' });
    const byCode = await createRecord(app, seller, 1, { first_name: 'Marie', country: 'FR' });
    const indian = await createRecord(app, seller, 1, { first_name: 'Asha', country: 'India' });
    const nowhere = await createRecord(app, seller, 1, { first_name: 'Nomad' });
    expect(await ownerOf(seller, german.id)).toBe(ben.id);
    expect(await ownerOf(seller, byCode.id)).toBe(ben.id);
    expect(await ownerOf(seller, indian.id)).toBe(seller.id);
    expect(await ownerOf(seller, nowhere.id)).toBe(seller.id);
    // A rule further down catches what the first does not match; an inactive rule is skipped.
    const fallback = await addRule(seller, { name: 'Rest', mode: 'round_robin', user_ids: [ana.id] });
    expect(
      await ownerOf(seller, (await createRecord(app, seller, 1, { first_name: 'Raj', country: 'India' })).id),
    ).toBe(ana.id);
    await crm(app, seller, 'PUT', `lead/assignment-rules/${fallback.id}`, {
      name: 'Rest',
      mode: 'round_robin',
      user_ids: [ana.id],
      is_active: false,
    });
    expect(
      await ownerOf(seller, (await createRecord(app, seller, 1, { first_name: 'Ravi', country: 'India' })).id),
    ).toBe(seller.id);
    await removeRules(seller);
  });

  it('applies to imported leads', async () => {
    await addRule(seller, { name: 'Imports', mode: 'round_robin', user_ids: [ben.id] });
    const response = await crm(app, seller, 'POST', 'crm/import', {
      type_id: 1,
      csv: 'First\nImported One\n',
      mapping: { First: 'first_name' },
    });
    expect(response.statusCode).toBe(200);
    const found = (await crm(app, seller, 'POST', 'crm/data_listing', { type_id: 1, query: 'Imported One' })).json()
      .data.data;
    expect(await ownerOf(seller, found[0].id)).toBe(ben.id);
    await removeRules(seller);
  });
});

describe('tenant isolation of assignment', () => {
  it('answers 404 for another company’s leads and rules', async () => {
    const intruder = await signUp(app, 'seller');
    const lead = await createRecord(app, seller, 1, { first_name: 'Not yours' });
    const rule = await addRule(seller, { name: 'Private', mode: 'round_robin', user_ids: [ana.id] });
    const own = await addRule(intruder, { name: 'Own', mode: 'round_robin', user_ids: [intruder.id] });
    const notFound = async (method: 'PUT' | 'POST' | 'DELETE', path: string, payload?: unknown) =>
      expect((await crm(app, intruder, method, path, payload)).statusCode, `${method} ${path}`).toBe(404);
    await notFound('POST', 'lead/assign', { lead_id: lead.id, user_id: intruder.id });
    await notFound('PUT', `lead/assignment-rules/${rule.id}`, {
      name: 'Mine',
      mode: 'round_robin',
      user_ids: [intruder.id],
    });
    await notFound('DELETE', `lead/assignment-rules/${rule.id}`);
    await notFound('POST', 'lead/assignment-rules/reorder', { ids: [own.id, rule.id] });
    const listed = (await crm(app, intruder, 'GET', 'lead/assignment-rules')).json().data;
    expect(listed.map((entry: AssignmentRule) => entry.id)).toEqual([own.id]);
    expect(await ownerOf(seller, lead.id)).toBe(seller.id);
    await removeRules(seller);
  });
});
