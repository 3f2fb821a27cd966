import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMBINATION_SEPARATOR } from '@tradeloop/contracts/catalog';
import { DEMO_ACCOUNTS } from '@tradeloop/contracts/demo';
import type { ProductPage } from '@tradeloop/contracts/market';
import type { QuoteState } from '@tradeloop/contracts/quotes';
import { createDemoApp } from '../../../test/helpers.ts';
import { rowsOf } from '../../db/sql.ts';
import { findPeople } from '../accounts/public.ts';
import { loadPricing } from '../catalog/public.ts';
import { listingsByIds, pagePrices } from '../market/public.ts';
import { priceLine } from './pricing.ts';

/*
 * Acceptance 3 of issue 15 (decision 035): at every quantity breakpoint of a product (each tier's first
 * and last quantity; the minimum order of a fixed price), the unit price the product page lists is the
 * unit price the quote modal gets for the configuration it opens on, and the total is that price times
 * the quantity. Every demo product is checked through the functions the page and the modal call; the
 * demo seller's catalogue also through the HTTP answers the browser reads.
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await createDemoApp();
});
afterAll(() => app.close());

const CURRENCY = 1;
const cents = (value: number) => Math.round(value * 100) / 100;

/** The configuration the quote modal opens on: the default combination, else each option's first value. */
function modalSelection(product: {
  choice_options: { name: string; values: string[] }[];
  matrix: { value: string; is_default: boolean }[];
}) {
  const preferred = product.matrix.find((row) => row.is_default)?.value.split(COMBINATION_SEPARATOR);
  return product.choice_options.map((option, index) => preferred?.[index] ?? option.values[0]);
}

type Point = { quantity: number; listed: number | null };

function breakpoints(tiers: { min: number; max: number; per_unit: number }[], fixed: Point): Point[] {
  if (tiers.length === 0) return [fixed];
  return tiers.flatMap((tier) => [
    { quantity: tier.min, listed: tier.per_unit },
    { quantity: tier.max, listed: tier.per_unit },
  ]);
}

describe('one price: the product page and the quote modal agree', () => {
  it('for every demo product at every quantity breakpoint', async () => {
    const ids = rowsOf<{ product_id: number }>(
      await app.db.execute(sql`select product_id from market_listings order by product_id`),
    ).map((row) => Number(row.product_id));
    expect(ids.length).toBeGreaterThanOrEqual(2000);
    const disagreements: string[] = [];
    let checked = 0;
    for (const row of await listingsByIds(app.db, ids)) {
      // One read of the product's detail, matrix and calculator serves the page and every quantity.
      const pricing = await loadPricing(app.db, row.companyId, row.productId);
      const { detail } = pricing;
      const page = pagePrices(row, pricing);
      const active = pricing.matrix.filter((variation) => variation.status === 'active');
      const selection = modalSelection({ choice_options: detail.choice_options, matrix: active });
      const combination = detail.choice_options.length ? selection.join(COMBINATION_SEPARATOR) : null;
      if (page.pricedCombination !== combination) {
        disagreements.push(
          `${row.name} (${row.productId}): page prices ${page.pricedCombination}, modal opens on ${combination}`,
        );
        continue;
      }
      const fixed = { quantity: Math.max(1, row.minOrder ?? 1), listed: page.perUnit[0] ?? null };
      for (const point of breakpoints(page.tiers, fixed)) {
        const line = await priceLine(
          app.db,
          row,
          { combinations: combination ?? undefined, quantity: point.quantity },
          pricing,
        );
        checked += 1;
        const total = cents((point.listed ?? 0) * point.quantity);
        if (line.unitPrice !== point.listed || Math.abs(line.total - total) > 0.011) {
          disagreements.push(
            `${row.name} (${row.productId}) × ${point.quantity}: page ${point.listed}, modal ${line.unitPrice} (total ${line.total})`,
          );
        }
      }
    }
    expect(disagreements).toEqual([]);
    expect(checked).toBeGreaterThan(ids.length);
  });

  it('for the demo seller’s catalogue through the product page and quote_configuration answers', async () => {
    const [seller] = await findPeople(app.db, { email: DEMO_ACCOUNTS.seller });
    const ids = rowsOf<{ product_id: number }>(
      await app.db.execute(
        sql`select product_id from market_listings where company_id = ${seller.companyId} order by product_id`,
      ),
    ).map((row) => Number(row.product_id));
    expect(ids.length).toBeGreaterThan(5);
    for (const id of ids) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/front/product/detail/${id}?currency=${CURRENCY}`,
      });
      expect(response.statusCode).toBe(200);
      const { product }: ProductPage = response.json().data;
      const selection = modalSelection(product);
      if (product.choice_options.length) expect(product.priced_combination).toBe(selection.join(COMBINATION_SEPARATOR));
      const fixed = { quantity: Math.max(1, product.quantity ?? 1), listed: product.unit_price };
      for (const point of breakpoints(product.tiers, fixed)) {
        const configured = await app.inject({
          method: 'POST',
          url: '/api/v1/front/quote_configuration',
          payload: {
            unique_session_id: `pricing-${id}-${point.quantity}`,
            type: product.product_type,
            product_id: id,
            quantity: point.quantity,
            combinations: Object.fromEntries(
              product.choice_options.map((option, index) => [option.name, selection[index]]),
            ),
            currency: CURRENCY,
          },
        });
        expect(configured.statusCode, configured.body).toBe(200);
        const state: QuoteState = configured.json().data;
        expect({ product: product.name, quantity: point.quantity, unit: state.unit_price }).toEqual({
          product: product.name,
          quantity: point.quantity,
          unit: point.listed,
        });
        expect(state.total).toBeCloseTo(cents((point.listed ?? 0) * point.quantity), 1);
      }
    }
  });
});
