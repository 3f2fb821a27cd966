import { describe, expect, it } from 'vitest';
import { listingCountText, nextListingPage } from './get-listing.ts';

const page = (over: Partial<Parameters<typeof nextListingPage>[0]> = {}) => ({
  currentPage: 1,
  lastPage: 3,
  perPage: 2,
  total: 6,
  total_bounded: false,
  data: [{}, {}],
  ...over,
});

describe('a CRM list past its count’s bound', () => {
  it('shows an exact count as it is, and a bounded one as "10,000+"', () => {
    expect(listingCountText(page({ total: 1234 }))).toBe((1234).toLocaleString());
    expect(listingCountText(page({ total: 10000, total_bounded: true }))).toBe(`${(10000).toLocaleString()}+`);
    expect(listingCountText(undefined)).toBe('0');
  });

  it('pages to the last page of an exact count, and on past a bound while pages come back full', () => {
    expect(nextListingPage(page())).toBe(2);
    expect(nextListingPage(page({ currentPage: 3 }))).toBeUndefined();
    const bounded = { total: 10000, total_bounded: true, lastPage: 100, perPage: 100 };
    expect(nextListingPage(page({ ...bounded, currentPage: 100, data: Array(100).fill({}) }))).toBe(101);
    expect(nextListingPage(page({ ...bounded, currentPage: 104, data: Array(40).fill({}) }))).toBeUndefined();
  });
});
