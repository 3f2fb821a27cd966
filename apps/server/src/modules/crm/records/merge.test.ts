import { count, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRM_MESSAGES } from '@tradeloop/contracts/crm/records';
import { as, createTestApp, settled, signUp, type TestUser } from '../../../../test/helpers.ts';
import { crmActivities, crmReminders } from '../activities/tables.ts';
import { crmEmails } from '../emails/tables.ts';
import { crmLeadSessions, crmLeadVisitors } from '../engagement/tables.ts';
import { crmFiles } from '../files/tables.ts';
import { crmLeadThreads } from '../leads/tables.ts';
import { crmNotes } from '../notes/tables.ts';
import { crmRecordTags } from '../tags/tables.ts';
import { crmTimeline } from '../timeline/tables.ts';
import { createRecord, crm } from '../test-support.ts';
import { formData } from './content-test-support.ts';

let app: FastifyInstance;
let seller: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  seller = await signUp(app, 'seller');
  stranger = await signUp(app, 'seller');
});
afterAll(() => app.close());

const ok = async <Answer extends { statusCode: number; body: string }>(response: Promise<Answer>, status = 201) => {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(status);
  return answer;
};

const quotationOf = async (leadId: number) =>
  (await as(app, seller, { method: 'GET', url: `/api/v1/leads/${leadId}/quotation` })).json().data;

const inFuture = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * One of every kind that hangs off a lead, each through its API (engagement is written by the tracking
 * delivery, so its rows are put in directly); `label` tells them apart. With `quote`, the lead is a
 * marketplace buyer's (by e-mail) with a quotation written from it.
 */
async function leadWithAll(values: Record<string, string>, label: string, options: { quote?: boolean } = {}) {
  const buyer = await signUp(app, 'buyer');
  const lead = await createRecord(app, seller, 1, options.quote ? { ...values, email: buyer.email } : values);
  const post = (path: string, body: Record<string, unknown>) => ok(crm(app, seller, 'POST', path, body));
  await post('crm/notes/create_notes', { crm_unique_id: lead.unique_id, message: `${label} note` });
  await ok(
    as(app, seller, {
      method: 'POST',
      url: '/crm/v1/crm/crm_save_file',
      ...formData({ unique_id: lead.unique_id, type_id: '1' }, [
        { name: `${label}.csv`, data: Buffer.from('sku,price\nP-1,10\n') },
      ]),
    }),
  );
  await post('crm/task_information/create', {
    lead_id: lead.id,
    subject: `${label} task`,
    due_at: '2030-12-03T09:00:00Z',
  });
  await post('crm/meeting_information/create', {
    lead_id: lead.id,
    subject: `${label} meeting`,
    starts_at: '2030-12-04T10:00:00.000Z',
    ends_at: '2030-12-04T11:00:00.000Z',
  });
  await post('crm/call_information/create', {
    lead_id: lead.id,
    subject: `${label} call`,
    starts_at: '2024-05-01T08:00:00.000Z',
    call_direction: 'outbound',
    duration_seconds: 60,
  });
  await post('reminder/store', { title: `${label} reminder`, remind_at: '2031-05-01T09:00:00Z', lead_id: lead.id });
  await post('crm/emails/create_emails', { crm_unique_id: lead.unique_id, subject: `${label} e-mail` });
  await ok(
    crm(app, seller, 'PUT', `crm/crm_tags/create_crm_tags/${lead.id}`, { names: [`${label}-tag`, 'shared'] }),
    200,
  );
  await post('thread/store', { lead_id: lead.id, thread_name: `${label} request`, message: 'Wants 40 pumps' });
  await app.db
    .insert(crmLeadVisitors)
    .values({ companyId: seller.companyId!, userId: buyer.id, leadId: lead.id, origin: 'matched' });
  await app.db.insert(crmLeadSessions).values({ leadId: lead.id, sessionId: `${label}-session` });
  if (options.quote) {
    await ok(
      as(app, seller, {
        method: 'POST',
        url: '/api/v1/quotations',
        payload: {
          lead_id: lead.id,
          currency: 'EUR',
          lines: [{ description: `${label} installation`, quantity: 1, unit_price: '95.00' }],
          valid_until: inFuture(7),
        },
      }),
    );
  }
  await settled(app);
  return lead;
}

