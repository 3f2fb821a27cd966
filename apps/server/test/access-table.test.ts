import fs from 'node:fs';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SUB_ACCOUNT_ROLE, type SeededRoleKey } from '@tradeloop/contracts/accounts-roles';
import {
  catalogueObjects,
  inStockProduct,
  loadRefs,
  multipart,
  picture,
  signUpSubUser,
} from '../src/modules/catalog/test-support.ts';
import { BANNER_PAGES, utcDay } from '@tradeloop/contracts/promotion';
import { BUYING_REQUEST_FILE_FIELD } from '@tradeloop/contracts/buying-requests';
import { findCompanies, seededRoleId } from '../src/modules/accounts/public.ts';
import { requestQuote, createRecord, crm } from '../src/modules/crm/test-support.ts';
import { as, createTestApp, settled, signUp, type TestUser } from './helpers.ts';

/**
 * Every route × every kind of caller, with the status each must get (decisions 026 and 038): anonymous,
 * a buyer, the seller of another company and one of its sub-users, and the owner's company: the owner
 * and a sub-user per seeded role and one whose custom role grants a single permission. The table is a
 * data file, one entry per `METHOD url`: a route without an entry, an entry without a route, or a
 * caller answered otherwise than its entry says, fails. Inputs name objects of the owner's company
 * (`$lead`, `$product.id` …) made below, so the seller of another company proves 404.
 *
 * Expected values: 401, 403 or 404 exactly; "allowed" for a caller let through (any answer but 401,
 * 403, 404 or a server error: an empty body's 422 counts, the route was reached); another number
 * exactly (503 where a provider is not configured).
 */
type Caller =
  | 'anonymous'
  | 'buyer'
  | 'otherSeller'
  | 'otherSubUser'
  | 'sales'
  | 'representative'
  | 'catalogue'
  | 'custom'
  | 'owner';
/** The owner's company's members, each acting on objects of its own. */
type Member = 'sales' | 'representative' | 'catalogue' | 'custom' | 'owner';
const members: Member[] = ['sales', 'representative', 'catalogue', 'custom', 'owner'];
/** The one permission of the custom role the `custom` member holds (issue 43: a custom role with one permission). */
const CUSTOM_ROLE_PERMISSION = 'quotes';
/** The seeded role each member holds (decision 038); `sales` holds the default one. */
const memberRoles: Record<Exclude<Member, 'owner' | 'custom'>, SeededRoleKey> = {
  sales: DEFAULT_SUB_ACCOUNT_ROLE,
  representative: 'sales_representative',
  catalogue: 'catalogue_manager',
};
type Expected = number | 'allowed';
type Input = string | number | boolean | null | Input[] | { [key: string]: Input };
type Entry = {
  params?: Record<string, Input>;
  query?: Record<string, Input>;
  body?: Input;
  /** Why a route whose input names the owner's objects does not answer 404 to another company. */
  why?: string;
  expect: Record<Caller, Expected>;
};

const tableFile = new URL('./access-table.json', import.meta.url);
const table: Record<string, Entry> = JSON.parse(fs.readFileSync(tableFile, 'utf8'));
const callers: Caller[] = ['anonymous', 'buyer', 'otherSeller', 'otherSubUser', ...members];
/** ACCESS_TABLE_WRITE=1 records what the callers got into the table (new routes included), for review. */
const writing = process.env.ACCESS_TABLE_WRITE === '1';

/**
 * When a call runs among the calls of one caller: 0 first; 1 calls that take their objects away; 2 calls that
 * replace a whole set (a product's specifications) or end the caller's session, last.
 */
const rank = (key: string) =>
  /createv2|logout/.test(key)
    ? 2
    : key.startsWith('DELETE ') || /delete|destroy|remove|restore|convert|leave|decline|duplicate|reorder/i.test(key)
      ? 1
      : 0;

type Objects = Record<string, Input>;

/** A valid buying request's fields, in the refs' category. */
const buyingRequestFields = (refs: Awaited<ReturnType<typeof loadRefs>>, requiredBy: string) => ({
  category_id: String(refs.categoryId),
  quantity: '10',
  unit_id: String(refs.unitId),
  country_code: 'DE',
  required_by: requiredBy,
  requirements: 'Ten pumps, please.',
});

