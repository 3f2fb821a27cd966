import { z } from 'zod';
import { page } from './common.ts';

/** In-app notifications and the header bell (spec section 3: counts for all, enquiries, orderInvoices, product). */

export const NOTIFICATION_TYPES = ['enquiries', 'orderInvoices', 'product'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NOTIFICATION_TABS = ['all', ...NOTIFICATION_TYPES] as const;
export type NotificationTab = (typeof NOTIFICATION_TABS)[number];
export const NOTIFICATION_TAB_LABELS: Record<NotificationTab, string> = {
  all: 'All',
  enquiries: 'Enquiries',
  orderInvoices: 'Orders & invoices',
  product: 'Products',
};
export const READ_FILTERS = ['all', 'read', 'unread'] as const;

/** The event a browser hears on its user channel when a notification arrives. */
export const NOTIFICATION_EVENT = 'notification.created';

export const NOTIFICATION_MESSAGES = {
  marked: 'Notifications updated.',
  deleted: 'Notifications deleted.',
} as const;

export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string(),
  /** Where the notification leads in the app. */
  link: z.string().nullable(),
  read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

const countsSchema = z.object({
  all: z.number().int(),
  enquiries: z.number().int(),
  orderInvoices: z.number().int(),
  product: z.number().int(),
});
export const notificationCountsSchema = z.object({ total: countsSchema, unread: countsSchema });
export type NotificationCounts = z.infer<typeof notificationCountsSchema>;

export const notificationListQuerySchema = z.object({
  type: z.enum(NOTIFICATION_TABS).default('all'),
  read: z.enum(READ_FILTERS).default('all'),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export const notificationPageSchema = page(notificationSchema).extend({ counts: notificationCountsSchema });
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** Mark read or unread: the ids given, or every notification of a tab. */
export const notificationMarkBodySchema = z
  .object({
    ids: z.array(z.coerce.number().int().positive()).max(500).optional(),
    type: z.enum(NOTIFICATION_TABS).optional(),
    read: z.boolean().default(true),
  })
  .refine((body) => body.ids !== undefined || body.type !== undefined, { message: 'Please choose notifications' });
export const notificationDeleteBodySchema = z.object({
  ids: z.array(z.coerce.number().int().positive()).min(1).max(500),
});
