import { describe, expect, it } from 'vitest';
import { FILTER_VALUE_RULES, filterValuesSchema, isFilterValue } from './market.ts';

// Blank values are left out: the API's lists drop them before validating; the browser drops them too.
const SAMPLES = [
  '1',
  '42',
  '0',
  '-3',
  '2.5',
  'abc',
  '1899',
  '1900',
  '2024',
  '2100',
  '2101',
  'de',
  'DE',
  'DEU',
  'd1',
  'Gold',
  'x'.repeat(30),
  'x'.repeat(31),
  'Brand New',
  'brand new',
  'Used',
  'in_stock',
  'fixed',
  'Manufacturer',
  'Verified Supplier',
  'US$1 – 5 million',
];

describe('the zod-free filter rules the browser reads', () => {
  for (const [key, rule] of Object.entries(FILTER_VALUE_RULES)) {
    it(`agree with the API's schema on ${key}`, () => {
      const field = filterValuesSchema.shape[key as keyof typeof FILTER_VALUE_RULES];
      for (const value of SAMPLES) {
        expect([key, value, isFilterValue(rule, value)]).toEqual([key, value, field.safeParse([value]).success]);
      }
    });
  }
});
