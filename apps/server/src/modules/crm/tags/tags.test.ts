import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES } from '@tradeloop/contracts/crm/records';
import type { CrmTag, TagIndexItem } from '@tradeloop/contracts/crm/tags';
import { createTestApp, signUp, type TestUser } from '../../../../test/helpers.ts';
import { createRecord, crm } from '../test-support.ts';
import { timelineOf } from '../records/content-test-support.ts';

let app: FastifyInstance;
let seller: TestUser;
let intruder: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  seller = await signUp(app, 'seller');
  intruder = await signUp(app, 'seller');
});
afterAll(() => app.close());

const createTag = (user: TestUser, name: string, colour?: string) =>
  crm(app, user, 'POST', 'tag/create', colour ? { name, colour } : { name });
const setTags = (user: TestUser, recordId: number, body: { tag_ids?: number[]; names?: string[] }) =>
  crm(app, user, 'PUT', `crm/crm_tags/create_crm_tags/${recordId}`, body);
const tagIndex = async (user: TestUser) => (await crm(app, user, 'GET', 'tag/index')).json().data as TagIndexItem[];

describe('POST /crm/v1/tag/create and GET /crm/v1/tag/index', () => {
  it('creates tags unique by name whatever the case, and lists them by name with usage counts', async () => {
    const created = await createTag(seller, 'VIP', 'red');
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ name: 'VIP', colour: 'red' });
    const again = await createTag(seller, '  vip ');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CONTENT_MESSAGES.tagNameTaken);
    // Another company may use the same name.
    expect((await createTag(intruder, 'VIP')).statusCode).toBe(201);

    const auto = (await createTag(seller, 'Export')).json().data as CrmTag;
    expect(auto.colour).not.toBe('gray');
    const lead = await createRecord(app, seller, 1, { first_name: 'Used' });
    await setTags(seller, lead.id, { tag_ids: [auto.id] });
    const index = await tagIndex(seller);
    expect(index.map((tag) => [tag.name, tag.usage_count])).toEqual([
      ['Export', 1],
      ['VIP', 0],
    ]);
  });

  it('refuses a missing, too long or badly coloured name', async () => {
    const missing = await crm(app, seller, 'POST', 'tag/create', {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe(CONTENT_MESSAGES.tagNameRequired);
    const long = await createTag(seller, 'x'.repeat(41));
    expect(long.json().message).toBe(CONTENT_MESSAGES.tagNameTooLong);
    const colour = await createTag(seller, 'Pretty', 'chartreuse');
    expect(colour.statusCode).toBe(422);
    expect(colour.json().message).toBe(CONTENT_MESSAGES.tagColourInvalid);
  });
});

