import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Reminder } from '@tradeloop/contracts/crm/activities';
import { outboxMessages } from '../../../platform/mail.ts';
import { createTestApp, eventually, persistentDatabase, signUp, type TestUser } from '../../../../test/helpers.ts';
import { createRecord, crm } from '../test-support.ts';
import { markUserDeleted } from '../../accounts/test-support.ts';
import { notificationsTitled } from '../../notifications/public.ts';
import {
  claimDueReminders,
  deliverDueReminders,
  REMINDER_LEASE_MS,
  REMINDER_MAX_ATTEMPTS,
  reminderBackoffMs,
} from './reminders-job.ts';
import { crmReminders } from './tables.ts';

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

async function store(app: FastifyInstance, user: TestUser, body: Record<string, unknown>) {
  const response = await crm(app, user, 'POST', 'reminder/store', body);
  if (response.statusCode !== 201) throw new Error(`reminder/store failed: ${response.statusCode} ${response.body}`);
  return response.json().data as Reminder;
}

function reminderRow(app: FastifyInstance, id: number) {
  return app.db
    .select()
    .from(crmReminders)
    .where(eq(crmReminders.id, id))
    .then((rows) => rows[0]);
}

function mailsAbout(app: FastifyInstance, recipient: string, title: string) {
  return outboxMessages(app.db, { recipient, subject: `Reminder: ${title}` });
}

function notificationsAbout(app: FastifyInstance, userId: number, title: string) {
  return notificationsTitled(app.db, userId, `Reminder: ${title}`);
}

