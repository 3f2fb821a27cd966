import { describe, expect, it } from 'vitest';
import { readListState, searchBody, toggleFilter, writeListState } from './list-state.ts';

describe('product list URL state', () => {
  it('reads keyword, filters, price, sort, view and page from the URL, dropping what is not valid', () => {
    const params = new URLSearchParams(
      'q=ball+valve&business_type=Manufacturers&business_type=Pirates&brand=4&brand=x&price_min=500&price_max=900&sort=price_asc&view=list&page=3&currency=9&utm=a',
    );
    const state = readListState(params, 1);
    expect(state).toMatchObject({
      keyword: 'ball valve',
      sort: 'price_asc',
      view: 'list',
      page: 3,
      currency: 9,
      filters: { business_type: ['Manufacturers'], brand: [4] },
      price: { min: 500, max: 900 },
    });
    expect(searchBody(state)).toMatchObject({
      keyword: 'ball valve',
      per_page: 10,
      page: 3,
      business_type: ['Manufacturers'],
      brand: [4],
      price_range: { min: 500, max: 900 },
    });
  });

  it('writes the state back, keeping foreign parameters, and resets the page when a filter changes', () => {
    const params = new URLSearchParams('utm=a&page=4');
    const state = toggleFilter(readListState(params, 2), 'condition', 'Used');
    const written = writeListState(params, state);
    expect(written.get('utm')).toBe('a');
    expect(written.getAll('condition')).toEqual(['Used']);
    expect(written.has('page')).toBe(false);
    expect(toggleFilter(state, 'condition', 'Used').filters.condition).toBeUndefined();
  });

  it('reads ?keyword= (links from elsewhere) as the keyword, and writes it back as q', () => {
    const params = new URLSearchParams('keyword=pump&sort=newest');
    const state = readListState(params, 1);
    expect(state.keyword).toBe('pump');
    const written = writeListState(params, { ...state, page: 2 });
    expect(written.get('q')).toBe('pump');
    expect(written.has('keyword')).toBe(false);
    expect(readListState(new URLSearchParams('q=valve&keyword=pump'), 1).keyword).toBe('valve');
  });

  it('keeps the seller rating filter in ?rating= (1 to 4) and sends it as rating_min', () => {
    const state = readListState(new URLSearchParams('rating=4&q=pump'), 1);
    expect(state.rating).toBe(4);
    expect(searchBody(state)).toMatchObject({ rating_min: 4, keyword: 'pump' });
    expect(writeListState(new URLSearchParams(), { ...state, page: 1 }).get('rating')).toBe('4');
    expect(readListState(new URLSearchParams('rating=5'), 1).rating).toBeNull();
    expect(readListState(new URLSearchParams('rating=x'), 1).rating).toBeNull();
    expect(searchBody(readListState(new URLSearchParams(''), 1))).not.toHaveProperty('rating_min');
  });

  it('falls back to the stored currency, relevance, grid and page 1', () => {
    expect(readListState(new URLSearchParams('page=-2&sort=cheapest'), 5)).toMatchObject({
      currency: 5,
      sort: 'relevance',
      view: 'grid',
      page: 1,
    });
  });
});
