import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_MESSAGES, type LeadStatus } from '@tradeloop/contracts/crm/leads';
import { createTestApp, signUp, type TestUser } from '../../../../test/helpers.ts';
import { createRecord, crm, leadInfo, personOf, timelineOf } from '../test-support.ts';

/** Lead statuses per company, the lead_status option list they keep, and moving leads through them. */
let app: FastifyInstance;
let seller: TestUser;
let sub: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  seller = await signUp(app, 'seller');
  sub = await personOf(app, 'subuser', { name: 'Sara Sub', parent: seller });
});
afterAll(() => app.close());

async function statuses(user: TestUser): Promise<LeadStatus[]> {
  const response = await crm(app, user, 'GET', 'status-settings/index');
  if (response.statusCode !== 200) throw new Error(`index failed: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

const byName = (list: LeadStatus[], name: string) => list.find((status) => status.name === name)!;

async function statusOptions(user: TestUser): Promise<string[]> {
  const form = (await crm(app, user, 'GET', 'crm/single_lead_form_detail?type_id=1')).json().data;
  for (const section of form.sections)
    for (const field of section.form_fields) if (field.name === 'lead_status') return field.option_list;
  throw new Error('no lead_status field');
}

describe('GET /crm/v1/status-settings/index', () => {
  it('seeds the company’s statuses from the lead form, with colours, Converted and an added Lost', async () => {
    const list = await statuses(seller);
    expect(list.map((status) => status.name)).toEqual([
      'New',
      'Contacted',
      'Qualified',
      'Proposal Sent',
      'Unqualified',
      'Converted',
      'Lost',
    ]);
    expect(list.map((status) => status.position)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(byName(list, 'Converted')).toMatchObject({ is_converted: true, is_lost: false, colour: 'green' });
    expect(byName(list, 'Lost')).toMatchObject({ is_converted: false, is_lost: true, colour: 'red' });
    expect(byName(list, 'New')).toMatchObject({ is_converted: false, is_lost: false, colour: 'blue', lead_count: 0 });
    expect(await statusOptions(seller)).toEqual(list.map((status) => status.name));
    // Seeding happens once.
    expect((await statuses(seller)).map((status) => status.id)).toEqual(list.map((status) => status.id));
  });

  it('counts live leads per status and lets a sub-user read', async () => {
    await createRecord(app, seller, 1, { first_name: 'Counted', lead_status: 'Qualified' });
    const binned = await createRecord(app, seller, 1, { first_name: 'Binned', lead_status: 'Qualified' });
    await crm(app, seller, 'DELETE', `crm/delete_lead?unique_id=${binned.unique_id}`);
    expect(byName(await statuses(sub), 'Qualified').lead_count).toBe(1);
  });

  it('follows options added or removed in the form builder', async () => {
    const company = await signUp(app, 'seller');
    await statuses(company);
    const form = (await crm(app, company, 'GET', 'crm/single_lead_form_detail?type_id=1')).json().data;
    for (const section of form.sections)
      for (const field of section.form_fields)
        if (field.name === 'lead_status')
          field.option_list = [...field.option_list.filter((name: string) => name !== 'Unqualified'), 'Nurturing'];
    const saved = await crm(app, company, 'POST', 'crm/save_input_form', { type_id: 1, sections: form.sections });
    expect(saved.statusCode).toBe(200);
    const names = (await statuses(company)).map((status) => status.name);
    expect(names).toEqual(['New', 'Contacted', 'Qualified', 'Proposal Sent', 'Converted', 'Lost', 'Nurturing']);
  });
});

describe('POST /crm/v1/status-settings/store', () => {
  it('adds a status at the end and to the lead_status options', async () => {
    const response = await crm(app, seller, 'POST', 'status-settings/store', { name: 'Negotiating', colour: 'grape' });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(LEAD_MESSAGES.statusCreated);
    expect(response.json().data).toMatchObject({ name: 'Negotiating', colour: 'grape', position: 7, lead_count: 0 });
    expect((await statusOptions(seller)).at(-1)).toBe('Negotiating');
    // The new status is a value leads can take.
    const lead = await createRecord(app, seller, 1, { first_name: 'Haggler', lead_status: 'Negotiating' });
    expect(lead.values.lead_status).toBe('Negotiating');
  });

  it('refuses an empty or taken name, an unknown colour and both flags at once', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '  ' }, 'name', LEAD_MESSAGES.statusNameRequired],
      [{ name: 'negotiating' }, 'name', LEAD_MESSAGES.statusNameTaken],
      [{ name: 'Won', is_converted: true, is_lost: true }, 'is_lost', LEAD_MESSAGES.statusBothFlags],
    ];
    for (const [body, field, message] of cases) {
      const response = await crm(app, seller, 'POST', 'status-settings/store', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
    }
    expect((await crm(app, seller, 'POST', 'status-settings/store', { name: 'X', colour: 'plaid' })).statusCode).toBe(
      422,
    );
  });

  it('is for the seller who owns the company: a sub-user gets 403', async () => {
    expect((await crm(app, sub, 'POST', 'status-settings/store', { name: 'Sub status' })).statusCode).toBe(403);
    const [first] = await statuses(seller);
    expect((await crm(app, sub, 'PUT', `status-settings/update/${first.id}`, { colour: 'red' })).statusCode).toBe(403);
    expect((await crm(app, sub, 'DELETE', `status-settings/destroy/${first.id}`)).statusCode).toBe(403);
    expect((await crm(app, sub, 'POST', 'status-settings/reorder', { ids: [first.id] })).statusCode).toBe(403);
  });
});

describe('PUT /crm/v1/status-settings/update/{id}', () => {
  it('renames a status: the option and every lead holding it follow, in one go', async () => {
    const lead = await createRecord(app, seller, 1, { first_name: 'Reached', lead_status: 'Contacted' });
    const contacted = byName(await statuses(seller), 'Contacted');
    const response = await crm(app, seller, 'PUT', `status-settings/update/${contacted.id}`, {
      name: 'Reached out',
      colour: 'indigo',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id: contacted.id,
      name: 'Reached out',
      colour: 'indigo',
      lead_count: 1,
    });
    expect((await leadInfo(app, seller, lead.id)).values.lead_status).toBe('Reached out');
    const options = await statusOptions(seller);
    expect(options[1]).toBe('Reached out');
    expect(options).not.toContain('Contacted');
    // The keyword index follows the new name.
    const found = (await crm(app, seller, 'POST', 'crm/data_listing', { type_id: 1, query: 'reached out' })).json()
      .data;
    expect(found.data.map((row: { id: number }) => row.id)).toContain(lead.id);
  });

  it('renames the default status of new leads too', async () => {
    const company = await signUp(app, 'seller');
    const fresh = byName(await statuses(company), 'New');
    await crm(app, company, 'PUT', `status-settings/update/${fresh.id}`, { name: 'Fresh' });
    const lead = await createRecord(app, company, 1, { first_name: 'Defaulted' });
    expect(lead.values.lead_status).toBe('Fresh');
  });

  it('refuses a name another status has, and converted with lost', async () => {
    const list = await statuses(seller);
    const qualified = byName(list, 'Qualified');
    const taken = await crm(app, seller, 'PUT', `status-settings/update/${qualified.id}`, { name: 'LOST' });
    expect(taken.json().errors.name).toEqual([LEAD_MESSAGES.statusNameTaken]);
    const both = await crm(app, seller, 'PUT', `status-settings/update/${byName(list, 'Converted').id}`, {
      is_lost: true,
    });
    expect(both.statusCode).toBe(422);
    expect(both.json().errors.is_lost).toEqual([LEAD_MESSAGES.statusBothFlags]);
    // Changing only the case of its own name is fine.
    const recased = await crm(app, seller, 'PUT', `status-settings/update/${qualified.id}`, { name: 'QUALIFIED' });
    expect(recased.statusCode).toBe(200);
    await crm(app, seller, 'PUT', `status-settings/update/${qualified.id}`, { name: 'Qualified' });
  });
});

describe('DELETE /crm/v1/status-settings/destroy/{id}', () => {
  it('refuses a status live leads hold, then moves them to the replacement and tells their history', async () => {
    const list = await statuses(seller);
    const proposal = byName(list, 'Proposal Sent');
    const lead = await createRecord(app, seller, 1, { first_name: 'Proposed', lead_status: 'Proposal Sent' });
    const refused = await crm(app, seller, 'DELETE', `status-settings/destroy/${proposal.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(LEAD_MESSAGES.statusInUse(1));
    const self = await crm(
      app,
      seller,
      'DELETE',
      `status-settings/destroy/${proposal.id}?replacement_id=${proposal.id}`,
    );
    expect(self.json().errors.replacement_id).toEqual([LEAD_MESSAGES.replacementSame]);

    const qualified = byName(list, 'Qualified');
    const moved = await crm(
      app,
      seller,
      'DELETE',
      `status-settings/destroy/${proposal.id}?replacement_id=${qualified.id}`,
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toEqual({ moved: 1 });
    expect((await leadInfo(app, seller, lead.id)).values.lead_status).toBe('Qualified');
    expect((await timelineOf(app, seller, lead.id))[0]).toMatchObject({
      kind: 'status_changed',
      summary: 'Lead status: Proposal Sent → Qualified',
    });
    const after = await statuses(seller);
    expect(after.map((status) => status.name)).not.toContain('Proposal Sent');
    expect(after.map((status) => status.position)).toEqual(after.map((_, index) => index));
    expect(await statusOptions(seller)).toEqual(after.map((status) => status.name));
  });

  it('deletes an unused status, and never the last one', async () => {
    const company = await signUp(app, 'seller');
    const list = await statuses(company);
    for (const status of list.slice(1)) {
      expect((await crm(app, company, 'DELETE', `status-settings/destroy/${status.id}`)).statusCode).toBe(200);
    }
    const last = await crm(app, company, 'DELETE', `status-settings/destroy/${list[0].id}`);
    expect(last.statusCode).toBe(422);
    expect(last.json().errors.id).toEqual([LEAD_MESSAGES.lastStatus]);
    expect(await statusOptions(company)).toEqual(['New']);
  });
});

