import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONDITIONS_BY_TYPE, CRM_MESSAGES, FIELD_TYPES, type FieldType } from '@tradeloop/contracts/crm/records';
import type { ListingRequest } from '@tradeloop/contracts/crm/listing';
import { createTestApp, signUp, type TestUser } from '../../../../test/helpers.ts';
import { createAccount } from '../../accounts/public.ts';
import { addLeadFields, createRecord, crm, listing } from '../test-support.ts';
import { listRecords } from '../listing/service.ts';

/**
 * Four leads (A, B, C, D) with a value in a field of every type, C empty everywhere, and D sharing
 * A's value where the case or the day differs; each condition is checked against each field type.
 */
let app: FastifyInstance;
let seller: TestUser;
let subuserId: number;
let accounts: { x: number; y: number };

beforeAll(async () => {
  app = await createTestApp();
  seller = await signUp(app, 'seller');
  subuserId = (
    await app.db.transaction((tx) =>
      createAccount(tx, {
        fullName: 'Sub User',
        emailId: `sub.${Date.now()}@example.test`,
        passwordHash: null,
        userType: 'subuser',
        parent: { userId: seller.id, companyId: seller.companyId! },
      }),
    )
  ).userId;
  accounts = {
    x: (await createRecord(app, seller, 3, { account_name: 'X Holdings' })).id,
    y: (await createRecord(app, seller, 3, { account_name: 'Y Group' })).id,
  };
  await addLeadFields(app, seller, [
    { label: 'Last contacted', field_type: 'datetime' },
    { label: 'Account manager', field_type: 'user' },
    { label: 'Parent account', field_type: 'lookup', settings: { lookup_type_id: 3 } },
  ]);
  await createRecord(app, seller, 1, {
    first_name: 'A',
    company: 'Acme Pumps',
    description: 'Needs slurry pumps',
    email: 'a@acme.example',
    phone: '+91 98220 11111',
    website: 'https://acme.example',
    no_of_employees: 50,
    annual_revenue: 1000.5,
    next_follow_up: '2026-01-10',
    last_contacted: '2026-01-10T08:30:00Z',
    rating: 'Hot',
    preferred_channels: ['Email', 'Phone'],
    email_opt_out: true,
    account_manager: seller.id,
    parent_account: accounts.x,
  });
  const b = await createRecord(app, seller, 1, {
    first_name: 'B',
    company: 'Beta Valves',
    description: 'Valve spares',
    email: 'b@beta.example',
    phone: '+44 20 7946 0000',
    website: 'beta.example/valves',
    no_of_employees: 200,
    annual_revenue: 25000,
    next_follow_up: '2026-02-01',
    last_contacted: '2026-02-01T23:59:59Z',
    rating: 'Warm',
    preferred_channels: ['WhatsApp'],
    email_opt_out: false,
    account_manager: subuserId,
    parent_account: accounts.y,
  });
  await createRecord(app, seller, 1, { first_name: 'C' });
  await createRecord(app, seller, 1, {
    first_name: 'D',
    company: 'acme pumps',
    description: 'Pumps and valves',
    email: 'd@acme.example',
    phone: '+91 98220 22222',
    website: 'https://delta.example',
    no_of_employees: 75,
    annual_revenue: 99.99,
    next_follow_up: '2026-01-10',
    last_contacted: '2026-01-10T20:00:00Z',
    rating: 'Hot',
    preferred_channels: ['Email'],
    account_manager: seller.id,
    parent_account: accounts.x,
  });
  const assigned = await crm(app, seller, 'POST', 'crm/bulk_assign', {
    type_id: 1,
    ids: [(b as { id: number }).id],
    owner_id: subuserId,
  });
  expect(assigned.statusCode).toBe(200);
});
afterAll(() => app.close());

/**
 * The leads a filter matches, by first name: as the list runs it (the typed copies of values lead the
 * filters they answer, docs/decisions/028) and on the records' values alone; both must agree.
 */
async function matching(filters: { id: string; condition: number; value?: unknown }[]) {
  const body = { type_id: 1, filters, sort: { field: 'first_name', direction: 'asc' } } as ListingRequest;
  const names = (page: { data: { values: Record<string, unknown> }[] }) =>
    page.data.map((record) => record.values.first_name).join('');
  const listed = names(await listing(app, seller, body));
  const byValues = names(
    await listRecords(app.crm, app.db, { companyId: seller.companyId!, userId: seller.id }, body, { copies: false }),
  );
  expect(byValues, `on the values alone: ${JSON.stringify(filters)}`).toBe(listed);
  return listed;
}

