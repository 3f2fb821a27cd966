import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LeadScore,
  SCORING_GROUPS,
  SCORING_MESSAGES,
  type ScoringSettings,
} from '@tradeloop/contracts/crm/scoring';
import { as, createTestApp, settled, signUp, type TestUser } from '../../../../test/helpers.ts';
import { createProductAs, inStockProduct, loadRefs, type Refs } from '../../catalog/test-support.ts';
import { createRecord, crm, listing, personOf, requestQuote, threadIndex, timelineOf } from '../test-support.ts';
import type { LeadFacts } from './facts.ts';
import { sellerOf } from '../../market/test-support.ts';
import { newTrackingId } from '../../tracking/public.ts';
import { criteriaMet, scoreOf } from './criteria.ts';
import { rescoreBatch, saveScoring } from './service.ts';

/** Lead scoring (decision 040): the criteria, the settings calls, scoring through the outbox, rescoring. */

const DEFAULTS = { groups: {}, criteria: {} };

function facts(overrides: Partial<LeadFacts> = {}): LeadFacts {
  return {
    values: {},
    buyers: [],
    threads: {
      quotes: 0,
      chats: 0,
      productRequested: false,
      maxQuantity: null,
      configured: false,
      priced: false,
      neededBy: false,
    },
    engagement: { sessions: 0, productViews: 0, timeMs: 0, quoteClicks: 0, contactClicks: 0 },
    work: { emailsSent: 0, calls: 0, meetings: 0 },
    wishlisted: false,
    intentLead: false,
    ...overrides,
  };
}

const now = new Date('2026-11-27T00:00:00Z');
const metIn = (input: LeadFacts, group: string) =>
  [...criteriaMet(input, now)].filter((key) => key.startsWith(`${group}.`)).map((key) => key.split('.')[1]);

