import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES } from '@tradeloop/contracts/accounts';
import { type Reminder, REMINDER_MESSAGES, type ReminderIndex } from '@tradeloop/contracts/crm/activities';
import { as, createTestApp, signUp, type TestUser } from '../../../../test/helpers.ts';
import { signUpSubUser } from '../../catalog/test-support.ts';
import { createRecord, crm } from '../test-support.ts';
import { dayBounds, reminderIndex, setActivityReminder } from './reminders.ts';
import { crmActivities } from './tables.ts';

/** The job is off here (interval 0): these tests read and write reminders; reminders-job.test.ts delivers them. */
let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp({ REMINDER_INTERVAL_MS: '0' });
});
afterAll(() => app.close());

async function store(user: TestUser, body: Record<string, unknown>) {
  const response = await crm(app, user, 'POST', 'reminder/store', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Reminder;
}

async function index(user: TestUser, query = '') {
  const response = await crm(app, user, 'GET', `reminder/index${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as ReminderIndex;
}

async function count(user: TestUser) {
  const response = await crm(app, user, 'GET', 'reminder/count');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.count as number;
}

const owner = (user: TestUser) => ({ companyId: user.companyId!, userId: user.id });
const titles = (list: { title: string }[]) => list.map((item) => item.title);
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

describe('POST /crm/v1/reminder/store', () => {
  it('saves a reminder on a lead and answers it with the record', async () => {
    const seller = await signUp(app, 'seller');
    const lead = await createRecord(app, seller, 1, { first_name: 'Asha', last_name: 'Rao' });
    const response = await crm(app, seller, 'POST', 'reminder/store', {
      title: 'Call Asha about the sample',
      remind_at: '2031-05-01T09:00:00+05:30',
      lead_id: lead.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { data, message } = response.json();
    expect(message).toBe(REMINDER_MESSAGES.saved);
    expect(data).toMatchObject({
      title: 'Call Asha about the sample',
      remind_at: '2031-05-01T03:30:00.000Z',
      status: 'pending',
      sent_at: null,
      record: { id: lead.id, unique_id: lead.unique_id, type_id: 1, title: 'Asha Rao' },
      activity: null,
    });
  });

  it('saves a reminder on no record, and one already past (it is due at once)', async () => {
    const seller = await signUp(app, 'seller');
    const past = await store(seller, { title: 'Overdue', remind_at: hoursFromNow(-1) });
    expect(past).toMatchObject({ status: 'pending', record: null });
    expect(await count(seller)).toBe(1);
  });

  it('refuses a missing title, a blank or too long one, and a missing or malformed time with the field messages', async () => {
    const seller = await signUp(app, 'seller');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ remind_at: hoursFromNow(1) }, 'title', REMINDER_MESSAGES.titleRequired],
      [{ title: '   ', remind_at: hoursFromNow(1) }, 'title', REMINDER_MESSAGES.titleRequired],
      [{ title: 'x'.repeat(201), remind_at: hoursFromNow(1) }, 'title', REMINDER_MESSAGES.titleTooLong],
      [{ title: 'Call' }, 'remind_at', REMINDER_MESSAGES.remindAtRequired],
      [{ title: 'Call', remind_at: 'tomorrow-ish' }, 'remind_at', REMINDER_MESSAGES.remindAtRequired],
    ];
    for (const [body, field, message] of cases) {
      const response = await crm(app, seller, 'POST', 'reminder/store', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
    }
  });

  it('answers 404 for a record of another company, or of another type than named', async () => {
    const seller = await signUp(app, 'seller');
    const intruder = await signUp(app, 'seller');
    const lead = await createRecord(app, seller, 1, { first_name: 'Mine' });
    const remindAt = hoursFromNow(2);
    expect(
      (await crm(app, intruder, 'POST', 'reminder/store', { title: 'x', remind_at: remindAt, lead_id: lead.id }))
        .statusCode,
    ).toBe(404);
    expect(
      (await crm(app, seller, 'POST', 'reminder/store', { title: 'x', remind_at: remindAt, deal_id: lead.id }))
        .statusCode,
    ).toBe(404);
    expect(await count(intruder)).toBe(0);
  });
});

describe('GET /crm/v1/reminder/index', () => {
  it('splits previous (on or before yesterday) from today around midnight in Asia/Kolkata', async () => {
    const seller = await signUp(app, 'seller');
    // 23:30 yesterday and 00:30 today in Kolkata (UTC+5:30): both fall on 9 March in UTC.
    await store(seller, { title: 'Late yesterday', remind_at: '2031-03-09T23:30:00+05:30' });
    await store(seller, { title: 'Early today', remind_at: '2031-03-10T00:30:00+05:30' });
    await store(seller, { title: 'Tonight', remind_at: '2031-03-10T23:59:00+05:30' });
    await store(seller, { title: 'Two days ago', remind_at: '2031-03-08T10:00:00+05:30' });
    const now = new Date('2031-03-10T12:00:00+05:30');

    const kolkata = await reminderIndex(app.db, owner(seller), { zone: 'Asia/Kolkata', now });
    expect(kolkata.today_starts_at).toBe('2031-03-09T18:30:00.000Z');
    expect(kolkata.today_ends_at).toBe('2031-03-10T18:30:00.000Z');
    expect(titles(kolkata.previous)).toEqual(['Late yesterday', 'Two days ago']);
    expect(titles(kolkata.today)).toEqual(['Early today', 'Tonight']);

    // The same instants counted in UTC: 00:30 Kolkata is still 9 March.
    const utc = await reminderIndex(app.db, owner(seller), { zone: 'UTC', now });
    expect(titles(utc.previous)).toEqual(['Early today', 'Late yesterday', 'Two days ago']);
    expect(titles(utc.today)).toEqual(['Tonight']);
  });

  it('counts days in America/New_York across the daylight-saving change', async () => {
    // 9 March 2031 is the day New York moves to summer time: a 23-hour day.
    expect(dayBounds(new Date('2031-03-09T12:00:00-05:00'), 'America/New_York')).toMatchObject({
      todayStart: new Date('2031-03-09T05:00:00.000Z'),
      tomorrowStart: new Date('2031-03-10T04:00:00.000Z'),
    });
    const seller = await signUp(app, 'seller');
    await store(seller, { title: 'Late yesterday', remind_at: '2031-03-09T23:30:00-04:00' });
    await store(seller, { title: 'Early today', remind_at: '2031-03-10T00:30:00-04:00' });
    const split = await reminderIndex(app.db, owner(seller), {
      zone: 'America/New_York',
      now: new Date('2031-03-10T12:00:00-04:00'),
    });
    expect(titles(split.previous)).toEqual(['Late yesterday']);
    expect(titles(split.today)).toEqual(['Early today']);
  });

  it('counts days in the zone of the profile, a stated tz overriding it, and UTC when neither is set', async () => {
    const seller = await signUp(app, 'seller');
    // Due 30 minutes after the caller's midnight in Kolkata: today there, still yesterday in UTC
    // for the first 5½ hours of the Kolkata day.
    const { todayStart } = dayBounds(new Date(), 'Asia/Kolkata');
    const kolkataDay = new Date(todayStart.getTime() + 30 * 60_000);
    await store(seller, { title: 'Just after midnight in Kolkata', remind_at: kolkataDay.toISOString() });

    const profile = await as(app, seller, {
      method: 'PATCH',
      url: '/api/v1/profile/updateProfile',
      payload: { time_zone: 'Asia/Kolkata' },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const byProfile = await index(seller);
    expect(byProfile.time_zone).toBe('Asia/Kolkata');
    expect(byProfile.today_starts_at).toBe(todayStart.toISOString());
    expect(titles(byProfile.today)).toEqual(['Just after midnight in Kolkata']);

    const stated = await index(seller, '?tz=America/New_York');
    expect(stated.time_zone).toBe('America/New_York');
    expect(stated.today_starts_at).toBe(dayBounds(new Date(), 'America/New_York').todayStart.toISOString());

    const other = await signUp(app, 'seller');
    expect((await index(other)).time_zone).toBe('UTC');
  });

  it('refuses an unknown time zone with the profile’s message', async () => {
    const seller = await signUp(app, 'seller');
    const response = await crm(app, seller, 'GET', 'reminder/index?tz=Mars/Olympus');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.tz).toEqual([PROFILE_MESSAGES.invalidTimeZone]);
  });

  it('lists upcoming pending reminders of the next 7 days and leaves dismissed ones out', async () => {
    const seller = await signUp(app, 'seller');
    const now = new Date('2031-06-15T12:00:00Z');
    await store(seller, { title: 'In three days', remind_at: '2031-06-18T09:00:00Z' });
    await store(seller, { title: 'In ten days', remind_at: '2031-06-25T09:00:00Z' });
    const dismissed = await store(seller, { title: 'Later today, dismissed', remind_at: '2031-06-15T18:00:00Z' });
    expect((await crm(app, seller, 'POST', `reminder/dismiss/${dismissed.id}`)).statusCode).toBe(200);
    const split = await reminderIndex(app.db, owner(seller), { zone: 'UTC', now });
    expect(titles(split.upcoming)).toEqual(['In three days']);
    expect(split.today).toEqual([]);
  });

  it('shows the activity that set a reminder, and the record of that activity', async () => {
    const seller = await signUp(app, 'seller');
    const deal = await createRecord(app, seller, 2, { deal_name: 'Pumps for Pune' });
    const [task] = await app.db
      .insert(crmActivities)
      .values({
        companyId: seller.companyId!,
        kind: 'task',
        recordId: deal.id,
        subject: 'Send the quotation',
        status: 'open',
        ownerId: seller.id,
        dueAt: new Date('2031-07-01T10:00:00Z'),
      })
      .returning();
    await setActivityReminder(app.db, {
      companyId: seller.companyId!,
      userId: seller.id,
      activityId: task.id,
      recordId: null,
      title: 'Send the quotation',
      remindAt: new Date('2031-07-01T09:00:00Z'),
    });
    const split = await reminderIndex(app.db, owner(seller), { zone: 'UTC', now: new Date('2031-07-01T08:00:00Z') });
    expect(split.today).toEqual([
      expect.objectContaining({
        title: 'Send the quotation',
        activity: { id: task.id, kind: 'task', subject: 'Send the quotation' },
        record: expect.objectContaining({ id: deal.id, type_id: 2, title: 'Pumps for Pune' }),
      }),
    ]);
    // Moving the activity's reminder replaces the pending one; taking it away removes it.
    await setActivityReminder(app.db, {
      companyId: seller.companyId!,
      userId: seller.id,
      activityId: task.id,
      recordId: deal.id,
      title: 'Send the quotation',
      remindAt: null,
    });
    expect(
      (await reminderIndex(app.db, owner(seller), { zone: 'UTC', now: new Date('2031-07-01T08:00:00Z') })).today,
    ).toEqual([]);
  });

  it('splits the caller’s meetings (owned or taking part) into previous and today’s', async () => {
    const seller = await signUp(app, 'seller');
    const colleague = await signUpSubUser(app, seller);
    const lead = await createRecord(app, seller, 1, { first_name: 'Meera' });
    const meeting = (subject: string, startsAt: string, ownerId: number, participants: { user_id: number }[] = []) => ({
      companyId: seller.companyId!,
      kind: 'meeting' as const,
      recordId: lead.id,
      subject,
      status: 'planned',
      ownerId,
      startsAt: new Date(startsAt),
      endsAt: new Date(new Date(startsAt).getTime() + 3_600_000),
      participants: participants.map((item) => ({ name: null, email: null, ...item })),
    });
    await app.db
      .insert(crmActivities)
      .values([
        meeting('Yesterday late', '2031-03-09T23:30:00+05:30', seller.id),
        meeting('Today early', '2031-03-10T00:30:00+05:30', seller.id),
        meeting('Colleague’s, with me', '2031-03-10T15:00:00+05:30', colleague.id, [{ user_id: seller.id }]),
        meeting('Colleague’s alone', '2031-03-10T16:00:00+05:30', colleague.id),
      ]);
    const split = await reminderIndex(app.db, owner(seller), {
      zone: 'Asia/Kolkata',
      now: new Date('2031-03-10T12:00:00+05:30'),
    });
    expect(titles(split.meetings.previous.map((item) => ({ title: item.subject })))).toEqual(['Yesterday late']);
    expect(split.meetings.today.map((item) => item.subject)).toEqual(['Today early', 'Colleague’s, with me']);
    expect(split.meetings.today[0]).toMatchObject({
      starts_at: '2031-03-09T19:00:00.000Z',
      record: { id: lead.id, type_id: 1 },
    });
  });
});

describe('GET /crm/v1/reminder/count', () => {
  it('counts due reminders not dismissed, delivered or not, and not future ones', async () => {
    const seller = await signUp(app, 'seller');
    const due = await store(seller, { title: 'Due', remind_at: hoursFromNow(-2) });
    await store(seller, { title: 'Also due', remind_at: hoursFromNow(-1) });
    await store(seller, { title: 'Future', remind_at: hoursFromNow(5) });
    expect(await count(seller)).toBe(2);
    await crm(app, seller, 'POST', `reminder/dismiss/${due.id}`);
    expect(await count(seller)).toBe(1);
  });
});

describe('POST /crm/v1/reminder/dismiss/{id} and DELETE /crm/v1/reminder/destroy/{id}', () => {
  it('dismisses a reminder, which leaves the bell and the lists', async () => {
    const seller = await signUp(app, 'seller');
    const reminder = await store(seller, { title: 'Follow up', remind_at: hoursFromNow(-1) });
    const response = await crm(app, seller, 'POST', `reminder/dismiss/${reminder.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: REMINDER_MESSAGES.dismissed,
      data: { id: reminder.id, status: 'dismissed' },
    });
    const split = await index(seller);
    expect([...split.previous, ...split.today].map((item) => item.id)).not.toContain(reminder.id);
    expect(await count(seller)).toBe(0);
  });

  it('deletes a reminder; a second delete answers 404', async () => {
    const seller = await signUp(app, 'seller');
    const reminder = await store(seller, { title: 'Follow up', remind_at: hoursFromNow(-1) });
    const response = await crm(app, seller, 'DELETE', `reminder/destroy/${reminder.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: REMINDER_MESSAGES.deleted, data: { id: reminder.id } });
    expect((await crm(app, seller, 'DELETE', `reminder/destroy/${reminder.id}`)).statusCode).toBe(404);
    expect((await crm(app, seller, 'POST', `reminder/dismiss/${reminder.id}`)).statusCode).toBe(404);
    expect(await count(seller)).toBe(0);
  });
});

describe('tenant isolation: reminders are their user’s own', () => {
  let seller: TestUser;
  let colleague: TestUser;
  let intruder: TestUser;
  let reminder: Reminder;
  beforeAll(async () => {
    seller = await signUp(app, 'seller');
    colleague = await signUpSubUser(app, seller);
    intruder = await signUp(app, 'seller');
    const lead = await createRecord(app, seller, 1, { first_name: 'Private' });
    reminder = await store(seller, { title: 'Private reminder', remind_at: hoursFromNow(-1), lead_id: lead.id });
  });

  it('another company’s or another user’s reminder id answers 404 on dismiss and destroy', async () => {
    for (const other of [intruder, colleague]) {
      expect((await crm(app, other, 'POST', `reminder/dismiss/${reminder.id}`)).statusCode).toBe(404);
      expect((await crm(app, other, 'DELETE', `reminder/destroy/${reminder.id}`)).statusCode).toBe(404);
    }
    expect((await index(seller)).today.concat((await index(seller)).previous).map((item) => item.id)).toContain(
      reminder.id,
    );
  });

  it('nobody else sees it in their index or count', async () => {
    for (const other of [intruder, colleague]) {
      const split = await index(other);
      expect([...split.previous, ...split.today, ...split.upcoming]).toEqual([]);
      expect(await count(other)).toBe(0);
    }
  });

  it('answers 404 for ids that do not exist or are out of range, and 422 for ones that are not ids', async () => {
    expect((await crm(app, seller, 'POST', 'reminder/dismiss/999999999')).statusCode).toBe(404);
    expect((await crm(app, seller, 'POST', 'reminder/dismiss/abc')).statusCode).toBe(422);
    expect((await crm(app, seller, 'DELETE', 'reminder/destroy/99999999999999999999')).statusCode).toBe(422);
  });
});
