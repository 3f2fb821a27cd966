import { describe, expect, it } from 'vitest';
import { money } from './format.ts';

describe('money', () => {
  it("shows the currency's minor units", () => {
    expect(money(1005.3, { code: 'USD', symbol: '$' })).toBe('$1,005.30');
    expect(money(395, { code: 'USD', symbol: '$' })).toBe('$395.00');
    expect(money(12500, { code: 'EUR', symbol: '€' })).toBe('€12,500.00');
    expect(money(1005.3, { code: 'JPY', symbol: '¥' })).toBe('¥1,005');
  });

  it("uses Intl's symbol without one given, and two decimals for a code Intl does not know", () => {
    expect(money(18.5, { code: 'USD' })).toBe('$18.50');
    expect(money(18.5, { code: 'Rupee', symbol: '₹' })).toBe('₹18.50');
  });

  it('puts the sign before the symbol', () => {
    expect(money(-4.5, { code: 'GBP', symbol: '£' })).toBe('-£4.50');
  });
});