describe('the criteria of each group on fixed cases', () => {
  it('meets nothing for a lead with no facts, and scores 0', () => {
    expect(criteriaMet(facts(), now).size).toBe(0);
    expect(scoreOf(criteriaMet(facts(), now), DEFAULTS).score).toBe(0);
  });

  it('lead_contact_info: e-mail, phone, full name, verified mobile and e-mail', () => {
    const buyer = { mobileVerified: true, emailVerified: false, businessAccount: false, lastSeenAt: null };
    expect(
      metIn(
        facts({ values: { email: 'a@b.c', mobile: '+49 1', first_name: 'Ana', last_name: 'Lopez' }, buyers: [buyer] }),
        'lead_contact_info',
      ),
    ).toEqual(['email', 'phone', 'full_name', 'mobile_verified']);
    expect(metIn(facts({ values: { first_name: 'Ana', email: '  ' } }), 'lead_contact_info')).toEqual([]);
  });

  it('lead_company_info: company, country, size, website, business account', () => {
    const buyer = { mobileVerified: false, emailVerified: false, businessAccount: true, lastSeenAt: null };
    expect(
      metIn(
        facts({
          values: { company: 'Acme', country: 'Spain', no_of_employees: 40, website: 'https://a.es' },
          buyers: [buyer],
        }),
        'lead_company_info',
      ),
    ).toEqual(['company', 'country', 'company_size', 'website', 'business_buyer']);
  });

  it('lead_bant: recorded answers, a deciding job title, a priced quote and a needed-by date', () => {
    expect(metIn(facts({ values: { job_title: 'Head of Purchasing', need: 'pumps' } }), 'lead_bant')).toEqual([
      'authority',
      'need',
    ]);
    expect(metIn(facts({ values: { job_title: 'Intern' } }), 'lead_bant')).toEqual([]);
    const quoted = facts({ threads: { ...facts().threads, quotes: 1, priced: true, neededBy: true } });
    expect(metIn(quoted, 'lead_bant')).toEqual(['budget', 'timing']);
  });

  it('fit_with_product: a product asked about, a quantity, 100 or more, a configuration', () => {
    const threads = { ...facts().threads, quotes: 1, productRequested: true, maxQuantity: 99, configured: true };
    expect(metIn(facts({ threads }), 'fit_with_product')).toEqual([
      'product_requested',
      'quantity_stated',
      'configured',
    ]);
    expect(metIn(facts({ threads: { ...threads, maxQuantity: 100 } }), 'fit_with_product')).toContain('large_quantity');
  });

  it('buyer_engagement, buyer_Int_actions: browsing and asking clicks', () => {
    const engagement = { sessions: 2, productViews: 3, timeMs: 120_000, quoteClicks: 1, contactClicks: 0 };
    expect(metIn(facts({ engagement }), 'buyer_engagement')).toEqual([
      'visited',
      'product_views',
      'time_on_pages',
      'returning',
    ]);
    expect(
      metIn(
        facts({ engagement: { ...engagement, sessions: 1, productViews: 2, timeMs: 119_999 } }),
        'buyer_engagement',
      ),
    ).toEqual(['visited']);
    expect(metIn(facts({ engagement, intentLead: true }), 'buyer_Int_actions')).toEqual(['quote_click', 'intent_lead']);
  });

  it('buyer_interaction and buyer_engagement_with_platform', () => {
    const threads = { ...facts().threads, quotes: 1, chats: 1 };
    expect(metIn(facts({ threads, work: { emailsSent: 1, calls: 0, meetings: 2 } }), 'buyer_interaction')).toEqual([
      'quote_requested',
      'chat_started',
      'repeat_requests',
      'email_sent',
      'meeting_held',
    ]);
    const seen = (daysAgo: number) => ({
      mobileVerified: false,
      emailVerified: false,
      businessAccount: false,
      lastSeenAt: new Date(now.getTime() - daysAgo * 86_400_000),
    });
    expect(metIn(facts({ buyers: [seen(31)], wishlisted: true }), 'buyer_engagement_with_platform')).toEqual([
      'marketplace_account',
      'wishlisted',
    ]);
    expect(metIn(facts({ buyers: [seen(30)] }), 'buyer_engagement_with_platform')).toContain('recently_active');
  });

  it('adds the groups by their weights: shares of criteria weight times group weight over 100', () => {
    // Contact: 12 of 25 (48 %) × 10; company: 7 of 15 × 10; BANT: 5 of 20 × 20 → 4.8 + 4.7 + 5 = 14.5 → 14.
    const met = new Set([
      'lead_contact_info.email',
      'lead_contact_info.phone',
      'lead_contact_info.full_name',
      'lead_company_info.company',
      'lead_company_info.country',
      'lead_bant.authority',
    ]);
    const result = scoreOf(met, DEFAULTS);
    expect(result.score).toBe(14);
    expect(result.breakdown.lead_contact_info).toEqual({
      score: 48,
      points: 4.8,
      met: ['email', 'phone', 'full_name'],
    });
    expect(result.breakdown.lead_company_info).toEqual({ score: 47, points: 4.7, met: ['company', 'country'] });
    expect(result.breakdown.lead_bant).toEqual({ score: 25, points: 5, met: ['authority'] });
    // Everything met is 100 whatever the weights; only BANT weighted: its share alone.
    const all = new Set(
      SCORING_GROUPS.flatMap((group) => [...criteriaMet(fullFacts(), now)].filter((k) => k.startsWith(group))),
    );
    expect(scoreOf(all, DEFAULTS).score).toBe(100);
    const onlyBant = {
      groups: Object.fromEntries(SCORING_GROUPS.map((group) => [group, group === 'lead_bant' ? 50 : 0])),
      criteria: {},
    };
    expect(scoreOf(met, onlyBant).score).toBe(25);
    // A criterion weighted 0 leaves its group's share: authority alone of need/budget/timing at 0 is 100 %.
    const authorityOnly = {
      groups: {},
      criteria: { 'lead_bant.budget': 0, 'lead_bant.need': 0, 'lead_bant.timing': 0 },
    };
    expect(scoreOf(met, authorityOnly).breakdown.lead_bant?.score).toBe(100);
  });
});

function fullFacts(): LeadFacts {
  const buyer = { mobileVerified: true, emailVerified: true, businessAccount: true, lastSeenAt: now };
  return facts({
    values: {
      email: 'a@b.c',
      phone: '1',
      first_name: 'A',
      last_name: 'B',
      company: 'C',
      country: 'D',
      annual_revenue: 5,
      website: 'https://e.f',
      job_title: 'Owner',
      need: 'x',
      timing: 'soon',
    },
    buyers: [buyer],
    threads: {
      quotes: 2,
      chats: 1,
      productRequested: true,
      maxQuantity: 500,
      configured: true,
      priced: true,
      neededBy: true,
    },
    engagement: { sessions: 3, productViews: 5, timeMs: 600_000, quoteClicks: 1, contactClicks: 1 },
    work: { emailsSent: 1, calls: 1, meetings: 1 },
    wishlisted: true,
    intentLead: true,
  });
}

let app: FastifyInstance;
let refs: Refs;
let seller: TestUser;
let other: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  refs = await loadRefs(app);
  seller = await sellerOf(app, { name: 'Score Pumps', type: 'Manufacturers', country: 'IN' });
  other = await signUp(app, 'seller');
});
afterAll(() => app.close());