/** Objects of the owner's company that the calls name; made twice, once for the owner and once for the sub-user. */
async function companyObjects(app: FastifyInstance, owner: TestUser, buyer: TestUser): Promise<Objects> {
  const refs = await loadRefs(app);
  const template = await as(app, owner, { method: 'GET', url: '/api/v1/product/import/template' });
  const productImport = await as(app, owner, {
    method: 'POST',
    url: '/api/v1/product/import',
    ...multipart({ name: 'products.csv', data: Buffer.from(template.body), type: 'text/csv' }),
  });
  const catalogue = await catalogueObjects(app, owner, refs, [
    { name: 'Body', value: 'Cast iron' },
    { name: 'Seal', value: 'Viton' },
    { name: 'Shaft', value: 'Steel' },
  ]);
  const account = await createRecord(app, owner, 3, { account_name: 'Owned Account' });
  const contact = await createRecord(app, owner, 4, { first_name: 'Owned', account: account.id });
  const deal = await createRecord(app, owner, 2, { deal_name: 'Owned Deal', account: account.id });
  const lead = await createRecord(app, owner, 1, { first_name: 'Owned Lead', email: 'owned@example.test' });
  const binned = await createRecord(app, owner, 1, { first_name: 'Binned Lead' });
  const leadToDelete = await createRecord(app, owner, 1, { first_name: 'Lead to delete' });
  const leadToBulkDelete = await createRecord(app, owner, 1, { first_name: 'Lead to bulk-delete' });
  const leadToKeep = await createRecord(app, owner, 1, { first_name: 'Lead to keep' });
  const leadToMerge = await createRecord(app, owner, 1, { first_name: 'Lead to merge' });
  await crm(app, owner, 'DELETE', `crm/delete_lead?unique_id=${binned.unique_id}`);
  const json = async (method: 'GET' | 'POST', path: string, payload?: object) =>
    (await crm(app, owner, method, path, payload)).json().data;
  const activity = (kind: string, body: object) =>
    json('POST', `crm/${kind}_information/create`, { lead_id: lead.id, ...body });
  const task = await activity('task', { subject: 'Owned task', due_at: '2030-06-01T10:00:00Z' });
  const meeting = await activity('meeting', {
    subject: 'Owned meeting',
    starts_at: '2030-06-01T10:00:00Z',
    ends_at: '2030-06-01T11:00:00Z',
  });
  const call = await activity('call', { subject: 'Owned call', starts_at: '2030-06-01T12:00:00Z' });
  const note = await json('POST', 'crm/notes/create_notes', { crm_unique_id: lead.unique_id, message: 'Owned note' });
  const email = await json('POST', 'crm/emails/create_emails', { crm_unique_id: lead.unique_id, subject: 'Owned' });
  const tag = await json('POST', 'tag/create', { name: `Owned ${lead.id}` });
  const tag2 = await json('POST', 'tag/create', { name: `Owned too ${lead.id}` });
  const reminder = await json('POST', 'reminder/store', {
    title: 'Owned reminder',
    remind_at: '2031-05-01T09:00:00Z',
    lead_id: lead.id,
  });
  // Shared with the company (decision 058): a private one would answer the members 404, whatever their role.
  const view = await json('POST', 'lead/custom-index-save', {
    type_id: 1,
    name: `Owned ${lead.id}`,
    visibility: 'company',
  });
  const filter = (
    await json('POST', 'lead/filter-save', {
      type_id: 1,
      name: `Owned ${lead.id}`,
      filters: [{ id: 'company', condition: 8 }],
      visibility: 'company',
    })
  ).saved;
  const status = await json('POST', 'status-settings/store', { name: `Owned ${lead.id}`, colour: 'grape' });
  const status2 = await json('POST', 'status-settings/store', { name: `Owned too ${lead.id}`, colour: 'grape' });
  const rule = await json('POST', 'lead/assignment-rules', {
    name: `Owned ${lead.id}`,
    mode: 'round_robin',
    user_ids: [owner.id],
  });
  const automation = (name: string) =>
    json('POST', 'automation/create', {
      name: `${name} ${lead.id}`,
      trigger: { type: 'lead_created' },
      actions: [{ type: 'add_tag', tag: 'owned' }],
      enabled: false,
    });
  const automationRule = await automation('Owned');
  const automationRule2 = await automation('Owned too');
  const form = await json('GET', 'crm/single_lead_form_detail?type_id=1');
  const quote = (await requestQuote(app, buyer, owner, catalogue.product)).json().data;
  // The buyer writes about the product too: a chat thread on the lead, with its room (decision 062).
  await as(app, buyer, {
    method: 'POST',
    url: '/chat/v1/rooms/send-message',
    payload: { recipient_id: owner.id, product_id: catalogue.product, message: 'Owned chat' },
  });
  await settled(app);
  const chatThread = (await json('GET', 'thread/index?type=2')).data[0];
  const review = (
    await as(app, buyer, {
      method: 'POST',
      url: '/api/v1/front/reviews/create',
      payload: { enquiry_id: quote.enquiry_ids[0], rating: 4, text: 'A review of the owner’s company.' },
    })
  ).json().data;
  const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  // A buying request the owner posted as a buyer, with an attachment (decision 055).
  const buyingRequest = (
    await as(app, owner, {
      method: 'POST',
      url: '/api/v1/buying-request/store',
      ...multipart(
        { name: 'spec.pdf', data: Buffer.from('%PDF-1.4\n% spec\n'), field: BUYING_REQUEST_FILE_FIELD },
        buyingRequestFields(refs, inAWeek),
      ),
    })
  ).json().data;
  const buyingRequestFile = (
    await as(app, owner, { method: 'GET', url: `/api/v1/buying-request/view/${buyingRequest.id}` })
  ).json().data.attachments[0].id;
  const quotationBody = {
    lines: [{ description: 'Owned line', quantity: 2, unit_price: '10.00' }],
    valid_until: inAWeek,
  };
  const quotation = (
    await as(app, owner, {
      method: 'POST',
      url: '/api/v1/quotations',
      payload: { enquiry_id: quote.enquiry_ids[0], ...quotationBody },
    })
  ).json().data;
  const order = (
    await as(app, buyer, { method: 'POST', url: `/api/v1/quotations/${quotation.id}/accept`, payload: { version: 1 } })
  ).json().data;
  const sold = (await as(app, owner, { method: 'GET', url: `/api/v1/orders/sold/${order.order_id}` })).json().data;
  const subAccount = (
    await as(app, owner, {
      method: 'POST',
      url: '/api/v1/sub_account/create',
      payload: { full_name: 'Owned Team Member', email_id: `team.${lead.id}.${owner.id}@example.test` },
    })
  ).json().data;
  const role = (
    await as(app, owner, {
      method: 'POST',
      url: '/api/v1/roles/permissions/create',
      payload: { name: `Owned role ${lead.id}`, permissions: ['chat'] },
    })
  ).json().data;
  const ad = (
    await as(app, owner, {
      method: 'POST',
      url: '/api/v1/ads/create',
      payload: {
        ad_type: 'both',
        title_1: `owned ${lead.id}`,
        product_ids: [catalogue.product],
        start_date: utcDay(),
        end_date: utcDay(new Date(Date.now() + 86_400_000)),
      },
    })
  ).json().data;
  const banners = (await as(app, owner, { method: 'GET', url: '/api/v1/users/banner_setting/list' })).json().data;
  const banner = (
    await as(app, owner, {
      method: 'POST',
      url: '/api/v1/users/banner_setting',
      ...multipart(
        { name: 'owned.png', data: await picture('png') },
        { page: BANNER_PAGES[banners.length], background_color: '#ffffff', alt_tag: 'Owned banner' },
      ),
    })
  ).json().data;
  const blogPost = async (title: string) =>
    (
      await as(app, owner, {
        method: 'POST',
        url: '/api/v1/blogs/manage/create',
        payload: { title: `${title} ${lead.id}`, category: 'events', content: '<p>Owned</p>' },
      })
    ).json().data.id as number;
  return {
    blogPost: await blogPost('Owned post'),
    blogPostToDelete: await blogPost('Owned post to delete'),
    ad: ad.id,
    banner: banner.id,
    role: role.id,
    productBody: inStockProduct(refs, { name: 'Edited product', photos: [catalogue.image] }) as Input,
    ownerId: owner.id,
    subAccount: subAccount.id,
    companyId: owner.companyId!,
    companySlug: (await findCompanies(app.db, [owner.companyId!]))[0].slug,
    product: catalogue.product,
    variation: catalogue.variation,
    group: catalogue.group,
    spec: catalogue.specs[0],
    spec2: catalogue.specs[1],
    spec3: catalogue.specs[2],
    image: catalogue.image,
    catalog: catalogue.catalog,
    lead: lead.id,
    chatThread: chatThread.id,
    chatRoom: chatThread.room_id,
    leadUnique: lead.unique_id,
    binned: binned.id,
    binnedUnique: binned.unique_id,
    leadToDeleteUnique: leadToDelete.unique_id,
    leadToBulkDelete: leadToBulkDelete.id,
    leadToKeep: leadToKeep.id,
    leadToMerge: leadToMerge.id,
    account: account.id,
    contact: contact.id,
    deal: deal.id,
    task: task.id,
    meeting: meeting.id,
    call: call.id,
    note: note.id,
    email: email.id,
    tag: tag.id,
    tag2: tag2.id,
    reminder: reminder.id,
    view: view.id,
    filter: filter.id,
    status: status.id,
    status2: status2.id,
    rule: rule.id,
    automationRule: automationRule.id,
    automationRule2: automationRule2.id,
    form: form.id,
    section: form.sections[0].id,
    enquiry: quote.enquiry_ids[0],
    buyingRequest: buyingRequest.id,
    buyingRequestFile,
    buyingRequestBody: buyingRequestFields(refs, inAWeek) as Input,
    quotation: quotation.id,
    quotationBody: quotationBody as Input,
    order: order.order_id,
    invoice: sold.invoices[0].id,
    review: review.id,
    productImport: productImport.json().data.import_id,
  };
}

