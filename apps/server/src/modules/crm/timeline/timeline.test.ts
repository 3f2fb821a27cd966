import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRM_WORK_MESSAGES } from '@tradeloop/contracts/crm/records';
import type { TimelineEntry } from '@tradeloop/contracts/crm/timeline';
import { createTestApp, signUp, type TestUser } from '../../../../test/helpers.ts';
import { createRecord, crm } from '../test-support.ts';

let app: FastifyInstance;
let seller: TestUser;
let intruder: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  seller = await signUp(app, 'seller');
  intruder = await signUp(app, 'seller');
});
afterAll(() => app.close());

async function timeline(user: TestUser, query: string) {
  const response = await crm(app, user, 'GET', `crm/activities/list?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { data: TimelineEntry[]; next_cursor: number | null };
}

const inlineEdit = (lead: { unique_id: string }, field: string, value: unknown) =>
  crm(app, seller, 'POST', 'crm/update_datalisting_fields', {
    unique_id: lead.unique_id,
    type_id: 1,
    form_input_list_id: field,
    value,
  });

describe('GET /crm/v1/crm/activities/list (the timeline)', () => {
  it('records field edits with old and new values, status moves and assignments, newest first', async () => {
    const lead = await createRecord(app, seller, 1, { first_name: 'Ada', company: 'Old Co' });
    await inlineEdit(lead, 'company', 'New Co');
    await inlineEdit(lead, 'lead_status', 'Contacted');
    await crm(app, seller, 'PUT', `crm/update_record/${lead.id}`, {
      values: { first_name: 'Ada', job_title: 'Buyer' },
    });
    // An edit that changes nothing leaves no trace.
    await inlineEdit(lead, 'company', 'New Co');

    const { data } = await timeline(seller, `lead_id=${lead.id}`);
    expect(data.map((entry) => [entry.kind, entry.summary])).toEqual([
      ['field_changed', 'Job title: — → Buyer'],
      ['status_changed', 'Lead status: New → Contacted'],
      ['field_changed', 'Company: Old Co → New Co'],
      ['created', 'Lead created'],
    ]);
    expect(data[2].details).toMatchObject({ field: 'company', old: 'Old Co', new: 'New Co' });
    expect(data[0].actor).toEqual({ id: seller.id, full_name: 'Sam Seller' });
  });

  it('records conversion on the lead and on the records made from it, and deletion and restore', async () => {
    const lead = await createRecord(app, seller, 1, { first_name: 'Bo', company: 'Bo Ltd' });
    const converted = await crm(app, seller, 'POST', 'lead/convert', { lead_id: lead.id });
    expect(converted.statusCode).toBe(200);
    const { contact } = converted.json().data;
    const leadEntries = (await timeline(seller, `lead_id=${lead.id}`)).data;
    expect(leadEntries[0]).toMatchObject({ kind: 'converted', summary: 'Converted into a contact and an account' });
    expect(leadEntries[1]).toMatchObject({ kind: 'status_changed', summary: 'Lead status: New → Converted' });
    const contactEntries = (await timeline(seller, `contact_id=${contact.id}`)).data;
    expect(contactEntries.map((entry) => entry.summary)).toContain('Created by converting a lead');

    const other = await createRecord(app, seller, 1, { first_name: 'Cy' });
    await crm(app, seller, 'DELETE', `crm/delete_lead?unique_id=${other.unique_id}`);
    await crm(app, seller, 'POST', 'crm/restore_lead', { unique_id: other.unique_id });
    const kinds = (await timeline(seller, `lead_id=${other.id}`)).data.map((entry) => entry.kind);
    expect(kinds.slice(0, 2)).toEqual(['restored', 'deleted']);
  });

  it('pages with a cursor without skipping or repeating entries', async () => {
    const lead = await createRecord(app, seller, 1, { first_name: 'Pia' });
    for (let i = 1; i <= 7; i += 1) await inlineEdit(lead, 'company', `Co ${i}`);
    const first = await timeline(seller, `lead_id=${lead.id}&per_page=5`);
    expect(first.data).toHaveLength(5);
    expect(first.next_cursor).toBe(first.data[4].id);
    const second = await timeline(seller, `lead_id=${lead.id}&per_page=5&cursor=${first.next_cursor}`);
    expect(second.data).toHaveLength(3);
    expect(second.next_cursor).toBeNull();
    const summaries = [...first.data, ...second.data].map((entry) => entry.summary);
    expect(summaries[0]).toBe('Company: Co 6 → Co 7');
    expect(summaries.at(-1)).toBe('Lead created');
    expect(new Set(summaries).size).toBe(8);
  });

  it('asks for a record, and hides other companies’ records and entries (404)', async () => {
    const missing = await crm(app, seller, 'GET', 'crm/activities/list');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.lead_id).toEqual([CRM_WORK_MESSAGES.recordRequired]);
    const lead = await createRecord(app, seller, 1, { first_name: 'Secret' });
    expect((await crm(app, intruder, 'GET', `crm/activities/list?lead_id=${lead.id}`)).statusCode).toBe(404);
    // A lead's id named as a contact is not found either.
    expect((await crm(app, seller, 'GET', `crm/activities/list?contact_id=${lead.id}`)).statusCode).toBe(404);
    const logged = await crm(app, intruder, 'POST', 'crm/activities/create', { lead_id: lead.id, summary: 'x' });
    expect(logged.statusCode).toBe(404);
    const feed = (await crm(app, intruder, 'GET', 'activity/all')).json().data.data as { record: { id: number } }[];
    expect(feed.some((entry) => entry.record.id === lead.id)).toBe(false);
  });
});

describe('POST /crm/v1/crm/activities/create and GET /crm/v1/activity/all', () => {
  it('logs an entry by hand and shows it in the record and company feeds', async () => {
    const lead = await createRecord(app, seller, 1, { first_name: 'Dee' });
    const empty = await crm(app, seller, 'POST', 'crm/activities/create', { lead_id: lead.id, summary: '  ' });
    expect(empty.json().errors.summary).toEqual([CRM_WORK_MESSAGES.activityRequired]);
    const logged = await crm(app, seller, 'POST', 'crm/activities/create', {
      lead_id: lead.id,
      summary: 'Visited their plant',
    });
    expect(logged.statusCode).toBe(201);
    expect(logged.json().data).toMatchObject({ kind: 'activity', summary: 'Visited their plant' });
    const feed = (await crm(app, seller, 'GET', 'activity/all?per_page=3')).json().data;
    expect(feed.data[0]).toMatchObject({
      summary: 'Visited their plant',
      record: { id: lead.id, type_id: 1, title: 'Dee' },
    });
  });
});