const settingsOf = async (user: TestUser) => {
  const response = await crm(app, user, 'GET', 'score/criteria/list');
  expect(response.statusCode).toBe(200);
  return response.json().data as ScoringSettings;
};
const scoreOfLead = async (user: TestUser, leadId: number) => {
  const response = await crm(app, user, 'GET', `score/lead/${leadId}`);
  expect(response.statusCode).toBe(200);
  return response.json().data as LeadScore;
};
const handLead = (user: TestUser, extra: Record<string, unknown> = {}) =>
  createRecord(app, user, 1, {
    first_name: 'Ana',
    last_name: 'Lopez',
    email: `ana.${Math.random().toString(36).slice(2)}@example.test`,
    phone: '+34 600 000 000',
    company: 'Lopez Riego',
    country: 'Spain',
    job_title: 'Purchasing Manager',
    ...extra,
  });

describe('GET score/criteria/list and POST score/criteria/store', () => {
  it('answers the eight groups of spec section 3 with their default weights and no rescoring', async () => {
    const settings = await settingsOf(seller);
    expect(settings.groups.map((group) => group.key)).toEqual([...SCORING_GROUPS]);
    expect(settings.groups.reduce((sum, group) => sum + group.weight, 0)).toBe(100);
    expect(settings.groups.find((group) => group.key === 'lead_bant')?.criteria.map((c) => c.key)).toEqual([
      'budget',
      'authority',
      'need',
      'timing',
    ]);
    expect(settings).toMatchObject({ version: 0, rescoring: { status: 'idle', total: 0, done: 0 } });
  });

  it('refuses wrong weights with a message per field', async () => {
    const refused = async (body: unknown) => {
      const response = await crm(app, seller, 'POST', 'score/criteria/store', body);
      expect(response.statusCode).toBe(422);
      return response.json().errors as Record<string, string[]>;
    };
    expect(await refused({ groups: [{ key: 'lead_bant', weight: 101 }] })).toEqual({
      'groups.0.weight': ['The weight can be at most 100.'],
    });
    expect(await refused({ groups: [{ key: 'lead_bant', criteria: [{ key: 'budget', weight: -1 }] }] })).toEqual({
      'groups.0.criteria.0.weight': ['The weight can not be negative.'],
    });
    expect(await refused({ groups: [{ key: 'lead_bant', criteria: [{ key: 'email', weight: 3 }] }] })).toEqual({
      'groups.0.criteria.0.key': [SCORING_MESSAGES.unknownCriterion],
    });
    expect(Object.keys(await refused({ groups: [{ key: 'lead_budget', weight: 3 }] }))).toEqual(['groups.0.key']);
    expect(await refused({ groups: SCORING_GROUPS.map((key) => ({ key, weight: 0 })) })).toEqual({
      groups: [SCORING_MESSAGES.allGroupsOff],
    });
    expect((await settingsOf(seller)).version).toBe(0);
  });

  it('is the company owner’s: anonymous 401, a buyer 403, another seller sees its own defaults', async () => {
    expect((await app.inject({ method: 'GET', url: '/crm/v1/score/criteria/list' })).statusCode).toBe(401);
    const buyer = await personOf(app, 'buyer', { name: 'Bo Buyer' });
    expect((await crm(app, buyer, 'GET', 'score/criteria/list')).statusCode).toBe(403);
    const sub = await personOf(app, 'subuser', { name: 'Sue Sub', parent: seller });
    const bySub = await crm(app, sub, 'POST', 'score/criteria/store', { groups: [{ key: 'lead_bant', weight: 5 }] });
    expect(bySub.statusCode).toBe(403);
  });
});