/** Rows of every table that points at a CRM record, by kind, on record `id`. */
async function relatedCounts(id: number) {
  const rows = async (column: AnyPgColumn) =>
    Number(
      (
        await app.db
          .select({ n: count() })
          .from(column.table as PgTable)
          .where(eq(column, id))
      )[0]!.n,
    );
  const activities = await app.db
    .select({ kind: crmActivities.kind })
    .from(crmActivities)
    .where(eq(crmActivities.recordId, id));
  return {
    notes: await rows(crmNotes.recordId),
    files: await rows(crmFiles.recordId),
    tasks: activities.filter((row) => row.kind === 'task').length,
    meetings: activities.filter((row) => row.kind === 'meeting').length,
    calls: activities.filter((row) => row.kind === 'call').length,
    reminders: await rows(crmReminders.recordId),
    emails: await rows(crmEmails.recordId),
    tags: await rows(crmRecordTags.recordId),
    threads: await rows(crmLeadThreads.leadId),
    visitors: await rows(crmLeadVisitors.leadId),
    sessions: await rows(crmLeadSessions.leadId),
    timeline: await rows(crmTimeline.recordId),
  };
}

const none = {
  notes: 0,
  files: 0,
  tasks: 0,
  meetings: 0,
  calls: 0,
  reminders: 0,
  emails: 0,
  tags: 0,
  threads: 0,
  visitors: 0,
  sessions: 0,
};

describe('POST /crm/v1/lead/convert keeps everything related', () => {
  it('moves what every record shows onto the contact, once, and shows the lead’s requests and engagement through the link', async () => {
    const lead = await leadWithAll({ first_name: 'Kiran', last_name: 'Shah', company: 'Shah Pumps' }, 'kiran', {
      quote: true,
    });
    const before = await relatedCounts(lead.id);
    expect(before).toMatchObject({
      notes: 1,
      files: 1,
      tasks: 1,
      meetings: 1,
      calls: 1,
      reminders: 1,
      emails: 1,
      tags: 2,
      threads: 1,
      visitors: 1,
      sessions: 1,
    });
    const quotationBefore = await quotationOf(lead.id);

    const converted = await ok(crm(app, seller, 'POST', 'lead/convert', { lead_id: lead.id, create_deal: true }), 200);
    const { contact, account, deal } = converted.json().data;
    const onContact = await relatedCounts(contact.id);
    const onLead = await relatedCounts(lead.id);
    // What every record type shows moved onto the contact: each kind once, nothing left behind or doubled.
    for (const kind of ['notes', 'files', 'tasks', 'meetings', 'calls', 'reminders', 'emails', 'tags'] as const) {
      expect(onContact[kind], kind).toBe(before[kind]);
      expect(onLead[kind], kind).toBe(0);
    }
    // The lead's history moved with it; the lead keeps only the lines of its conversion.
    expect(onContact.timeline).toBeGreaterThanOrEqual(before.timeline);
    const leadHistory = await app.db.select().from(crmTimeline).where(eq(crmTimeline.recordId, lead.id));
    expect(leadHistory.map((entry) => entry.kind).sort()).toEqual(['converted', 'status_changed']);
    // What only a lead has stays with it (not copied), and the contact reaches it through its link.
    expect(onLead).toMatchObject({ threads: 1, visitors: 1, sessions: 1 });
    expect(onContact).toMatchObject({ threads: 0, visitors: 0, sessions: 0 });
    for (const made of [account, deal]) expect(await relatedCounts(made.id)).toMatchObject(none);
    const contactInfo = (await crm(app, seller, 'GET', `contact/info-sidebar?contact_id=${contact.id}`)).json().data;
    expect(contactInfo.related.leads.map((item: { id: number }) => item.id)).toEqual([lead.id]);
    expect(contactInfo.analytics).toEqual({ notes: 1, files: 1, tasks: 1, meetings: 1, calls: 1, emails: 1 });
    expect((await crm(app, seller, 'GET', `thread/list/${lead.id}`)).json().data).toHaveLength(1);
    const quotationAfter = await quotationOf(lead.id);
    expect(quotationAfter.quotation.id).toBe(quotationBefore.quotation.id);
  });
});

