import { describe, expect, it } from 'vitest';
import { UNITS } from '@tradeloop/contracts/reference';
import {
  dateLabel,
  dateText,
  dateTimeLabel,
  money,
  pluralize,
  quantityText,
  time12,
  unitWord,
  replyTimeText,
  yearsOnTradeLoop,
} from './format.ts';
import dayjs from 'dayjs';

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

describe('quantityText', () => {
  it('reads a quantity and its unit by the plural rule', () => {
    expect(quantityText(20, 'Piece')).toBe('20 pieces');
    expect(quantityText(1, 'Piece')).toBe('1 piece');
    expect(quantityText('2.5', 'Kilogram')).toBe('2.5 kg');
    expect(quantityText(3, 'Metric Ton')).toBe('3 tonnes');
    expect(quantityText(1250, 'Meter')).toBe('1,250 metres');
    expect(quantityText(2, 'Foot')).toBe('2 feet');
    expect(quantityText(4, null)).toBe('4 units');
  });

  it('has words for every unit, and shows a unit it does not know as given', () => {
    for (const unit of UNITS) expect(unitWord(unit, 2)).not.toBe(unit);
    expect(quantityText(2, 'Crate')).toBe('2 Crate');
  });

  it('pluralizes other words by the same rule', () => {
    expect(pluralize(1, 'star')).toBe('1 star');
    expect(pluralize(4, 'star')).toBe('4 stars');
  });
});

describe('dates', () => {
  it('shows one date format, day-month-year, for days and moments', () => {
    expect(dateText('2027-03-12')).toBe('12 Mar 2027');
    expect(dateText(new Date(2027, 2, 12, 23, 30).toISOString())).toBe('12 Mar 2027');
    expect(dateLabel('2027-03-12T10:00:00', dayjs('2027-04-01T10:00:00'))).toBe('12 Mar 2027');
    expect(dateLabel('2027-03-31T10:00:00', dayjs('2027-04-01T10:00:00'))).toBe('Yesterday');
  });

  it('shows one date-and-time format with the 12-hour time', () => {
    const moment = new Date(2027, 2, 12, 21, 5).toISOString();
    expect(time12(moment)).toBe('09:05 PM');
    expect(dateTimeLabel(moment)).toBe('12 Mar 2027, 09:05 PM');
  });
});

describe('yearsOnTradeLoop', () => {
  it('counts whole years since the seller joined, and says New in the first year', () => {
    const now = new Date('2026-11-30T12:00:00Z');
    expect(yearsOnTradeLoop('2015-12-01T00:00:00Z', now)).toBe('10 years on TradeLoop');
    expect(yearsOnTradeLoop('2015-11-30T00:00:00Z', now)).toBe('11 years on TradeLoop');
    expect(yearsOnTradeLoop('2025-11-01T00:00:00Z', now)).toBe('1 year on TradeLoop');
    expect(yearsOnTradeLoop('2026-03-15T00:00:00Z', now)).toBe('New on TradeLoop');
  });
});

describe('replyTimeText', () => {
  it('rounds up to the hour, and to the day from a day on', () => {
    expect(replyTimeText(0)).toBe('within an hour');
    expect(replyTimeText(3600)).toBe('within an hour');
    expect(replyTimeText(3601)).toBe('within 2 hours');
    expect(replyTimeText(5 * 3600 + 30)).toBe('within 6 hours');
    expect(replyTimeText(23 * 3600)).toBe('within 23 hours');
    expect(replyTimeText(24 * 3600)).toBe('within 1 day');
    expect(replyTimeText(30 * 3600)).toBe('within 2 days');
  });
});