describe('POST /crm/v1/status-settings/reorder', () => {
  it('puts statuses and options in the new order; every id once', async () => {
    const company = await signUp(app, 'seller');
    const ids = (await statuses(company)).map((status) => status.id);
    const reversed = [...ids].reverse();
    const response = await crm(app, company, 'POST', 'status-settings/reorder', { ids: reversed });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((status: LeadStatus) => status.id)).toEqual(reversed);
    expect((await statusOptions(company))[0]).toBe('Lost');
    const missing = await crm(app, company, 'POST', 'status-settings/reorder', { ids: reversed.slice(1) });
    expect(missing.json().errors.ids).toEqual([LEAD_MESSAGES.reorderIncomplete]);
    const twice = await crm(app, company, 'POST', 'status-settings/reorder', { ids: [...reversed.slice(1), ids[1]] });
    expect(twice.statusCode).toBe(422);
  });
});

describe('POST /crm/v1/lead/lead-status-update', () => {
  it('moves a lead to a status, and its history tells from where to where', async () => {
    const lead = await createRecord(app, seller, 1, { first_name: 'Mover' });
    const qualified = byName(await statuses(seller), 'Qualified');
    const response = await crm(app, sub, 'POST', 'lead/lead-status-update', {
      lead_id: lead.id,
      status_id: qualified.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(LEAD_MESSAGES.leadStatusUpdated);
    expect(response.json().data.lead.values.lead_status).toBe('Qualified');
    expect(response.json().data.status).toMatchObject({ id: qualified.id, name: 'Qualified' });
    const [entry] = await timelineOf(app, seller, lead.id);
    expect(entry).toMatchObject({ kind: 'status_changed', summary: 'Lead status: New → Qualified' });
  });

  it('from inside a thread: the history names the thread; another lead’s thread is 404', async () => {
    const lead = await createRecord(app, seller, 1, { first_name: 'Threaded' });
    const other = await createRecord(app, seller, 1, { first_name: 'Other' });
    const thread = (
      await crm(app, seller, 'POST', 'thread/store', { lead_id: lead.id, thread_name: 'Phone enquiry' })
    ).json().data;
    const lost = byName(await statuses(seller), 'Lost');
    const response = await crm(app, seller, 'POST', 'lead/lead-status-update', {
      lead_id: lead.id,
      status_id: lost.id,
      thread_id: thread.id,
    });
    expect(response.statusCode).toBe(200);
    const [entry] = await timelineOf(app, seller, lead.id);
    expect(entry).toMatchObject({
      kind: 'status_changed',
      summary: 'Lead status: New → Lost (in “Phone enquiry”)',
      details: { field: 'lead_status', old: 'New', new: 'Lost', thread_id: thread.id },
    });
    const wrong = await crm(app, seller, 'POST', 'lead/lead-status-update', {
      lead_id: other.id,
      status_id: lost.id,
      thread_id: thread.id,
    });
    expect(wrong.statusCode).toBe(404);
    expect((await leadInfo(app, seller, other.id)).values.lead_status).toBe('New');
  });

  it('answers 404 for an unknown status or a record that is not a lead', async () => {
    const lead = await createRecord(app, seller, 1, { first_name: 'Unmoved' });
    expect(
      (await crm(app, seller, 'POST', 'lead/lead-status-update', { lead_id: lead.id, status_id: 999_999 })).statusCode,
    ).toBe(404);
    const [first] = await statuses(seller);
    const account = await createRecord(app, seller, 3, { account_name: 'Not a lead' });
    expect(
      (await crm(app, seller, 'POST', 'lead/lead-status-update', { lead_id: account.id, status_id: first.id }))
        .statusCode,
    ).toBe(404);
    expect((await crm(app, seller, 'POST', 'lead/lead-status-update', { lead_id: lead.id })).statusCode).toBe(422);
  });
});

describe('GET /crm/v1/lead/group-classification', () => {
  it('counts live leads by status in order, by source, and open, converted and lost', async () => {
    const company = await signUp(app, 'seller');
    // The statuses (and with them the Lost option) exist from their first use.
    await statuses(company);
    const make = (values: Record<string, string>) => createRecord(app, company, 1, { first_name: 'L', ...values });
    await make({ lead_status: 'New', lead_source: 'Website' });
    await make({ lead_status: 'New', lead_source: 'Website' });
    await make({ lead_status: 'Qualified', lead_source: 'Referral' });
    await make({ lead_status: 'Converted', lead_source: 'Website' });
    await make({ lead_status: 'Lost' });
    const gone = await make({ lead_status: 'Lost' });
    await crm(app, company, 'DELETE', `crm/delete_lead?unique_id=${gone.unique_id}`);
    const response = await crm(app, company, 'GET', 'lead/group-classification');
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.by_status.map((entry: { name: string; count: number }) => [entry.name, entry.count])).toEqual([
      ['New', 2],
      ['Contacted', 0],
      ['Qualified', 1],
      ['Proposal Sent', 0],
      ['Unqualified', 0],
      ['Converted', 1],
      ['Lost', 1],
    ]);
    expect(data.by_status[0]).toMatchObject({ colour: 'blue', is_converted: false, is_lost: false });
    expect(data.by_source).toEqual([
      { source: 'Website', count: 3 },
      { source: null, count: 1 },
      { source: 'Referral', count: 1 },
    ]);
    expect(data.totals).toEqual({ total: 5, open: 3, converted: 1, lost: 1 });
  });
});

describe('tenant isolation of statuses', () => {
  it('answers 404 for another company’s status, lead and replacement', async () => {
    const intruder = await signUp(app, 'seller');
    const own = await statuses(intruder);
    const theirs = await statuses(seller);
    const lead = await createRecord(app, seller, 1, { first_name: 'Private' });
    const ownLead = await createRecord(app, intruder, 1, { first_name: 'Mine' });
    const notFound = async (method: 'PUT' | 'POST' | 'DELETE', path: string, payload?: unknown) =>
      expect((await crm(app, intruder, method, path, payload)).statusCode, `${method} ${path}`).toBe(404);
    await notFound('PUT', `status-settings/update/${theirs[0].id}`, { name: 'Hacked' });
    await notFound('DELETE', `status-settings/destroy/${theirs[1].id}`);
    await notFound('DELETE', `status-settings/destroy/${own[1].id}?replacement_id=${theirs[0].id}`);
    await notFound('POST', 'status-settings/reorder', { ids: theirs.map((status) => status.id) });
    await notFound('POST', 'lead/lead-status-update', { lead_id: lead.id, status_id: own[0].id });
    await notFound('POST', 'lead/lead-status-update', { lead_id: ownLead.id, status_id: theirs[2].id });
    expect((await statuses(seller)).map((status) => status.name)).toEqual(theirs.map((status) => status.name));
    const classification = (await crm(app, intruder, 'GET', 'lead/group-classification')).json().data;
    expect(classification.totals.total).toBe(1);
  });
});
