import { describe, expect, it } from 'vitest';
import { PRICE_SLIDER } from '@tradeloop/contracts/common-constants';
import { RATING_FILTER_VALUES } from '@tradeloop/contracts/reviews-constants';
import { priceSliderBounds, ratingChoiceLabel } from './FilterSidebar.tsx';

describe('the seller rating filter', () => {
  it('says "1 star & up", not "1 stars & up"', () => {
    expect(ratingChoiceLabel(1)).toBe('1 star & up');
    expect(ratingChoiceLabel(4)).toBe('4 stars & up');
    expect(RATING_FILTER_VALUES.map(ratingChoiceLabel)).not.toContain('1 stars & up');
  });
});

describe('the price slider', () => {
  const range = (data_min: number | null, data_max: number | null) => ({
    ...PRICE_SLIDER,
    data_min,
    data_max,
    selected_min: null,
    selected_max: null,
  });

  it('spans the prices of the results, not 500 to 50,000, when no price is asked', () => {
    expect(priceSliderBounds(range(12.5, 92_340), [null, null])).toEqual([0, 92_400]);
    expect(priceSliderBounds(range(1_250, 4_800), [null, null])).toEqual([1_200, 4_800]);
  });

  it('keeps the asked prices within its ends, and is never narrower than a step', () => {
    expect(priceSliderBounds(range(1_250, 4_800), [900, 6_000])).toEqual([900, 6_000]);
    expect(priceSliderBounds(range(300, 300), [null, null])).toEqual([300, 400]);
  });

  it('falls back to the default ends when no result has a price', () => {
    expect(priceSliderBounds(range(null, null), [null, null])).toEqual([PRICE_SLIDER.min, PRICE_SLIDER.max]);
    expect(priceSliderBounds(undefined, [null, null])).toEqual([PRICE_SLIDER.min, PRICE_SLIDER.max]);
  });
});