type Case = [condition: number, value: unknown, expected: string];

/** Each field type with the conditions that apply to it: [condition, value, leads that match]. */
const cases: Record<string, { field: string; type: FieldType; cases: Case[] }> = {
  text: {
    field: 'company',
    type: 'text',
    cases: [
      [1, ['ACME PUMPS'], 'AD'],
      [1, ['Beta Valves', 'acme pumps'], 'ABD'],
      [2, ['Acme Pumps'], 'BC'],
      [3, 'valve', 'B'],
      [4, 'pumps', 'BC'],
      [5, 'Acme Pumps', 'B'],
      [6, 'PUMPS', 'AD'],
      [7, null, 'C'],
      [8, null, 'ABD'],
      [13, 'acme pumps', 'BC'],
      [14, ['Beta Valves'], 'AD'],
    ],
  },
  textarea: {
    field: 'description',
    type: 'textarea',
    cases: [
      [3, 'valve', 'BD'],
      [4, 'pump', 'BC'],
      [6, 'spares', 'B'],
      [7, null, 'C'],
      [8, null, 'ABD'],
    ],
  },
  email: {
    field: 'email',
    type: 'email',
    cases: [
      [1, ['A@ACME.EXAMPLE'], 'A'],
      [2, ['a@acme.example'], 'BCD'],
      [3, 'acme', 'AD'],
      [4, 'acme', 'BC'],
      [5, 'b@beta.example', 'AD'],
      [6, '@acme.example', 'AD'],
      [7, null, 'C'],
      [8, null, 'ABD'],
      [13, 'b@beta.example', 'ACD'],
      [14, ['a@acme.example', 'd@acme.example'], 'B'],
    ],
  },
  phone: {
    field: 'phone',
    type: 'phone',
    cases: [
      [1, ['+44 20 7946 0000'], 'B'],
      [2, ['+44 20 7946 0000'], 'ACD'],
      [3, '98220', 'AD'],
      [4, '98220', 'BC'],
      [5, '+91 98220 11111', 'BD'],
      [6, '0000', 'B'],
      [7, null, 'C'],
      [8, null, 'ABD'],
      [13, '+91 98220 11111', 'BCD'],
      [14, ['+91 98220 11111'], 'BD'],
    ],
  },
  url: {
    field: 'website',
    type: 'url',
    cases: [
      [1, ['https://ACME.example'], 'A'],
      [2, ['https://acme.example'], 'BCD'],
      [3, 'beta', 'B'],
      [4, 'acme', 'BCD'],
      [5, 'https://acme.example', 'BD'],
      [6, '.example', 'AD'],
      [7, null, 'C'],
      [8, null, 'ABD'],
      [13, 'https://acme.example', 'BCD'],
      [14, ['https://acme.example', 'https://delta.example'], 'B'],
    ],
  },
  number: {
    field: 'no_of_employees',
    type: 'number',
    cases: [
      [1, [50], 'A'],
      [1, [50, 200], 'AB'],
      [2, [50], 'BCD'],
      [5, 50, 'BD'],
      [7, null, 'C'],
      [8, null, 'ABD'],
      [9, 75, 'A'],
      [10, 75, 'B'],
      [11, 75, 'AD'],
      [12, '75', 'BD'],
      [13, 50, 'BCD'],
      [14, [50, 75], 'B'],
    ],
  },
  currency: {
    field: 'annual_revenue',
    type: 'currency',
    cases: [
      [1, [1000.5], 'A'],
      [2, [25000], 'ACD'],
      [5, 99.99, 'AB'],
      [7, null, 'C'],
      [8, null, 'ABD'],
      [9, 1000.5, 'D'],
      [10, 1000.5, 'B'],
      [11, 1000.5, 'AD'],
      [12, 1000.5, 'AB'],
      [13, 99.99, 'ABC'],
      [14, [25000], 'AD'],
    ],
  },
  date: {
    field: 'next_follow_up',
    type: 'date',
    cases: [
      [1, ['2026-01-10'], 'AD'],
      [2, ['2026-01-10'], 'BC'],
      [5, '2026-01-10', 'B'],
      [7, null, 'C'],
      [8, null, 'ABD'],
      [9, '2026-02-01', 'AD'],
      [10, '2026-01-10', 'B'],
      [11, '2026-01-10', 'AD'],
      [12, '2026-01-11', 'B'],
      [13, '2026-02-01', 'ACD'],
      [14, ['2026-02-01'], 'AD'],
    ],
  },
  datetime: {
    field: 'last_contacted',
    type: 'datetime',
    cases: [
      [1, ['2026-01-10'], 'AD'],
      [1, ['2026-01-10T08:30:00Z'], 'A'],
      [2, ['2026-01-10'], 'BC'],
      [5, '2026-02-01', 'AD'],
      [7, null, 'C'],
      [8, null, 'ABD'],
      [9, '2026-01-10T20:00:00Z', 'A'],
      [10, '2026-01-10', 'B'],
      [11, '2026-01-10', 'AD'],
      [12, '2026-02-01', 'B'],
      [13, '2026-01-10', 'BC'],
      [14, ['2026-02-01'], 'AD'],
    ],
  },
  select: {
    field: 'rating',
    type: 'select',
    cases: [
      [1, ['hot'], 'AD'],
      [2, ['Hot'], 'BC'],
      [5, 'Warm', 'AD'],
      [7, null, 'C'],
      [8, null, 'ABD'],
      [13, 'Hot', 'BC'],
      [14, ['Warm'], 'AD'],
    ],
  },
  multiselect: {
    field: 'preferred_channels',
    type: 'multiselect',
    cases: [
      [1, ['Phone', 'WhatsApp'], 'AB'],
      [2, ['Email'], 'BC'],
      [3, ['Email', 'Phone'], 'A'],
      [4, ['Email', 'Phone'], 'BCD'],
      [7, null, 'C'],
      [8, null, 'ABD'],
    ],
  },
  checkbox: {
    field: 'email_opt_out',
    type: 'checkbox',
    cases: [
      [1, true, 'A'],
      [1, false, 'BCD'],
      [5, true, 'BCD'],
      [5, 'false', 'A'],
    ],
  },
};

