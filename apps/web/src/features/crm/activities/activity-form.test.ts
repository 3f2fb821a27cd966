import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Activity } from '@tradeloop/contracts/crm/activities';
import { initialValues, toBody, type FormValues } from './activity-form.ts';
import { reminderAtOf, reminderChoiceOf } from './format.ts';

const users = [{ id: 7, full_name: 'Rohan Mehta', email_id: 'rohan@example.test', user_type: 'subuser' }];

const meeting: Activity = {
  id: 1,
  unique_id: 'u',
  kind: 'meeting',
  subject: 'Trade fair',
  description: null,
  status: 'scheduled',
  priority: 'normal',
  due_at: null,
  starts_at: '2030-06-01T00:00:00.000Z',
  ends_at: '2030-06-03T00:00:00.000Z',
  all_day: true,
  location: null,
  meeting_link: null,
  participants: [{ name: 'Priya', email: 'priya@kiln.example', user_id: null }],
  call_direction: null,
  duration_seconds: null,
  outcome: null,
  completed_at: null,
  reminder_at: '2030-05-31T00:00:00.000Z',
  owner: { id: 7, full_name: 'Rohan Mehta' },
  record: null,
  created_at: '2030-01-01T00:00:00.000Z',
  updated_at: '2030-01-01T00:00:00.000Z',
};

describe('the activity form', () => {
  afterEach(() => vi.useRealTimers());

  it('holds an all-day meeting by its UTC dates and sends them back unchanged', () => {
    const values = initialValues('meeting', meeting, 1);
    expect(values).toMatchObject({
      starts_at: '2030-06-01 00:00:00',
      ends_at: '2030-06-03 00:00:00',
      reminder: '1440',
      owner_id: '7',
    });
    const body = toBody('meeting', values, users, meeting);
    expect(body).toMatchObject({
      all_day: true,
      starts_at: '2030-06-01T00:00:00.000Z',
      ends_at: '2030-06-03T00:00:00.000Z',
      reminder_at: '2030-05-31T00:00:00.000Z',
      participants: [{ email: 'priya@kiln.example', name: 'Priya' }],
    });
  });

  it('starts a new meeting at the next full hour of local time and ends it an hour later (issue 42)', () => {
    vi.useFakeTimers({ now: new Date(2030, 5, 1, 14, 20) });
    const values = initialValues('meeting', null, 1);
    expect(values).toMatchObject({ starts_at: '2030-06-01 15:00:00', ends_at: '2030-06-01 16:00:00' });
    expect(toBody('meeting', { ...values, subject: 'Visit' }, users, null)).toMatchObject({
      starts_at: new Date(2030, 5, 1, 15).toISOString(),
      ends_at: new Date(2030, 5, 1, 16).toISOString(),
    });
  });

  it('sends a company user’s address as the user, anyone else by e-mail', () => {
    const values: FormValues = {
      ...initialValues('meeting', null, 1),
      subject: ' Visit ',
      participants: ['Rohan@example.test', 'buyer@example.test'],
    };
    const body = toBody('meeting', values, users, null) as { subject: string; participants: unknown[] };
    expect(body.subject).toBe('Visit');
    expect(body.participants).toEqual([{ user_id: 7 }, { email: 'buyer@example.test', name: null }]);
  });

  it('turns a call’s minutes into seconds and an empty duration into none', () => {
    const values = { ...initialValues('call', null, 1), subject: 'Intro', duration_minutes: 5 };
    expect(toBody('call', values, users, null)).toMatchObject({ duration_seconds: 300, call_direction: 'outbound' });
    expect(toBody('call', { ...values, duration_minutes: '' }, users, null)).toMatchObject({ duration_seconds: null });
  });
});

describe('reminder choices', () => {
  it('count back from the due or start time; an unmatched reminder is kept as it is', () => {
    const start = '2030-06-01T10:00:00.000Z';
    expect(reminderAtOf('15', start)).toBe('2030-06-01T09:45:00.000Z');
    expect(reminderAtOf('0', start)).toBe(start);
    expect(reminderAtOf('none', start)).toBeNull();
    expect(reminderAtOf('keep', start)).toBeUndefined();
    expect(reminderChoiceOf('2030-06-01T09:00:00.000Z', start)).toBe('60');
    expect(reminderChoiceOf('2030-06-01T09:13:00.000Z', start)).toBe('keep');
    expect(reminderChoiceOf(null, start)).toBe('none');
  });
});
