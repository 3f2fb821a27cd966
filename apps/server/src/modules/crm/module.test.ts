import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestUser } from '../../../test/helpers.ts';
import type { ExternalField, RecordChange, TagAdded } from './records/hooks.ts';
import { systemFieldDefs } from './forms/fields.ts';
import { createRecord, crm } from './test-support.ts';

/*
 * The CRM's hooks belong to one app (crm/module.ts, decision 054): two apps built in one process, as
 * the tests build them, never call each other's listeners, providers or fields.
 */

let one: FastifyInstance;
let two: FastifyInstance;
let sellerOne: TestUser;
let sellerTwo: TestUser;

beforeAll(async () => {
  [one, two] = await Promise.all([createTestApp(), createTestApp()]);
  [sellerOne, sellerTwo] = await Promise.all([signUp(one, 'seller'), signUp(two, 'seller')]);
});
afterAll(() => Promise.all([one.close(), two.close()]));

describe('the CRM of one app', () => {
  it('is made for each app', () => {
    expect(one.crm).not.toBe(two.crm);
  });

  it('tells a record change only to the listeners of the app that changed the record', async () => {
    const heardOne: RecordChange[] = [];
    const heardTwo: RecordChange[] = [];
    one.crm.onRecordChange(async (_tx, change) => void heardOne.push(change));
    two.crm.onRecordChange(async (_tx, change) => void heardTwo.push(change));

    const lead = await createRecord(one, sellerOne, 1, { first_name: 'Heard', last_name: 'Once' });
    expect(heardOne).toEqual([expect.objectContaining({ kind: 'created', recordId: lead.id })]);
    expect(heardTwo).toEqual([]);

    await createRecord(two, sellerTwo, 1, { first_name: 'Heard', last_name: 'Elsewhere' });
    expect(heardOne).toHaveLength(1);
    expect(heardTwo).toEqual([expect.objectContaining({ kind: 'created' })]);
  });

  it('tells a tag put on a record only to the listeners of its app', async () => {
    const heardOne: TagAdded[] = [];
    const heardTwo: TagAdded[] = [];
    one.crm.onTagAdded(async (_tx, added) => void heardOne.push(added));
    two.crm.onTagAdded(async (_tx, added) => void heardTwo.push(added));

    const lead = await createRecord(one, sellerOne, 1, { first_name: 'Tagged', last_name: 'Lead' });
    const response = await crm(one, sellerOne, 'PUT', `crm/crm_tags/create_crm_tags/${lead.id}`, { names: ['Hot'] });
    expect(response.statusCode, response.body).toBe(200);
    expect(heardOne).toEqual([expect.objectContaining({ recordId: lead.id, tagName: 'Hot' })]);
    expect(heardTwo).toEqual([]);
  });

  it('asks only its own app’s providers for the record page’s counts', async () => {
    one.crm.addAnalytics(async () => ({ calls: 41 }));
    const contactOne = await createRecord(one, sellerOne, 4, { first_name: 'Counted' });
    const contactTwo = await createRecord(two, sellerTwo, 4, { first_name: 'Counted' });
    const info = (app: FastifyInstance, user: TestUser, id: number) =>
      crm(app, user, 'GET', `contact/info-sidebar?contact_id=${id}`);
    expect((await info(one, sellerOne, contactOne.id)).json().data.analytics.calls).toBe(41);
    expect((await info(two, sellerTwo, contactTwo.id)).json().data.analytics.calls).toBe(0);
  });

  it('offers a field kept outside the records only in the lists of its app', async () => {
    const field: ExternalField = {
      name: 'wiring_probe',
      label: 'Wiring probe',
      fieldType: 'text',
      conditions: [7],
      condition: () => sql`true`,
      values: async () => new Map(),
      options: async () => [],
    };
    one.crm.addField(field);
    expect(two.crm.field('wiring_probe')).toBeUndefined();
    const fieldsOf = (app: FastifyInstance) => systemFieldDefs(app.crm, 1).map((listed) => listed.name);
    expect(fieldsOf(one)).toContain('wiring_probe');
    expect(fieldsOf(two)).not.toContain('wiring_probe');
    // The fields every app has: a record's tags and the lead score, connected by crm/module.ts.
    expect(fieldsOf(two)).toEqual(expect.arrayContaining(['tags', 'lead_score']));
  });
});