describe('POST /crm/v1/crm/data_listing: the fourteen conditions on every field type', () => {
  for (const [name, { field, type, cases: rows }] of Object.entries(cases)) {
    it(`filters a ${name} field with conditions ${[...new Set(rows.map((row) => row[0]))].join(', ')}`, async () => {
      for (const [condition, value, expected] of rows) {
        const got = await matching([{ id: field, condition, ...(value === null ? {} : { value }) }]);
        expect(got, `${field} condition ${condition} ${JSON.stringify(value)}`).toBe(expected);
      }
      // Every condition the type allows is covered above.
      expect(new Set(rows.map((row) => row[0]))).toEqual(new Set(CONDITIONS_BY_TYPE[type]));
    });
  }

  const people = () => ({ seller: seller.id, subuser: subuserId, x: accounts.x, y: accounts.y });
  const referenceCases = (key: 'seller' | 'subuser' | 'x' | 'y', other: 'seller' | 'subuser' | 'x' | 'y'): Case[] => [
    [1, [people()[key]], 'AD'],
    [2, [people()[key]], 'BC'],
    [5, people()[other], 'AD'],
    [7, null, 'C'],
    [8, null, 'ABD'],
    [13, people()[key], 'BC'],
    [14, [people()[other]], 'AD'],
  ];

  it('filters a user field with conditions 1, 2, 5, 7, 8, 13, 14', async () => {
    for (const [condition, value, expected] of referenceCases('seller', 'subuser')) {
      expect(
        await matching([{ id: 'account_manager', condition, ...(value === null ? {} : { value }) }]),
        `user ${condition}`,
      ).toBe(expected);
    }
  });

  it('filters a lookup field with conditions 1, 2, 5, 7, 8, 13, 14', async () => {
    for (const [condition, value, expected] of referenceCases('x', 'y')) {
      expect(
        await matching([{ id: 'parent_account', condition, ...(value === null ? {} : { value }) }]),
        `lookup ${condition}`,
      ).toBe(expected);
    }
  });

  it('filters the owner, the creation date and the conversion flag (record columns)', async () => {
    expect(await matching([{ id: 'owner_id', condition: 1, value: [subuserId] }])).toBe('B');
    expect(await matching([{ id: 'owner_id', condition: 2, value: [subuserId] }])).toBe('ACD');
    expect(await matching([{ id: 'owner_id', condition: 5, value: seller.id }])).toBe('B');
    expect(await matching([{ id: 'owner_id', condition: 7 }])).toBe('');
    expect(await matching([{ id: 'owner_id', condition: 8 }])).toBe('ABCD');
    expect(await matching([{ id: 'owner_id', condition: 13, value: seller.id }])).toBe('B');
    expect(await matching([{ id: 'owner_id', condition: 14, value: [seller.id] }])).toBe('B');
    const today = new Date().toISOString().slice(0, 10);
    expect(await matching([{ id: 'created_at', condition: 1, value: [today] }])).toBe('ABCD');
    expect(await matching([{ id: 'created_at', condition: 9, value: today }])).toBe('');
    expect(await matching([{ id: 'created_at', condition: 12, value: today }])).toBe('ABCD');
    expect(await matching([{ id: 'is_converted', condition: 1, value: false }])).toBe('ABCD');
  });

  it('combines filters with AND, and accepts a field by its id', async () => {
    const fields = (await crm(app, seller, 'GET', 'crm/fields?type_id=1')).json().data as {
      id: number;
      name: string;
    }[];
    const rating = fields.find((field) => field.name === 'rating')!;
    expect(
      await matching([
        { id: String(rating.id), condition: 1, value: ['Hot'] },
        { id: 'no_of_employees', condition: 12, value: 60 },
      ]),
    ).toBe('D');
    // Equalities fold into one index lookup; the answer is the same.
    expect(
      await matching([
        { id: 'rating', condition: 1, value: 'Hot' },
        { id: 'no_of_employees', condition: 1, value: 75 },
        { id: 'preferred_channels', condition: 1, value: 'Email' },
      ]),
    ).toBe('D');
    expect(
      await matching([
        { id: 'rating', condition: 1, value: 'Hot' },
        { id: 'rating', condition: 1, value: 'Warm' },
      ]),
    ).toBe('');
  });

  it('covers every field type a form can hold', () => {
    const covered = new Set([...Object.values(cases).map((entry) => entry.type), 'user', 'lookup']);
    expect(covered).toEqual(new Set(FIELD_TYPES));
  });
});

