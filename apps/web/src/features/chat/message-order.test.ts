import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dateLabel, time12 } from '../../lib/format.ts';
import { inServerOrder } from './message-order.ts';

const at = (id: number, iso: string) => ({ id, created_at: iso });

describe('chat message order', () => {
  it('orders by the server timestamp, not by the order the cache received them', () => {
    // A page as loaded, then a sent message, then a live event that was written earlier.
    const cached = [at(3, '2026-11-24T11:54:00Z'), at(1, '2026-11-24T09:54:00Z'), at(2, '2026-11-24T11:34:00Z')];
    expect(inServerOrder(cached).map((message) => message.id)).toEqual([1, 2, 3]);
  });

  it('breaks equal timestamps by id and keeps one copy of a message seen twice', () => {
    const same = '2026-11-24T10:00:00Z';
    expect(inServerOrder([at(9, same), at(8, same), at(9, same)]).map((message) => message.id)).toEqual([8, 9]);
  });

  it('labels days Today, Yesterday and day-month-year, oldest first', () => {
    const now = dayjs('2026-11-25T15:00:00');
    const ordered = inServerOrder([
      at(4, dayjs('2026-11-25T09:05:00').toISOString()),
      at(1, dayjs('2026-11-20T23:34:00').toISOString()),
      at(3, dayjs('2026-11-24T11:54:00').toISOString()),
      at(2, dayjs('2026-11-24T09:54:00').toISOString()),
    ]);
    expect(ordered.map((message) => [message.id, dateLabel(message.created_at, now)])).toEqual([
      [1, '20 Nov 2026'],
      [2, 'Yesterday'],
      [3, 'Yesterday'],
      [4, 'Today'],
    ]);
  });

  it('shows times on the 12-hour clock with AM or PM', () => {
    expect(time12(dayjs('2026-11-24T23:34:00').toISOString())).toBe('11:34 PM');
    expect(time12(dayjs('2026-11-24T09:54:00').toISOString())).toBe('09:54 AM');
  });
});
