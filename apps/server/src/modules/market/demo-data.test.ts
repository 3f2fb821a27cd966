import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@tradeloop/contracts/demo';
import { DEMO_OPERATOR_EMAIL } from '@tradeloop/contracts/market';
import { as, createDemoApp } from '../../../test/helpers.ts';
import { search } from './test-support.ts';
import { ensureDemoImages, productDrawing } from './demo-images.ts';
import { KIND_DRAWINGS } from './drawings/index.ts';
import { TRADES } from './demo-trades.ts';
import { demoCatalogueOf } from '../../db/demo-data.ts';
import { categoryTree, pathOf } from '../catalog/public.ts';
import { rowsOf } from '../../db/sql.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createDemoApp();
});
afterAll(() => app.close());

async function signIn(email: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/signin',
    payload: { email_id: email, password: DEMO_PASSWORD },
  });
  return { token: response.json().data.token as string };
}

describe('marketplace demo data', () => {
  it('lists at least 2,000 products across the category tree, with pictures, several currencies and both kinds', async () => {
    const all = await search(app, {});
    expect(all.total).toBeGreaterThanOrEqual(2000);
    const facet = (key: string) => all.facets.find((entry) => entry.key === key)!.options;
    expect(facet('categories').filter((option) => option.count > 0).length).toBe(14);
    expect(
      facet('product_availability')
        .map((option) => option.value)
        .sort(),
    ).toEqual(['by_order', 'in_stock']);
    expect(
      facet('price_type')
        .map((option) => option.value)
        .sort(),
    ).toEqual(['fixed', 'quantity']);
    expect(facet('business_type')).toHaveLength(7);
    expect(facet('plan_type').length).toBeGreaterThan(1);
    const [stats] = rowsOf<{ currencies: number; pictured: number; total: number }>(
      await app.db.execute(sql`select count(distinct price_currency_id)::int as currencies,
        count(*) filter (where main_image is not null)::int as pictured, count(*)::int as total from market_listings`),
    );
    expect(stats.currencies).toBeGreaterThanOrEqual(5);
    expect(stats.pictured).toBe(stats.total);
  });

  it('has an operator who can update rates, and enquiries in several states for the demo seller', async () => {
    const operator = await signIn(DEMO_OPERATOR_EMAIL);
    const update = await as(app, operator, {
      method: 'POST',
      url: '/api/v1/operator/exchange_rates',
      payload: { rates: [{ code: 'GBP', rate: 0.8 }] },
    });
    expect(update.statusCode).toBe(200);
    const seller = await signIn(DEMO_ACCOUNTS.seller);
    const received = await as(app, seller, { method: 'GET', url: '/api/v1/enquiry/index?type=received' });
    const counts = received.json().data.counts;
    expect(counts).toMatchObject({ open: 1, answered: 1, accepted: 1 });
    const bell = await as(app, seller, { method: 'GET', url: '/api/v1/notifications/count' });
    expect(bell.json().data.unread.enquiries).toBe(3);
  });

  it('reads like a real catalogue: no doubled words, distinct products per seller, no name crowding a results page', async () => {
    const rows = rowsOf<{ name: string; company_id: number }>(
      await app.db.execute(sql`select concat_ws(' ', pre_title_name, name) as name, company_id from market_listings`),
    );
    const doubled = rows.filter((row) => /\b(\w+)\s+\1\b/i.test(row.name)).map((row) => row.name);
    expect(doubled).toEqual([]);
    const perSeller = new Map<string, number>();
    for (const row of rows) {
      const key = `${row.company_id}:${row.name.toLowerCase()}`;
      perSeller.set(key, (perSeller.get(key) ?? 0) + 1);
    }
    expect([...perSeller].filter(([, count]) => count > 1)).toEqual([]);

    // A description names its supplier as English does: "an agent", never "a agents and representative".
    const suppliers = rowsOf<{ supplier: string }>(
      await app.db.execute(
        sql`select distinct substring(description from 'supplied by ([a-z]+ [a-z]+)') as supplier from products
          where description like '%supplied by%'`,
      ),
    ).map((row) => row.supplier);
    expect(suppliers.filter((phrase) => /^a [aeiou]|^an? \w+s$/.test(phrase))).toEqual([]);
    expect(suppliers.length).toBeGreaterThanOrEqual(5);

    // The first results page of common keywords shows no product name more than twice.
    const keywords = ['pump', 'valve', 'motor', 'steel', 'gear pump', 'wire', 'box', 'gloves', 'light', 'bearing'];
    for (const q of keywords) {
      const page = await search(app, { keyword: q, per_page: 40 });
      const seen = new Map<string, number>();
      for (const product of page.data) {
        const name = [product.pre_title_name, product.name].filter(Boolean).join(' ');
        seen.set(name, (seen.get(name) ?? 0) + 1);
      }
      expect({ q, crowded: [...seen].filter(([, count]) => count > 2) }).toEqual({ q, crowded: [] });
    }
  });

  it('looks like trade: each supplier sells within its trades, catalogues and countries differ in size, units fit (issue 42)', async () => {
    const rows = rowsOf<{ company: string; category_id: number; country: string; unit: string | null }>(
      await app.db.execute(
        sql`select company_name as company, category_id::int, country_code as country, unit_name as unit
          from market_listings`,
      ),
    );
    const tree = await categoryTree(app.db);
    const outside = rows
      .map((row) => ({ company: row.company, top: pathOf(tree, row.category_id)[0]?.name ?? '' }))
      .filter(({ company, top }) => !demoCatalogueOf(company).trades.includes(top));
    expect([...new Set(outside.map(({ company, top }) => `${company} sells ${top}`))]).toEqual([]);

    const sizes = (key: 'company' | 'country') => {
      const counted = new Map<string, number>();
      for (const row of rows) counted.set(row[key], (counted.get(row[key]) ?? 0) + 1);
      return [...counted.values()];
    };
    for (const key of ['company', 'country'] as const) {
      expect(Math.max(...sizes(key)), key).toBeGreaterThan(3 * Math.min(...sizes(key)));
    }
    const units = new Set(rows.map((row) => row.unit));
    expect(units.size).toBeGreaterThanOrEqual(3);
    // Every price is per something, made to order too ("$35.62" alone said nothing).
    expect(rows.filter((row) => !row.unit).length).toBe(0);
    // The hand-written trade products too: rice by the kilogram, denim by the metre, gloves by the pair.
    const unitOf = async (name: string) =>
      rowsOf<{ unit: string }>(
        await app.db.execute(sql`select distinct unit_name as unit from market_listings where name = ${name}`),
      ).map((row) => row.unit);
    expect(await unitOf('Basmati Rice')).toEqual(['Kilogram']);
    expect(await unitOf('Cotton Denim Fabric')).toEqual(['Meter']);
    expect(await unitOf('Nitrile Safety Gloves')).toEqual(['Pair']);
  });

  it('draws no text into a product picture: its name and brand belong in the HTML (issue 42)', async () => {
    const rows = rowsOf<{ title: string; brand: string; category_id: number }>(
      await app.db.execute(
        sql`select concat_ws(' ', pre_title_name, name) as title, brand_name as brand, category_id from market_listings`,
      ),
    );
    const tree = await categoryTree(app.db);
    const lettered = rows.filter((row) => {
      const [top, sub] = pathOf(tree, row.category_id);
      return [0, 1, 2].some((position) => {
        const subject = { ...row, trade: TRADES[top.name], kind: sub.name, position };
        const svg = productDrawing(subject);
        return /<text|<tspan|<image|href=/.test(svg) || svg.includes(row.title) || svg.includes(row.brand);
      });
    });
    expect(lettered.map((row) => row.title)).toEqual([]);
    expect(rows.length).toBeGreaterThanOrEqual(2000);
  });

  it('draws what each sub-category sells, in two or three pictures a product, each its own (issue 42)', async () => {
    const tree = await categoryTree(app.db);
    const tops = tree.children.get(null) ?? [];
    const subCategories = tops.flatMap((top) => tree.children.get(top.id) ?? []);
    const objects = new Map(subCategories.map((sub) => [sub.name, KIND_DRAWINGS[sub.name]]));
    expect(objects.size).toBeGreaterThanOrEqual(59);
    expect([...objects].filter(([, drawing]) => !drawing).map(([name]) => name)).toEqual([]);
    expect(new Set(objects.values()).size).toBe(objects.size);

    const [gallery] = rowsOf<{ products: number; fewest: number; most: number; keys: number; pictures: number }>(
      await app.db.execute(sql`select count(*)::int as products, min(n)::int as fewest, max(n)::int as most,
          sum(keys)::int as keys, sum(n)::int as pictures
        from (select count(*) as n, count(distinct i.storage_key) as keys from product_images i
          join market_listings l on l.product_id = i.product_id group by i.product_id) per_product`),
    );
    expect(gallery).toMatchObject({ fewest: 2, most: 3 });
    expect(gallery.keys).toBe(gallery.pictures);
    expect(gallery.products).toBeGreaterThanOrEqual(2000);
  });

  it('gives every product a picture of its own, drawn newest first', async () => {
    const [pictures] = rowsOf<{ distinct: number; total: number }>(
      await app.db.execute(
        sql`select count(distinct main_image)::int as distinct, count(*)::int as total from market_listings`,
      ),
    );
    expect(pictures.distinct).toBe(pictures.total);

    let drawn = 0;
    await ensureDemoImages(app.db, app.storage, app.log, () => drawn++ >= 3);
    const listed = rowsOf<{ main_image: string; created_ms: number }>(
      await app.db.execute(
        sql`select main_image, (extract(epoch from created_at) * 1000)::float8 as created_ms
          from market_listings where starts_with(main_image, 'demo/market/')`,
      ),
    );
    const pictured: typeof listed = [];
    for (const row of listed) {
      const file = await app.storage.open(`${row.main_image}/card.webp`);
      if (!file) continue;
      const chunks: Buffer[] = [];
      for await (const chunk of file.stream) chunks.push(chunk as Buffer);
      expect(await sharp(Buffer.concat(chunks)).metadata()).toMatchObject({ format: 'webp', width: 600, height: 600 });
      pictured.push(row);
    }
    expect(pictured).toHaveLength(3);
    const oldestDrawn = Math.min(...pictured.map((row) => row.created_ms));
    const newestWaiting = Math.max(...listed.filter((row) => !pictured.includes(row)).map((row) => row.created_ms));
    expect(oldestDrawn).toBeGreaterThanOrEqual(newestWaiting);
  });
});
