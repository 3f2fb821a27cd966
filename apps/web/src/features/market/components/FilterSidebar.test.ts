import { describe, expect, it } from 'vitest';
import { RATING_FILTER_VALUES } from '@tradeloop/contracts/reviews-constants';
import { ratingChoiceLabel } from './FilterSidebar.tsx';

describe('the seller rating filter', () => {
  it('says "1 star & up", not "1 stars & up"', () => {
    expect(ratingChoiceLabel(1)).toBe('1 star & up');
    expect(ratingChoiceLabel(4)).toBe('4 stars & up');
    expect(RATING_FILTER_VALUES.map(ratingChoiceLabel)).not.toContain('1 stars & up');
  });
});