describe('POST /crm/v1/crm/merge_records', () => {
  it('keeps one lead with the union of both leads’ related records, chosen values, and the other gone', async () => {
    const kept = await leadWithAll({ first_name: 'Asha', last_name: 'Rao' }, 'kept', { quote: true });
    const other = await leadWithAll(
      { first_name: 'Asha R.', last_name: 'Rao', company: 'Rao Textiles', email: 'asha@rao.example' },
      'other',
    );
    const keptBefore = await relatedCounts(kept.id);
    const otherBefore = await relatedCounts(other.id);

    const response = await ok(
      crm(app, seller, 'POST', 'crm/merge_records', {
        kept_id: kept.id,
        merged_id: other.id,
        choices: { first_name: 'merged' },
      }),
      200,
    );
    expect(response.json().message).toBe(CRM_MESSAGES.merged('Asha R. Rao'));
    expect(response.json().data.moved).toMatchObject({ notes: 1, threads: 1, tasks: 1 });

    const info = (await crm(app, seller, 'GET', `lead/info?lead_id=${kept.id}`)).json().data;
    // Values: the chosen first name, the kept e-mail, the company the kept lead lacked from the other.
    expect(info.record.values).toMatchObject({
      first_name: 'Asha R.',
      last_name: 'Rao',
      company: 'Rao Textiles',
      email: kept.values.email,
    });
    const after = await relatedCounts(kept.id);
    for (const kind of Object.keys(none) as (keyof typeof none)[]) {
      // "shared" is on both: the union has it once.
      const expected = kind === 'tags' ? keptBefore.tags + otherBefore.tags - 1 : keptBefore[kind] + otherBefore[kind];
      expect(after[kind], kind).toBe(expected);
    }
    expect(await relatedCounts(other.id)).toMatchObject({ ...none });
    const history = await app.db.select().from(crmTimeline).where(eq(crmTimeline.recordId, kept.id));
    expect(history.some((entry) => entry.kind === 'merged' && entry.summary.includes('Asha R. Rao'))).toBe(true);
    // The kept lead's quotation is still its own.
    const quotation = await quotationOf(kept.id);
    expect(quotation.quotation).not.toBeNull();

    // The merged lead is gone: 404 by id, and not in the list.
    expect((await crm(app, seller, 'GET', `lead/info?lead_id=${other.id}`)).statusCode).toBe(404);
    const again = await crm(app, seller, 'POST', 'crm/merge_records', { kept_id: kept.id, merged_id: other.id });
    expect(again.statusCode).toBe(404);
  });

  it('moves a merged lead’s quotation to a kept lead without one, and refuses two quoted leads with nothing done', async () => {
    const kept = await createRecord(app, seller, 1, { first_name: 'Quote', last_name: 'Less' });
    const quoted = await leadWithAll({ first_name: 'Quote', last_name: 'Had' }, 'quoted', { quote: true });
    await ok(crm(app, seller, 'POST', 'crm/merge_records', { kept_id: kept.id, merged_id: quoted.id }), 200);
    const moved = await quotationOf(kept.id);
    expect(moved.quotation).not.toBeNull();

    const second = await leadWithAll({ first_name: 'Quote', last_name: 'Two' }, 'second', { quote: true });
    const secondBefore = await relatedCounts(second.id);
    const refused = await crm(app, seller, 'POST', 'crm/merge_records', { kept_id: kept.id, merged_id: second.id });
    expect(refused.statusCode).toBe(409);
    expect(await relatedCounts(second.id)).toEqual(secondBefore);
    expect((await crm(app, seller, 'GET', `lead/info?lead_id=${second.id}`)).statusCode).toBe(200);
  });

  it('answers 404 for another company’s record and 422 for two of a kind that differ or the same record', async () => {
    const mine = await createRecord(app, seller, 1, { first_name: 'Mine' });
    const theirs = await createRecord(app, stranger, 1, { first_name: 'Theirs' });
    const contact = await createRecord(app, seller, 4, { first_name: 'Contact', email: 'contact@merge.example' });
    const merge = (body: object, user = seller) => crm(app, user, 'POST', 'crm/merge_records', body);
    expect((await merge({ kept_id: mine.id, merged_id: theirs.id })).statusCode).toBe(404);
    expect((await merge({ kept_id: theirs.id, merged_id: mine.id })).statusCode).toBe(404);
    expect((await merge({ kept_id: mine.id, merged_id: theirs.id }, stranger)).statusCode).toBe(404);
    const sameRecord = await merge({ kept_id: mine.id, merged_id: mine.id });
    expect(sameRecord.statusCode).toBe(422);
    expect(sameRecord.json().errors.merged_id).toEqual([CRM_MESSAGES.mergeSameRecord]);
    const otherType = await merge({ kept_id: mine.id, merged_id: contact.id });
    expect(otherType.statusCode).toBe(422);
    expect(otherType.json().errors.merged_id).toEqual([CRM_MESSAGES.mergeOtherType]);
    expect((await crm(app, stranger, 'GET', `lead/info?lead_id=${theirs.id}`)).statusCode).toBe(200);
  });

  it('merges two contacts: deals and leads that pointed at the merged one point at the kept one', async () => {
    const lead = await createRecord(app, seller, 1, { first_name: 'Dup', last_name: 'Licate', company: 'Dup Co' });
    const converted = (await crm(app, seller, 'POST', 'lead/convert', { lead_id: lead.id, create_deal: true })).json()
      .data;
    const kept = await createRecord(app, seller, 4, { first_name: 'Dup', last_name: 'Licate' });
    await ok(crm(app, seller, 'POST', 'crm/merge_records', { kept_id: kept.id, merged_id: converted.contact.id }), 200);
    const info = (await crm(app, seller, 'GET', `contact/info-sidebar?contact_id=${kept.id}`)).json().data;
    expect(info.related.deals.map((item: { id: number }) => item.id)).toEqual([converted.deal.id]);
    expect(info.related.leads.map((item: { id: number }) => item.id)).toEqual([lead.id]);
    expect(info.record.values.account).toBe(converted.account.id);
  });
});
