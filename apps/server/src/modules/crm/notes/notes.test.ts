import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES, CRM_WORK_MESSAGES } from '@tradeloop/contracts/crm/records';
import type { CrmNote } from '@tradeloop/contracts/crm/notes';
import { createTestApp, signUp, type TestUser } from '../../../../test/helpers.ts';
import { createRecord, crm } from '../test-support.ts';
import { timelineOf } from '../records/content-test-support.ts';

let app: FastifyInstance;
let seller: TestUser;
let intruder: TestUser;
let lead: { id: number; unique_id: string };

beforeAll(async () => {
  app = await createTestApp();
  seller = await signUp(app, 'seller');
  intruder = await signUp(app, 'seller');
  lead = await createRecord(app, seller, 1, { first_name: 'Nora', company: 'Notes Ltd' });
});
afterAll(() => app.close());

const notesPath = 'crm/notes/create_notes';

describe('crm/notes/create_notes', () => {
  it('adds, lists newest first, edits and deletes notes, each change in the timeline', async () => {
    const first = await crm(app, seller, 'POST', notesPath, {
      crm_unique_id: lead.unique_id,
      message: 'Called, no answer',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().message).toBe(CONTENT_MESSAGES.noteAdded);
    const note = first.json().data as CrmNote;
    expect(note).toMatchObject({ record_id: lead.id, message: 'Called, no answer', author: { id: seller.id } });
    const long = `Wants samples. ${'x'.repeat(200)}`;
    const second = (await crm(app, seller, 'POST', notesPath, { lead_id: lead.id, message: long })).json().data;

    const list = await crm(app, seller, 'GET', `${notesPath}?crm_unique_id=${lead.unique_id}`);
    expect(list.json().data.map((item: CrmNote) => item.id)).toEqual([second.id, note.id]);
    const byLeadId = await crm(app, seller, 'GET', `${notesPath}?lead_id=${lead.id}`);
    expect(byLeadId.json().data).toHaveLength(2);

    const edited = await crm(app, seller, 'PUT', notesPath, { id: note.id, message: 'Called back: interested' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.message).toBe('Called back: interested');
    // Saving the same message again changes nothing and writes no history.
    await crm(app, seller, 'PUT', notesPath, { id: note.id, message: 'Called back: interested' });

    const removed = await crm(app, seller, 'DELETE', `${notesPath}?id=${second.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await crm(app, seller, 'GET', `${notesPath}?lead_id=${lead.id}`)).json().data).toHaveLength(1);

    const entries = (await timelineOf(app, seller, `lead_id=${lead.id}&kind=note`)).map((entry) => [
      entry.action,
      entry.summary,
    ]);
    expect(entries).toEqual([
      ['removed', `Note removed: ${long.slice(0, 120)}…`],
      ['updated', 'Note edited: Called back: interested'],
      ['added', `Note added: ${long.slice(0, 120)}…`],
      ['added', 'Note added: Called, no answer'],
    ]);
  });

  it('refuses an empty or too long note and a call that names no record', async () => {
    const empty = await crm(app, seller, 'POST', notesPath, { lead_id: lead.id, message: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe(CONTENT_MESSAGES.noteRequired);
    const missing = await crm(app, seller, 'POST', notesPath, { lead_id: lead.id });
    expect(missing.json().message).toBe(CONTENT_MESSAGES.noteRequired);
    const long = await crm(app, seller, 'POST', notesPath, { lead_id: lead.id, message: 'x'.repeat(10_001) });
    expect(long.statusCode).toBe(422);
    expect(long.json().message).toBe(CONTENT_MESSAGES.noteTooLong);
    const exactly = await crm(app, seller, 'POST', notesPath, { lead_id: lead.id, message: 'x'.repeat(10_000) });
    expect(exactly.statusCode).toBe(201);
    const noRecord = await crm(app, seller, 'POST', notesPath, { message: 'Orphan' });
    expect(noRecord.statusCode).toBe(422);
    expect(noRecord.json().message).toBe(CRM_WORK_MESSAGES.recordRequired);
    const wrongType = await crm(app, seller, 'GET', `${notesPath}?contact_id=${lead.id}`);
    expect(wrongType.statusCode).toBe(404);
  });

  it('answers 404 for another company’s record and notes', async () => {
    const note = (await crm(app, seller, 'POST', notesPath, { lead_id: lead.id, message: 'Private' })).json().data;
    const expectNotFound = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) =>
      expect((await crm(app, intruder, method, path, payload)).statusCode, `${method} ${path}`).toBe(404);
    await expectNotFound('GET', `${notesPath}?crm_unique_id=${lead.unique_id}`);
    await expectNotFound('GET', `${notesPath}?lead_id=${lead.id}`);
    await expectNotFound('POST', notesPath, { lead_id: lead.id, message: 'Hacked' });
    await expectNotFound('PUT', notesPath, { id: note.id, message: 'Hacked' });
    await expectNotFound('DELETE', `${notesPath}?id=${note.id}`);
    const still = (await crm(app, seller, 'GET', `${notesPath}?lead_id=${lead.id}`)).json().data as CrmNote[];
    expect(still.find((item) => item.id === note.id)?.message).toBe('Private');
  });

  it('counts notes on the record page', async () => {
    const contact = await createRecord(app, seller, 4, { first_name: 'Counted' });
    await crm(app, seller, 'POST', notesPath, { contact_id: contact.id, message: 'One' });
    await crm(app, seller, 'POST', notesPath, { contact_id: contact.id, message: 'Two' });
    const info = await crm(app, seller, 'GET', `contact/info-sidebar?contact_id=${contact.id}`);
    expect(info.json().data.analytics.notes).toBe(2);
  });
});