describe('PUT /crm/v1/crm/crm_tags/create_crm_tags/{id}', () => {
  it('sets a record’s tags from ids and names, creating missing ones, with the changes in its timeline', async () => {
    const lead = await createRecord(app, seller, 1, { first_name: 'Tagged' });
    const hot = (await createTag(seller, 'Hot')).json().data as CrmTag;
    const first = await setTags(seller, lead.id, { tag_ids: [hot.id], names: ['Distributor', 'hot'] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe(CONTENT_MESSAGES.tagsSaved);
    expect(first.json().data.tags.map((tag: CrmTag) => tag.name)).toEqual(['Distributor', 'Hot']);
    expect((await tagIndex(seller)).some((tag) => tag.name === 'Distributor')).toBe(true);

    const second = await setTags(seller, lead.id, { names: ['Distributor', 'Priority'] });
    expect(second.json().data.tags.map((tag: CrmTag) => tag.name)).toEqual(['Distributor', 'Priority']);
    const read = await crm(app, seller, 'GET', `crm/crm_tags/create_crm_tags/${lead.id}`);
    expect(read.json().data).toEqual(second.json().data);

    const entries = await timelineOf(app, seller, `lead_id=${lead.id}&kind=tag`);
    expect(entries.map((entry) => entry.summary)).toEqual([
      'Tag added: Priority',
      'Tag removed: Hot',
      // Added together, in name order: newest first shows the later name first.
      'Tag added: Hot',
      'Tag added: Distributor',
    ]);
    // Saving the same tags again writes nothing.
    await setTags(seller, lead.id, { names: ['priority', 'DISTRIBUTOR'] });
    expect(await timelineOf(app, seller, `lead_id=${lead.id}&kind=tag`)).toHaveLength(4);
  });

  it('refuses too many tags and 404s another company’s tag or record', async () => {
    const lead = await createRecord(app, seller, 1, { first_name: 'Limits' });
    const many = Array.from({ length: 51 }, (_, n) => `Tag ${n}`);
    const tooMany = await setTags(seller, lead.id, { names: many });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toBe(CONTENT_MESSAGES.tooManyTags);
    const foreign = (await createTag(intruder, 'Theirs')).json().data as CrmTag;
    expect((await setTags(seller, lead.id, { tag_ids: [foreign.id] })).statusCode).toBe(404);
    expect((await setTags(intruder, lead.id, { names: ['Hacked'] })).statusCode).toBe(404);
    expect((await crm(app, intruder, 'GET', `crm/crm_tags/create_crm_tags/${lead.id}`)).statusCode).toBe(404);
    expect((await tagIndex(intruder)).some((tag) => tag.name === 'Hacked')).toBe(false);
  });
});

describe('crm/crm_tags/bulk_delete', () => {
  it('answers Empty Fields with no ids, by POST and by DELETE', async () => {
    for (const method of ['POST', 'DELETE'] as const) {
      for (const body of [undefined, {}, { ids: [] }]) {
        const response = await crm(app, seller, method, 'crm/crm_tags/bulk_delete', body);
        expect(response.statusCode, `${method} ${JSON.stringify(body)}`).toBe(422);
        expect(response.json().message).toBe('Empty Fields');
      }
    }
  });

  it('deletes the company’s tags, removing them from records with a timeline entry', async () => {
    const lead = await createRecord(app, seller, 1, { first_name: 'Cleanup' });
    const old = (await createTag(seller, 'Old')).json().data as CrmTag;
    const stale = (await createTag(seller, 'Stale')).json().data as CrmTag;
    const keep = (await createTag(seller, 'Keep')).json().data as CrmTag;
    await setTags(seller, lead.id, { tag_ids: [old.id, keep.id] });
    const foreign = (await createTag(intruder, 'Foreign')).json().data as CrmTag;

    const mixed = await crm(app, seller, 'POST', 'crm/crm_tags/bulk_delete', { ids: [old.id, foreign.id] });
    expect(mixed.statusCode, 'another company’s id beside ours').toBe(404);
    expect((await tagIndex(seller)).map((tag) => tag.name)).toContain('Old');
    const viaPost = await crm(app, seller, 'POST', 'crm/crm_tags/bulk_delete', { ids: [old.id] });
    expect(viaPost.statusCode, viaPost.body).toBe(200);
    expect(viaPost.json()).toMatchObject({ message: 'Tags Deleted Successfully', data: { count: 1 } });
    const viaDelete = await crm(app, seller, 'DELETE', 'crm/crm_tags/bulk_delete', { ids: [stale.id] });
    expect(viaDelete.json()).toMatchObject({ message: 'Tags Deleted Successfully', data: { count: 1 } });

    const names = (await tagIndex(seller)).map((tag) => tag.name);
    expect(names).toContain('Keep');
    expect(names).not.toContain('Old');
    expect(names).not.toContain('Stale');
    expect((await tagIndex(intruder)).map((tag) => tag.name)).toContain('Foreign');
    const tags = (await crm(app, seller, 'GET', `crm/crm_tags/create_crm_tags/${lead.id}`)).json().data.tags;
    expect(tags.map((tag: CrmTag) => tag.name)).toEqual(['Keep']);
    const [latest] = await timelineOf(app, seller, `lead_id=${lead.id}&kind=tag`);
    expect(latest.summary).toBe('Tag removed: Old');
  });

  it('answers 404 for another company’s tags and leaves them alone', async () => {
    const theirs = (await createTag(intruder, 'Untouchable')).json().data as CrmTag;
    const response = await crm(app, seller, 'DELETE', 'crm/crm_tags/bulk_delete', { ids: [theirs.id] });
    expect(response.statusCode).toBe(404);
    expect((await tagIndex(intruder)).map((tag) => tag.name)).toContain('Untouchable');
  });
});