describe('the reminder job', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // The timer is off: each test runs its passes itself, at the instant it chooses.
    app = await createTestApp({ REMINDER_INTERVAL_MS: '0' });
  });
  afterAll(() => app.close());
  afterEach(() => vi.restoreAllMocks());

  it('e-mails the user and notifies them in the app, with the record and the time in their zone', async () => {
    const seller = await signUp(app, 'seller');
    await app.inject({
      method: 'PATCH',
      url: '/api/v1/profile/updateProfile',
      headers: { authorization: `Bearer ${seller.token}` },
      payload: { time_zone: 'Asia/Kolkata' },
    });
    const lead = await createRecord(app, seller, 1, { first_name: 'Kiran', last_name: 'Shah' });
    const reminder = await store(app, seller, {
      title: 'Call Kiran back',
      remind_at: '2026-01-05T09:15:00+05:30',
      lead_id: lead.id,
    });

    expect(await deliverDueReminders(app)).toMatchObject({ sent: 1, failed: 0 });

    const [mail] = await mailsAbout(app, seller.email, 'Call Kiran back');
    expect(mail.bodyText).toContain('Lead: Kiran Shah');
    expect(mail.bodyText).toContain('Jan 5, 2026, 9:15 AM (Asia/Kolkata)');
    expect(mail.bodyText).toContain(`/crm/leads/${lead.id}`);
    const [notification] = await notificationsAbout(app, seller.id, 'Call Kiran back');
    expect(notification).toMatchObject({ type: 'enquiries', link: `/crm/leads/${lead.id}` });
    expect(await reminderRow(app, reminder.id)).toMatchObject({
      status: 'sent',
      attempts: 1,
      nextAttemptAt: null,
      lastError: null,
    });
    expect((await crm(app, seller, 'GET', `reminder/index`)).json().data.previous[0]).toMatchObject({
      id: reminder.id,
      status: 'sent',
    });
  });

  it('leaves reminders not yet due, and dismissed ones, alone', async () => {
    const seller = await signUp(app, 'seller');
    const future = await store(app, seller, { title: 'Not yet', remind_at: hoursFromNow(1) });
    const dismissed = await store(app, seller, { title: 'Never mind', remind_at: hoursFromNow(-1) });
    await crm(app, seller, 'POST', `reminder/dismiss/${dismissed.id}`);
    await deliverDueReminders(app);
    expect(await reminderRow(app, future.id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await reminderRow(app, dismissed.id)).toMatchObject({ status: 'dismissed', attempts: 0 });
    expect(await mailsAbout(app, seller.email, 'Never mind')).toEqual([]);
  });

  it('sends each reminder once when passes run at the same time', async () => {
    const seller = await signUp(app, 'seller');
    const titles = Array.from({ length: 12 }, (_, index) => `Concurrent ${index}`);
    const stored = [];
    for (const title of titles) stored.push(await store(app, seller, { title, remind_at: hoursFromNow(-1) }));

    const passes = await Promise.all([deliverDueReminders(app), deliverDueReminders(app), deliverDueReminders(app)]);
    expect(passes.reduce((sum, pass) => sum + pass.sent, 0)).toBe(titles.length);

    const mails = await outboxMessages(app.db, { subjectLike: 'Reminder: Concurrent %' });
    expect(mails.filter((mail) => mail.recipient === seller.email)).toHaveLength(titles.length);
    for (const reminder of stored) {
      expect(await reminderRow(app, reminder.id)).toMatchObject({ status: 'sent', attempts: 1 });
      expect(await notificationsAbout(app, seller.id, reminder.title)).toHaveLength(1);
    }
    // Nothing is left for a later pass.
    expect(await deliverDueReminders(app)).toMatchObject({ claimed: 0 });
  });

  it('leases what a pass claimed: another claim skips it until the lease runs out (a pass that died)', async () => {
    const seller = await signUp(app, 'seller');
    const reminder = await store(app, seller, { title: 'Leased', remind_at: hoursFromNow(-1) });
    const now = new Date();
    const first = await claimDueReminders(app.db, now);
    expect(first.map((row) => row.id)).toContain(reminder.id);
    expect((await claimDueReminders(app.db, now)).map((row) => row.id)).not.toContain(reminder.id);
    // The pass holding it never finished: after the lease, the next pass delivers it.
    const later = new Date(now.getTime() + REMINDER_LEASE_MS + 1000);
    await deliverDueReminders(app, later);
    expect(await reminderRow(app, reminder.id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await mailsAbout(app, seller.email, 'Leased')).toHaveLength(1);
  });

  it('keeps a reminder pending and backs off when the e-mail fails, then delivers it', async () => {
    const seller = await signUp(app, 'seller');
    const reminder = await store(app, seller, { title: 'Flaky mail', remind_at: hoursFromNow(-1) });
    vi.spyOn(app.mailer, 'send').mockResolvedValueOnce({ id: 0, status: 'failed' });
    const now = new Date();
    expect(await deliverDueReminders(app, now)).toMatchObject({ sent: 0, failed: 1 });
    const failed = await reminderRow(app, reminder.id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, lastError: 'e-mail 0 failed' });
    expect(failed.nextAttemptAt).toEqual(new Date(now.getTime() + reminderBackoffMs(1)));
    expect(await notificationsAbout(app, seller.id, 'Flaky mail')).toEqual([]);

    // Not again before the back-off is over; after it, delivered.
    expect(await deliverDueReminders(app, new Date(now.getTime() + 1000))).toMatchObject({ claimed: 0 });
    await deliverDueReminders(app, new Date(now.getTime() + reminderBackoffMs(1) + 1000));
    expect(await reminderRow(app, reminder.id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(await notificationsAbout(app, seller.id, 'Flaky mail')).toHaveLength(1);
  });

  it('delivers in the app only once the e-mail has failed too often', async () => {
    const seller = await signUp(app, 'seller');
    const reminder = await store(app, seller, { title: 'Mail is down', remind_at: hoursFromNow(-1) });
    await app.db
      .update(crmReminders)
      .set({ attempts: REMINDER_MAX_ATTEMPTS - 1 })
      .where(eq(crmReminders.id, reminder.id));
    vi.spyOn(app.mailer, 'send').mockResolvedValue({ id: 0, status: 'failed' });
    await deliverDueReminders(app);
    expect(await reminderRow(app, reminder.id)).toMatchObject({
      status: 'sent',
      attempts: REMINDER_MAX_ATTEMPTS,
      lastError: 'e-mail 0 failed; delivered in the app only',
    });
    expect(await notificationsAbout(app, seller.id, 'Mail is down')).toHaveLength(1);
  });

  it('sets aside the reminder of a user whose account is gone, instead of retrying it', async () => {
    const seller = await signUp(app, 'seller');
    const reminder = await store(app, seller, { title: 'Nobody home', remind_at: hoursFromNow(-1) });
    await markUserDeleted(app.db, seller.id);
    expect(await deliverDueReminders(app)).toMatchObject({ sent: 0, failed: 1 });
    expect(await reminderRow(app, reminder.id)).toMatchObject({ status: 'dismissed', nextAttemptAt: null });
    expect(await mailsAbout(app, seller.email, 'Nobody home')).toEqual([]);
  });

  it('waits a minute after the first failure, doubling, at most an hour', () => {
    expect([1, 2, 3, 6, 7, 20].map(reminderBackoffMs)).toEqual([
      60_000, 120_000, 240_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
  });
});

describe('the reminder job on a running server', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ REMINDER_INTERVAL_MS: '200' });
    await app.ready();
  });
  afterAll(() => app.close());

  it('delivers a reminder stored already due without waiting for the next round', async () => {
    const seller = await signUp(app, 'seller');
    await store(app, seller, { title: 'Past already', remind_at: hoursFromNow(-3) });
    expect(
      await eventually(
        () => mailsAbout(app, seller.email, 'Past already'),
        (found) => found.length > 0,
      ),
    ).toHaveLength(1);
  });

  it('delivers a reminder when its time comes', async () => {
    const seller = await signUp(app, 'seller');
    const reminder = await store(app, seller, { title: 'Soon', remind_at: new Date(Date.now() + 500).toISOString() });
    expect(
      await eventually(
        () => notificationsAbout(app, seller.id, 'Soon'),
        (found) => found.length > 0,
      ),
    ).toHaveLength(1);
    expect(await reminderRow(app, reminder.id)).toMatchObject({ status: 'sent' });
  });
});

describe('a restart', () => {
  it('A reminder due while the server is down is still delivered after it restarts', async () => {
    const database = await persistentDatabase({ REMINDER_INTERVAL_MS: '100' });
    try {
      const first = await database.start();
      const seller = await signUp(first, 'seller');
      const reminder = await store(first, seller, { title: 'Due during the outage', remind_at: hoursFromNow(1) });
      await first.close();

      // While no server runs, its time comes (the clock is moved by moving the reminder).
      await database.offline((db) =>
        db
          .update(crmReminders)
          .set({ remindAt: new Date(Date.now() - 60_000) })
          .where(eq(crmReminders.id, reminder.id)),
      );

      const second = await database.start();
      try {
        expect(
          await eventually(
            () => mailsAbout(second, seller.email, 'Due during the outage'),
            (found) => found.length > 0,
          ),
        ).toHaveLength(1);
        expect(
          await eventually(
            () => notificationsAbout(second, seller.id, 'Due during the outage'),
            (found) => found.length > 0,
          ),
        ).toHaveLength(1);
        expect(await reminderRow(second, reminder.id)).toMatchObject({ status: 'sent', attempts: 1 });
      } finally {
        await second.close();
      }
    } finally {
      await database.cleanup();
    }
  });
});
