import { z } from 'zod';

/**
 * The development inbox (decision 057): without a mail or SMS provider, and never in production, the
 * mails and texts the product sends are readable in the app itself, as in Mailpit.
 */

export const DEV_INBOX = {
  path: '/dev/inbox',
  /** The newest messages shown, of each open channel. */
  limit: 50,
  title: 'Development inbox',
  intro:
    'No mail or SMS provider is configured, so what TradeLoop sends is kept here instead. This inbox exists only in development.',
  empty: 'Nothing sent yet.',
  closed: 'The development inbox is closed: this server sends through its providers.',
  channels: { email: 'E-mails', sms: 'Text messages' },
} as const;

export const DEV_INBOX_CHANNELS = ['email', 'sms'] as const;
export type DevInboxChannel = (typeof DEV_INBOX_CHANNELS)[number];

export const devInboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(DEV_INBOX_CHANNELS),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: z.string(),
});
export type DevInboxMessage = z.infer<typeof devInboxMessageSchema>;

/** Which channels the inbox keeps (the others go to their providers), and their newest messages. */
export const devInboxSchema = z.object({
  channels: z.object({ email: z.boolean(), sms: z.boolean() }),
  messages: z.array(devInboxMessageSchema),
});
export type DevInbox = z.infer<typeof devInboxSchema>;