/** A role of the owner's company that grants one permission. */
async function customRole(app: FastifyInstance, owner: TestUser): Promise<number> {
  const response = await as(app, owner, {
    method: 'POST',
    url: '/api/v1/roles/permissions/create',
    payload: { name: 'One permission', permissions: [CUSTOM_ROLE_PERMISSION] },
  });
  return response.json().data.id;
}

/** Replaces every "$name" in an input by the object of that name. */
function resolve(input: Input, objects: Objects): Input {
  if (typeof input === 'string' && input.startsWith('$')) {
    const value = objects[input.slice(1)];
    if (value === undefined) throw new Error(`the table names ${input}, which the test does not make`);
    return value;
  }
  if (Array.isArray(input)) return input.map((item) => resolve(item, objects));
  if (input && typeof input === 'object')
    return Object.fromEntries(Object.entries(input).map(([key, value]) => [key, resolve(value, objects)]));
  return input;
}

function request(key: string, entry: Entry | undefined, objects: Objects): InjectOptions {
  const [method, url] = key.split(' ');
  const params = entry?.params ? (resolve(entry.params, objects) as Record<string, Input>) : {};
  const path = url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? 1)));
  const query = entry?.query ? (resolve(entry.query, objects) as Record<string, Input>) : undefined;
  const search = query
    ? `?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`
    : '';
  const body = entry?.body === undefined ? undefined : resolve(entry.body, objects);
  return {
    method: method as InjectOptions['method'],
    url: `${path}${search}`,
    ...(body !== undefined && { payload: body as object }),
  };
}

