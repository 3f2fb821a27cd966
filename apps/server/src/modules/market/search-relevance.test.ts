import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKET_MESSAGES, productSearchBodySchema, type ProductSearchResult } from '@tradeloop/contracts/market';
import { createDemoApp } from '../../../test/helpers.ts';
import { rowsOf } from '../../db/sql.ts';
import { AppError } from '../../platform/errors.ts';
import { searchProducts, searchRequest } from './search.ts';
import { sqlSearch } from './search-sql.ts';
import { RELEVANCE_QUERIES, type DemoRefs } from './search-relevance.queries.ts';

/**
 * Fifty searches on the demo data answer what the fixture recorded (docs/decisions/056): the top ten
 * products in order, the total, the big post, the suppliers and every facet's counts. Run with
 * RECORD_SEARCH_RELEVANCE=1 to write the fixture from the current engine instead.
 */
const FIXTURE = new URL('./search-relevance.fixture.json', import.meta.url);
const recording = process.env.RECORD_SEARCH_RELEVANCE === '1';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createDemoApp();
});
afterAll(() => app?.close());

async function demoRefs(): Promise<DemoRefs> {
  const byName = async (table: 'categories' | 'brands') =>
    new Map(
      rowsOf<{ id: number; name: string }>(
        await app.db.execute(sql`select id::int, name from ${sql.identifier(table)} order by id`),
      ).map((row) => [row.name, row.id]),
    );
  const categories = await byName('categories');
  const brands = await byName('brands');
  const [busiest] = rowsOf<{ seller_user_id: number }>(
    await app.db.execute(sql`select seller_user_id::int from market_listings where seller_user_id is not null
      group by seller_user_id order by count(*) desc, seller_user_id limit 1`),
  );
  const [eur] = rowsOf<{ id: number }>(await app.db.execute(sql`select id::int from currencies where code = 'EUR'`));
  const found = (map: Map<string, number>, name: string) => {
    const id = map.get(name);
    if (id === undefined) throw new Error(`the demo data has no ${name}`);
    return id;
  };
  return {
    category: (name) => found(categories, name),
    brand: (name) => found(brands, name),
    busiestSeller: busiest.seller_user_id,
    year: (yearsAgo) => new Date().getUTCFullYear() - yearsAgo,
    eur: eur.id,
  };
}

/** What is compared of an answer; years are written as years ago, as the demo data counts them. */
function answerOf(result: ProductSearchResult) {
  const thisYear = new Date().getUTCFullYear();
  return {
    total: result.total,
    top: result.data.slice(0, 10).map((product) => product.id),
    big_post: result.big_post?.id ?? null,
    suppliers: result.manufacturers_suppliers.map((supplier) => [supplier.id, supplier.products]),
    corrected: result.keywords.corrected,
    facets: Object.fromEntries(
      result.facets.map((facet) => [
        facet.key,
        facet.key === 'price_range'
          ? [facet.range?.data_min ?? null, facet.range?.data_max ?? null]
          : facet.options.map((option) => [
              facet.key === 'manufacturer_year' ? `${thisYear - Number(option.value)} years ago` : option.value,
              option.count,
              option.selected,
            ]),
      ]),
    ),
  };
}
type Answer = ReturnType<typeof answerOf>;

/** JSON with objects spread over lines and arrays on one line, so a changed answer is a readable diff. */
function readable(value: unknown, indent = ''): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return JSON.stringify(value);
  const inner = `${indent}  `;
  const entries = Object.entries(value).map(
    ([key, entry]) => `${inner}${JSON.stringify(key)}: ${readable(entry, inner)}`,
  );
  return `{\n${entries.join(',\n')}\n${indent}}`;
}

describe('POST /api/v1/front/product/list on the demo data', () => {
  it('answers fifty representative searches as recorded', async () => {
    const refs = await demoRefs();
    const answers: Record<string, Answer> = {};
    for (const query of RELEVANCE_QUERIES) {
      const body = productSearchBodySchema.parse(query.input(refs));
      answers[query.name] = answerOf(await searchProducts(app.db, body));
    }
    expect(Object.keys(answers)).toHaveLength(50);
    if (recording) {
      fs.writeFileSync(FIXTURE, `${readable(answers)}\n`);
      return;
    }
    const recorded = JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as Record<string, Answer>;
    for (const query of RELEVANCE_QUERIES) expect(answers[query.name], query.name).toEqual(recorded[query.name]);
  });
});

