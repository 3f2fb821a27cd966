import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { crmType, type RecordRef, type RecordTypeId } from '@tradeloop/contracts/crm/records';
import { NOTIFICATION_EVENT } from '@tradeloop/contracts/notifications';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { getProfile } from '../../accounts/public.ts';
import { refsByIds } from '../records/read.ts';
import { createNotification } from '../../notifications/public.ts';
import { zoneOrUtc } from './reminders.ts';
import { crmActivities, crmReminders } from './tables.ts';

/**
 * The reminder job (decisions 018 and 022), a periodic job of the shared runner. It reads the table, so whatever fell due while no server ran is
 * delivered by the first pass after a start. A pass claims due reminders in one short transaction
 * (FOR UPDATE SKIP LOCKED, then a lease in next_attempt_at), so two instances never take the same
 * one; it then sends the e-mail (SMTP or the outbox) and writes the in-app notification, and marks
 * the reminder sent. A failure leaves it pending and backs off.
 */

/** Reminders one pass claims at most; a full batch is followed by another pass at once. */
export const REMINDER_BATCH = 50;
/** How long a claimed reminder is another instance's to leave alone. */
export const REMINDER_LEASE_MS = 5 * 60_000;
/** After this many failed e-mails, the reminder is delivered in the app only. */
export const REMINDER_MAX_ATTEMPTS = 8;

/** Wait before attempt n + 1: a minute, doubling, at most an hour. */
export function reminderBackoffMs(attempts: number) {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

type Claimed = typeof crmReminders.$inferSelect;

/** Takes the due pending reminders nobody else holds, leasing them to this pass. */
export async function claimDueReminders(db: Db, now: Date, limit = REMINDER_BATCH): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: crmReminders.id })
      .from(crmReminders)
      .where(
        and(
          eq(crmReminders.status, 'pending'),
          lte(crmReminders.remindAt, now),
          or(isNull(crmReminders.nextAttemptAt), lte(crmReminders.nextAttemptAt, now)),
        ),
      )
      .orderBy(asc(crmReminders.remindAt), asc(crmReminders.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(crmReminders)
      .set({
        attempts: sql`${crmReminders.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + REMINDER_LEASE_MS),
      })
      .where(
        inArray(
          crmReminders.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

const whenFormats = new Map<string, Intl.DateTimeFormat>();
/** Spec section 9: 12-hour time with AM or PM; in the recipient's zone. */
function when(instant: Date, zone: string) {
  let format = whenFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, dateStyle: 'medium', timeStyle: 'short' });
    whenFormats.set(zone, format);
  }
  return `${format.format(instant)} (${zone})`;
}

type RecordOfReminder = Omit<RecordRef, 'type_id'> & { type_id: RecordTypeId };

/** The live record a reminder is about (its own, or its activity's), if any. */
async function reminderRecord(app: FastifyInstance, reminder: Claimed): Promise<RecordOfReminder | null> {
  let recordId = reminder.recordId;
  if (recordId === null && reminder.activityId !== null) {
    const [activity] = await app.db
      .select({ recordId: crmActivities.recordId })
      .from(crmActivities)
      .where(eq(crmActivities.id, reminder.activityId));
    recordId = activity?.recordId ?? null;
  }
  if (recordId === null) return null;
  const ref = (await refsByIds(app.db, reminder.companyId, [recordId])).get(recordId);
  return ref ? { ...ref, type_id: ref.type_id as RecordTypeId } : null;
}

/** The record's page in the web app (apps/web CRM_PATHS.detail), or "My day". */
function recordPath(record: RecordOfReminder | null) {
  return record ? `/crm/${crmType(record.type_id).slug}/${record.id}` : '/crm/my-day';
}

/** What a reminder tells its user: the e-mail and the in-app notification. */
async function compose(app: FastifyInstance, reminder: Claimed) {
  const recipient = await getProfile(app.db, reminder.userId);
  const zone = zoneOrUtc(recipient.time_zone);
  const record = await reminderRecord(app, reminder);
  const about = record ? `${crmType(record.type_id).singular}: ${record.title}` : null;
  const due = when(reminder.remindAt, zone);
  const link = recordPath(record);
  return {
    mail: {
      to: recipient.email_id,
      subject: `Reminder: ${reminder.title}`,
      text: [reminder.title, `Due ${due}`, about, `Open it on TradeLoop: ${app.config.publicUrl}${link}`]
        .filter(Boolean)
        .join('\n\n'),
    },
    notification: {
      userId: reminder.userId,
      type: 'enquiries' as const,
      title: `Reminder: ${reminder.title}`,
      body: about ? `${about} · due ${due}` : `Due ${due}`,
      link,
      data: { reminderId: reminder.id, recordId: record?.id ?? null },
    },
  };
}

/** Delivers one claimed reminder; a failure keeps it pending, to be tried again after a back-off. */
async function deliver(app: FastifyInstance, reminder: Claimed, now: Date): Promise<boolean> {
  const stillPending = and(eq(crmReminders.id, reminder.id), eq(crmReminders.status, 'pending'));
  try {
    const message = await compose(app, reminder);
    const mailed = await app.mailer.send(message.mail);
    const mailFailed = mailed.status === 'failed';
    if (mailFailed && reminder.attempts < REMINDER_MAX_ATTEMPTS) throw new Error(`e-mail ${mailed.id} failed`);
    const created = await app.db.transaction(async (tx) => {
      const marked = await tx
        .update(crmReminders)
        .set({
          status: 'sent',
          sentAt: now,
          nextAttemptAt: null,
          lastError: mailFailed ? `e-mail ${mailed.id} failed; delivered in the app only` : null,
        })
        .where(stillPending)
        .returning({ id: crmReminders.id });
      // Dismissed or deleted while the e-mail went out: no notification for it.
      return marked.length ? createNotification(tx, message.notification) : null;
    });
    if (created) app.realtime.toUsers([reminder.userId], NOTIFICATION_EVENT, created);
    return true;
  } catch (error) {
    app.log.warn({ err: error, reminderId: reminder.id, attempts: reminder.attempts }, 'reminder delivery failed');
    // A recipient whose account is gone will never read it: set it aside rather than retry forever.
    const recipientGone = error instanceof AppError && error.statusCode === 404;
    await app.db
      .update(crmReminders)
      .set(
        recipientGone
          ? { status: 'dismissed', nextAttemptAt: null, lastError: 'the recipient’s account no longer exists' }
          : {
              nextAttemptAt: new Date(now.getTime() + reminderBackoffMs(reminder.attempts)),
              lastError: error instanceof Error ? error.message : String(error),
            },
      )
      .where(stillPending);
    return false;
  }
}

/** One pass: claims what is due at `now` and delivers it. Answers how many were delivered and failed. */
export async function deliverDueReminders(app: FastifyInstance, now = new Date()) {
  const claimed = await claimDueReminders(app.db, now);
  let sent = 0;
  for (const reminder of claimed) if (await deliver(app, reminder, now)) sent += 1;
  return { claimed: claimed.length, sent, failed: claimed.length - sent };
}

export const REMINDER_QUEUE = 'crm.reminders';

/**
 * Reminder passes run on the shared job runner every `intervalMs`, on whichever instance claims the pass;
 * a full batch is followed by another at once.
 */
export function scheduleReminders(app: FastifyInstance, intervalMs: number) {
  app.jobs.every(REMINDER_QUEUE, intervalMs, async () => {
    while ((await deliverDueReminders(app)).claimed === REMINDER_BATCH);
  });
}
