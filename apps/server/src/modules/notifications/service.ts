import { and, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type Notification,
  type NotificationCounts,
  type NotificationPage,
  type NotificationType,
  type notificationListQuerySchema,
  type notificationMarkBodySchema,
} from '@tradeloop/contracts/notifications';
import type { Tx } from '../../db/client.ts';
import { requireAllFound } from '../../platform/errors.ts';
import { notifications } from './tables.ts';

type Row = typeof notifications.$inferSelect;
export type NewNotification = {
  userId: number;
  type: NotificationType;
  title: string;
  body: string;
  link: string | null;
  data?: Record<string, unknown>;
};

function toNotification(row: Row): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function createNotification(db: Tx, notification: NewNotification): Promise<Notification> {
  const [created] = await createNotifications(db, [notification]);
  return created;
}

/** Several notifications in one statement (one per follower of a company, say), in the order given. */
export async function createNotifications(db: Tx, list: NewNotification[]): Promise<Notification[]> {
  if (list.length === 0) return [];
  const rows = await db
    .insert(notifications)
    .values(list.map((notification) => ({ ...notification, data: notification.data ?? {} })))
    .returning();
  return rows.map(toNotification);
}

/** Counts for the bell and the tabs: all, enquiries, orderInvoices, product; total and unread. */
export async function notificationCounts(db: Tx, userId: number): Promise<NotificationCounts> {
  const rows = await db
    .select({
      type: notifications.type,
      total: count(),
      unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)::int`,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .groupBy(notifications.type);
  const empty = () => ({ all: 0, enquiries: 0, orderInvoices: 0, product: 0 });
  const counts = { total: empty(), unread: empty() };
  for (const row of rows) {
    counts.total[row.type] = Number(row.total);
    counts.unread[row.type] = Number(row.unread);
    counts.total.all += Number(row.total);
    counts.unread.all += Number(row.unread);
  }
  return counts;
}

function tabCondition(userId: number, tab: string, read: 'all' | 'read' | 'unread'): SQL | undefined {
  return and(
    eq(notifications.userId, userId),
    tab === 'all' ? undefined : eq(notifications.type, tab as NotificationType),
    read === 'read' ? isNotNull(notifications.readAt) : read === 'unread' ? isNull(notifications.readAt) : undefined,
  );
}

export async function listNotifications(
  db: Tx,
  userId: number,
  query: z.infer<typeof notificationListQuerySchema>,
): Promise<NotificationPage> {
  const where = tabCondition(userId, query.type, query.read);
  const [{ total }] = await db.select({ total: count() }).from(notifications).where(where);
  const rows = await db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return {
    data: rows.map(toNotification),
    currentPage: query.page,
    lastPage: Math.max(1, Math.ceil(total / query.per_page)),
    perPage: query.per_page,
    total,
    counts: await notificationCounts(db, userId),
  };
}

/** Marks the caller's notifications read or unread: the ids given (others' ids are ignored), or a whole tab. */
export async function markNotifications(db: Tx, userId: number, body: z.infer<typeof notificationMarkBodySchema>) {
  if (body.ids) await requireOwnNotifications(db, userId, body.ids);
  const scope = body.ids
    ? and(eq(notifications.userId, userId), inArray(notifications.id, body.ids.length ? body.ids : [0]))
    : tabCondition(userId, body.type ?? 'all', 'all');
  await db
    .update(notifications)
    .set({ readAt: body.read ? sql`coalesce(${notifications.readAt}, now())` : null })
    .where(scope);
  return notificationCounts(db, userId);
}

/** Ids of notifications must be the caller's own (decision 026): another user's answers 404. */
async function requireOwnNotifications(db: Tx, userId: number, ids: number[]) {
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), inArray(notifications.id, ids)));
  requireAllFound(
    ids,
    rows.map((row) => row.id),
  );
}

export async function deleteNotifications(db: Tx, userId: number, ids: number[]) {
  await requireOwnNotifications(db, userId, ids);
  await db.delete(notifications).where(and(eq(notifications.userId, userId), inArray(notifications.id, ids)));
  return notificationCounts(db, userId);
}

/** A user's notifications with this title, as stored (for tests of the modules that send them). */
export async function notificationsTitled(db: Tx, userId: number, title: string) {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.title, title)));
}