describe('the public search statement', () => {
  const onPostgres = !!process.env.TEST_DATABASE_URL;

  it(`is cancelled past its statement timeout with a 503${onPostgres ? '' : ' (PGlite does not cancel: it answers)'}`, async () => {
    const body = productSearchBodySchema.parse({ keyword: 'ex', sort: 'relevance' });
    const request = await searchRequest(app.db, body, 1);
    const slow = sqlSearch(app.db, request, { timeoutMs: 1 });
    if (onPostgres) {
      const error = await slow.then(
        () => null,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ statusCode: 503, message: MARKET_MESSAGES.searchTimedOut });
    } else {
      expect((await slow).total).toBeGreaterThan(1000);
    }
    // The setting ends with the search's transaction: the next search on the connection has the usual limit.
    expect((await sqlSearch(app.db, request)).total).toBeGreaterThan(1000);
  });
});

describe('a search past its window (docs/decisions/069)', () => {
  const WINDOW = 60;
  const request = (input: Record<string, unknown>) => searchRequest(app.db, productSearchBodySchema.parse(input), 1);
  const windowed = async (input: Record<string, unknown>) =>
    sqlSearch(app.db, await request(input), { window: WINDOW });
  const whole = async (input: Record<string, unknown>) => sqlSearch(app.db, await request(input));
  const listed = async (ids: number[]) =>
    rowsOf<{ id: number; price: string | null; categories: number[] }>(
      await app.db.execute(sql`select product_id::int as id, price_min_usd::text as price, category_ids as categories
        from market_listings where product_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`),
    );

  it('walks the first matches in the sort’s order, so the first pages are the whole search’s', async () => {
    for (const sort of ['newest', 'price_asc', 'price_desc'] as const) {
      const all = await whole({ sort });
      const first = await windowed({ sort });
      expect(all.bounded, sort).toBe(false);
      expect(all.total, sort).toBeGreaterThan(WINDOW);
      expect(first.bounded, sort).toBe(true);
      expect(first.total, sort).toBe(WINDOW);
      expect(first.page_ids, sort).toEqual(all.page_ids);
    }
  });

  it('counts the facets and the relevance order over the window, and says so', async () => {
    const found = await windowed({ keyword: 'steel', sort: 'relevance', condition: ['Brand New'] });
    expect((await whole({ keyword: 'steel' })).total).toBeGreaterThan(WINDOW);
    expect(found.bounded).toBe(true);
    expect(found.total).toBeGreaterThan(0);
    expect(found.total).toBeLessThanOrEqual(WINDOW);
    const companies = found.grouped.filter((entry) => entry.k === 'company_id');
    expect(companies.reduce((sum, entry) => sum + Number(entry.n), 0)).toBe(found.total);
    // The same window on every page: the pages of a ranked window follow each other without repeats.
    const pages = await Promise.all([1, 2, 3].map((page) => windowed({ keyword: 'steel', page, per_page: 20 })));
    const ids = pages.flatMap((page) => page.page_ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(Math.min(60, pages[0].total));
    // Filters that leave nothing of the window still say that every word matched (no "any word" fallback then).
    const none = await windowed({ keyword: 'steel', price_range: { min: 0, max: 0.01 } });
    expect(none).toMatchObject({ total: 0, bounded: true });
  });

  it('narrows its walk to a chosen category, and answers a small search exactly', async () => {
    const all = await whole({});
    const [top] = all.categories.filter((entry) => entry.k === 'categories').sort((a, b) => Number(b.n) - Number(a.n));
    const inCategory = await windowed({ categories: [Number(top.v)], sort: 'newest' });
    expect(inCategory.total).toBe(Math.min(WINDOW, Number(top.n)));
    for (const row of await listed(inCategory.page_ids)) expect(row.categories).toContain(Number(top.v));
    const small = await windowed({ keyword: 'pump', sort: 'price_asc' });
    const exact = await whole({ keyword: 'pump', sort: 'price_asc' });
    expect(small.total).toBeLessThanOrEqual(WINDOW);
    expect(small).toEqual(exact);
  });
});