const classify = (status: number): Expected => ([401, 403, 404].includes(status) || status >= 500 ? status : 'allowed');

describe('the access table: every route × every caller (test/access-table.json)', () => {
  let app: FastifyInstance;
  let users: Record<Exclude<Caller, 'anonymous'>, TestUser>;
  let objects: Record<Member, Objects>;
  beforeAll(async () => {
    app = await createTestApp();
    await app.ready();
    const owner = await signUp(app, 'seller');
    const otherSeller = await signUp(app, 'seller');
    const subUser = async (role: SeededRoleKey) =>
      signUpSubUser(app, owner, await app.db.transaction((tx) => seededRoleId(tx, owner.companyId!, role)));
    users = {
      owner,
      buyer: await signUp(app, 'buyer'),
      otherSeller,
      otherSubUser: await signUpSubUser(app, otherSeller),
      sales: await subUser(memberRoles.sales),
      representative: await subUser(memberRoles.representative),
      catalogue: await subUser(memberRoles.catalogue),
      custom: await signUpSubUser(app, owner, await customRole(app, owner)),
    };
    const quoting = await signUp(app, 'buyer');
    objects = {} as Record<Member, Objects>;
    for (const member of members) objects[member] = await companyObjects(app, owner, quoting);
  }, 600_000);
  afterAll(() => app.close());

  const routeKeys = () => app.accessTable.map((route) => `${route.method} ${route.url}`);

  it('has one entry per route and none for a route that does not exist', () => {
    const routes = routeKeys();
    expect(new Set(routes).size).toBe(routes.length);
    const entries = Object.keys(table);
    if (!writing) {
      expect(
        routes.filter((key) => !entries.includes(key)),
        'routes without an entry',
      ).toEqual([]);
      expect(
        entries.filter((key) => !routes.includes(key)),
        'entries without a route',
      ).toEqual([]);
    }
  });

  it('an entry that names the owner’s objects expects 404 from another company, or says why not', () => {
    const unproven = Object.entries(table).filter(
      ([, entry]) =>
        JSON.stringify([entry.params, entry.query, entry.body]).includes('"$') &&
        entry.expect.otherSeller !== 404 &&
        !entry.why,
    );
    expect(unproven.map(([key]) => key)).toEqual([]);
  });

  /*
   * No leak (decision 063): the representative's role sees only records it owns, and every object above is
   * the owner's. Whatever a CRM read answers it, with the table's inputs, may name none of them: a route that
   * reads records or what hangs off them without the scope fails here, whoever adds it.
   */
  it('answers the representative nothing of the owner’s records from any CRM read', async () => {
    const markers = [
      'Owned Lead',
      'owned@example.test',
      'Owned Account',
      'Owned Deal',
      'Owned task',
      'Owned meeting',
      'Owned call',
      'Owned note',
      'Lead to delete',
      'Lead to bulk-delete',
      'Binned Lead',
    ];
    const reads = routeKeys().filter(
      (key) =>
        /^GET \/(crm\/|api\/v1\/leads\/)/.test(key) ||
        /^POST \/crm\/v1\/(crm\/data_listing|leads|contact\/list|account\/list|crm\/export|crm\/\w+_information\/index)$/.test(
          key,
        ),
    );
    expect(reads.length).toBeGreaterThan(60);
    const leaks: string[] = [];
    const unread: string[] = [];
    for (const key of reads) {
      const options = request(key, table[key], objects.representative);
      // The table calls reads that take a body with none (422, the route was reached); here they must read.
      if (options.method === 'POST' && options.payload === undefined)
        options.payload = key.endsWith('data_listing') ? { type_id: 1 } : {};
      const response = await as(app, users.representative, options);
      if (response.statusCode === 422) unread.push(key);
      const found = markers.filter((marker) => response.body.includes(marker));
      if (found.length) leaks.push(`${key} (${response.statusCode}): ${found.join(', ')}`);
    }
    expect(leaks).toEqual([]);
    expect(
      unread.filter((key) => key.startsWith('POST ')),
      'reads the sweep could not make',
    ).toEqual([]);
  });

  // Every caller walks every route, one test per caller so that none runs long. Callers who may not touch the
  // owner's objects go first, so they meet them all; then the sub-users and the owner, each on objects of
  // their own, with the calls that take objects away last.
  const observed: Record<string, Partial<Record<Caller, Expected>>> = {};
  const ordered = () =>
    routeKeys().sort((a, b) => rank(a) - rank(b) || (a.endsWith('/logout') ? 1 : 0) - (b.endsWith('/logout') ? 1 : 0));
  async function walk(caller: Caller): Promise<string[]> {
    const failures: string[] = [];
    const own = objects[(members as string[]).includes(caller) ? (caller as Member) : 'owner'];
    for (const key of ordered()) {
      const options = request(key, table[key], own);
      const response = caller === 'anonymous' ? await app.inject(options) : await as(app, users[caller], options);
      const got = classify(response.statusCode);
      (observed[key] ??= {})[caller] = got;
      const expected = table[key]?.expect[caller];
      if (got !== expected) failures.push(`${key} as ${caller}: expected ${expected}, got ${response.statusCode}`);
    }
    return failures;
  }

  it.each(callers)('answers %s on every route as its entry says', async (caller) => {
    const failures = await walk(caller);
    if (!writing) expect(failures).toEqual([]);
  });

  it.runIf(writing)('writes what every caller got into the table', () => {
    const written = Object.fromEntries(
      routeKeys().map((key) => [
        key,
        { ...table[key], expect: Object.fromEntries(callers.map((c) => [c, observed[key][c]])) },
      ]),
    );
    fs.writeFileSync(tableFile, `${JSON.stringify(written, null, 2)}\n`);
  });
});
