import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { crmReminders } from './tables.ts';

export type ActivityReminder = {
  companyId: number;
  userId: number;
  activityId: number;
  recordId: number | null;
  title: string;
  /** null takes the reminder away. */
  remindAt: Date | null;
};

/** Sets (or removes) the one pending reminder of an activity; a delivered one stays as it was. */
export async function setActivityReminder(tx: Tx, reminder: ActivityReminder) {
  await tx
    .delete(crmReminders)
    .where(and(eq(crmReminders.activityId, reminder.activityId), eq(crmReminders.status, 'pending')));
  if (!reminder.remindAt) return;
  await tx.insert(crmReminders).values({
    companyId: reminder.companyId,
    userId: reminder.userId,
    activityId: reminder.activityId,
    recordId: reminder.recordId,
    title: reminder.title,
    remindAt: reminder.remindAt,
  });
}