describe('a lead is scored from events, never on read', () => {
  let leadId: number;
  let leadValues: Record<string, unknown>;

  it('scores a lead made by hand from its values, with the breakdown by group and its history', async () => {
    const lead = await handLead(seller);
    leadId = lead.id;
    leadValues = lead.values;
    const score = await scoreOfLead(seller, leadId);
    expect(score.score).toBe(14);
    expect(score.groups.find((group) => group.key === 'lead_contact_info')).toMatchObject({
      score: 48,
      points: 4.8,
      met: ['email', 'phone', 'full_name'],
    });
    expect(score.groups.find((group) => group.key === 'lead_bant')?.met).toEqual(['authority']);
    expect(score.history).toMatchObject([{ score: 14, previous: null, cause: 'created' }]);
    // The CRM timeline stays the record's own history.
    expect((await timelineOf(app, seller, leadId)).map((entry) => entry.kind)).toEqual(['created']);
  });

  it('scores again when the lead changes, and keeps the change in its history', async () => {
    const response = await crm(app, seller, 'PUT', `crm/update_record/${leadId}`, {
      values: { ...leadValues, website: 'https://riego.es', no_of_employees: 25 },
    });
    expect(response.statusCode).toBe(200);
    const score = await scoreOfLead(seller, leadId);
    // Company: 12 of 15 → 8 points instead of 4.7.
    expect(score.score).toBe(18);
    expect(score.history[0]).toMatchObject({ score: 18, previous: 14, cause: 'field_changed' });
  });

  it('handles a redelivered event once: the same score and no second history line', async () => {
    const before = (await scoreOfLead(seller, leadId)).history.length;
    for (let i = 0; i < 2; i++) {
      await app.db.transaction((tx) =>
        app.events.emit(tx, 'lead.changed', { companyId: seller.companyId!, leadId, cause: 'test' }),
      );
      await settled(app);
    }
    const after = await scoreOfLead(seller, leadId);
    expect(after.score).toBe(18);
    expect(after.history.length).toBe(before);
  });

  it('scores again when a call with the lead is logged', async () => {
    const logged = await crm(app, seller, 'POST', 'crm/call_information/create', {
      lead_id: leadId,
      subject: 'Intro call',
      starts_at: '2024-05-01T08:00:00.000Z',
      call_direction: 'outbound',
      duration_seconds: 300,
    });
    expect(logged.statusCode).toBe(201);
    const score = await scoreOfLead(seller, leadId);
    // Interaction: call 3 of 27 × 20 → 2.2 points more (17.5 + 2.2 → 20).
    expect(score.groups.find((group) => group.key === 'buyer_interaction')?.met).toEqual(['call_logged']);
    expect(score.score).toBe(20);
    expect(score.history[0]).toMatchObject({ score: 20, previous: 18, cause: 'call' });
  });

  it('scores a quote lead: the request, the product, 500 units, the marketplace account', async () => {
    const product = (await createProductAs(app, seller, inStockProduct(refs))).id;
    const buyer = await personOf(app, 'buyer', {
      name: 'Quentin Quote',
      profile: { country: 'DE', city: 'Berlin', mobile_code: '49', mobile: '1512345679' },
    });
    expect((await requestQuote(app, buyer, seller, product, { quantity: 500 })).statusCode).toBe(201);
    const [thread] = (await threadIndex(app, seller)).data;
    const score = await scoreOfLead(seller, thread.lead.id);
    const met = (key: string) => score.groups.find((group) => group.key === key)?.met;
    expect(met('buyer_interaction')).toContain('quote_requested');
    expect(met('fit_with_product')).toEqual(
      expect.arrayContaining(['product_requested', 'quantity_stated', 'large_quantity']),
    );
    expect(met('buyer_engagement_with_platform')).toContain('marketplace_account');
    expect(score.score).toBeGreaterThan(14);

    // The buyer wishlists the product: product.wishlisted scores the buyer's lead at this seller again.
    const added = await as(app, buyer, {
      method: 'POST',
      url: '/api/v1/front/wishlist/add',
      payload: { product_id: product },
    });
    expect(added.statusCode).toBe(200);
    const after = await scoreOfLead(seller, thread.lead.id);
    expect(after.groups.find((group) => group.key === 'buyer_engagement_with_platform')?.met).toContain('wishlisted');
    expect(after.score).toBeGreaterThan(score.score ?? 0);
    expect(after.history[0]).toMatchObject({ previous: score.score, cause: 'wishlist' });

    // The buyer browses the seller's product page signed in and clicks for a quote: tracking.engaged joins
    // the session to the lead, which is scored again (engagement and intent groups).
    const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36' };
    const track = (url: string, payload: object) =>
      as(app, buyer, { method: 'POST', url: `/api/v1/${url}`, payload, headers: browser });
    const sessionId = newTrackingId();
    const viewed = await track('auth/tracking-page-views', {
      session_id: sessionId,
      page_url: `http://localhost/product/p-${product}`,
      page_name: 'product',
      type: 'product',
      product_id: product,
      product_slug: `p-${product}`,
    });
    expect(viewed.statusCode).toBe(200);
    const pageId = viewed.json().data.tracking_id as string;
    const clicked = await track('auth/tracking-click-events', {
      session_id: sessionId,
      page_viewed_id: pageId,
      element_type: 'getQuoteButton',
    });
    expect(clicked.statusCode).toBe(200);
    await app.tracking.flush();
    await settled(app);
    const engaged = await scoreOfLead(seller, thread.lead.id);
    expect(engaged.groups.find((group) => group.key === 'buyer_engagement')?.met).toEqual(['visited']);
    expect(engaged.groups.find((group) => group.key === 'buyer_Int_actions')?.met).toEqual(['quote_click']);
    // The tracker writes every 250 ms: the view and the click reach scoring in one write or in two, each a rescoring.
    const sinceWishlist = engaged.history.slice(
      0,
      engaged.history.findIndex((entry) => entry.cause === 'wishlist'),
    );
    expect(sinceWishlist.length).toBeGreaterThan(0);
    expect(sinceWishlist.every((entry) => entry.cause === 'engagement')).toBe(true);
    expect(sinceWishlist.at(-1)).toMatchObject({ previous: after.score });
    expect(sinceWishlist[0]).toMatchObject({ score: engaged.score });
  });

  it('answers 404 for another company’s lead, as for a missing one', async () => {
    expect((await crm(app, other, 'GET', `score/lead/${leadId}`)).statusCode).toBe(404);
    expect((await crm(app, seller, 'GET', 'score/lead/999999999')).statusCode).toBe(404);
  });

  it('lists the score as a column that sorts and filters', async () => {
    const low = (await createRecord(app, seller, 1, { first_name: 'Lowe' })).id;
    const sorted = await listing(app, seller, {
      type_id: 1,
      columns: ['first_name', 'lead_score'],
      sort: { field: 'lead_score', direction: 'desc' },
    });
    const scores = sorted.data.map((row) => row.values.lead_score as number);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(sorted.data.at(-1)?.id).toBe(low);
    const filtered = await listing(app, seller, {
      type_id: 1,
      columns: ['first_name', 'lead_score'],
      filters: [{ id: 'lead_score', condition: 12, value: 15 }],
    });
    expect(filtered.data.map((row) => row.id)).not.toContain(low);
    expect(filtered.data.every((row) => (row.values.lead_score as number) >= 15)).toBe(true);
    expect(filtered.data.length).toBeGreaterThan(0);
    // Kanban cards carry the score too.
    const board = await crm(app, seller, 'GET', 'crm/kanbon_data_list?type_id=1');
    expect(board.statusCode).toBe(200);
    const cards = (board.json().data.columns as { cards: { id: number; values: Record<string, unknown> }[] }[]).flatMap(
      (column) => column.cards,
    );
    expect(cards.find((card) => card.id === leadId)?.values.lead_score).toBe(20);
  });
});