describe('filters a client gets wrong', () => {
  const refused = async (filter: Record<string, unknown>) => {
    const response = await crm(app, seller, 'POST', 'crm/data_listing', { type_id: 1, filters: [filter] });
    expect(response.statusCode).toBe(422);
    return response.json().message as string;
  };

  it('refuses a condition the field type does not have', async () => {
    expect(await refused({ id: 'description', condition: 1, value: 'x' })).toBe(
      CRM_MESSAGES.conditionNotApplicable('Description', 'is'),
    );
    expect(await refused({ id: 'email_opt_out', condition: 9, value: true })).toBe(
      CRM_MESSAGES.conditionNotApplicable('E-mail opt out', 'less than'),
    );
  });

  it('refuses a missing or unfitting value and an unknown field', async () => {
    expect(await refused({ id: 'company', condition: 1 })).toBe(CRM_MESSAGES.conditionNeedsValue('Company'));
    expect(await refused({ id: 'no_of_employees', condition: 9, value: 'many' })).toBe(
      CRM_MESSAGES.conditionBadValue('No. of employees'),
    );
    expect(await refused({ id: 'next_follow_up', condition: 9, value: '10/01/2026' })).toBe(
      CRM_MESSAGES.conditionBadValue('Next follow-up'),
    );
    expect(await refused({ id: "x'); DROP TABLE crm_records; --", condition: 1, value: 'a' })).toBe(
      CRM_MESSAGES.fieldUnknown,
    );
    expect(await refused({ id: 'company', condition: 15, value: 'a' })).toBeTruthy();
  });

  it('treats quotes, percent signs and backslashes in values as plain text', async () => {
    expect(await matching([{ id: 'company', condition: 3, value: "%' OR '1'='1" }])).toBe('');
    expect(await matching([{ id: 'company', condition: 3, value: '_' }])).toBe('');
    expect(await matching([{ id: 'company', condition: 3, value: '\\' }])).toBe('');
  });
});