describe('a change of weights rescores every lead in the background', () => {
  it('saves, answers the message, and rescoring in batches reaches every lead', async () => {
    const leads = [(await handLead(seller)).id, (await handLead(seller)).id, (await handLead(seller)).id];
    const response = await crm(app, seller, 'POST', 'score/criteria/store', {
      groups: [
        { key: 'lead_contact_info', weight: 0 },
        { key: 'lead_company_info', weight: 0 },
        { key: 'lead_bant', weight: 50, criteria: [{ key: 'authority', weight: 10 }] },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Lead scoring saved successfully.');
    const settings = await settingsOf(seller);
    expect(settings.version).toBe(1);
    expect(settings.rescoring.status).toBe('done');
    expect(settings.rescoring.done).toBe(settings.rescoring.total);
    // BANT: authority 10 of 25 → 40 % × 50 of (50 + 15 + 10 + 20 + 5 + 10 = 110) → 18.2 → 18.
    for (const id of leads) expect((await scoreOfLead(seller, id)).score).toBe(18);
    // Another company's weights are untouched.
    expect((await settingsOf(other)).version).toBe(0);
  });

  it('runs in several jobs of a small batch, and a newer save supersedes one under way', async () => {
    const leads = [(await handLead(seller)).id, (await handLead(seller)).id];
    await app.db.transaction((tx) =>
      saveScoring(tx, app.jobs, seller.companyId!, { groups: [{ key: 'lead_bant', weight: 100 }] }, { batch: 2 }),
    );
    await settled(app);
    const settings = await settingsOf(seller);
    expect(settings.rescoring).toMatchObject({ status: 'done' });
    expect(settings.rescoring.done).toBe(settings.rescoring.total);
    // 10 of 25 × 100 of 160 → 25.
    for (const id of leads) expect((await scoreOfLead(seller, id)).score).toBe(25);
    // A batch of the earlier version, delivered late, stops without scoring.
    const late = await app.db.transaction((tx) =>
      rescoreBatch(tx, app.jobs, { companyId: seller.companyId!, version: 1, afterId: 0 }),
    );
    expect(late).toEqual({ scored: 0, superseded: true });
  });
});
