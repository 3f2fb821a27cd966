import { desc, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DEV_INBOX, devInboxSchema, type DevInboxChannel } from '@tradeloop/contracts/dev-inbox';
import { notFound } from './errors.ts';
import { routes } from './routes.ts';
import { outbox } from './tables.ts';

/**
 * GET /api/v1/dev/inbox (decision 057): the newest mails and texts of the channels that have no provider,
 * read from the outbox, where every message is kept. Open to anyone who reaches a development server, as
 * Mailpit is; a server in production, or with both providers configured, answers 404.
 */
export function registerDevInboxRoutes(app: FastifyInstance) {
  const route = routes(app);
  const channels = app.config.devInbox;
  const open = (Object.keys(channels) as DevInboxChannel[]).filter((channel) => channels[channel]);

  route.get(
    '/api/v1/dev/inbox',
    {
      access: 'public',
      tags: ['platform'],
      summary: 'The development inbox: mails and texts kept because no provider is configured',
      data: devInboxSchema,
    },
    async () => {
      if (open.length === 0) throw notFound();
      const rows = await app.db
        .select()
        .from(outbox)
        .where(inArray(outbox.channel, open))
        .orderBy(desc(outbox.id))
        .limit(DEV_INBOX.limit * open.length);
      return {
        channels,
        messages: rows.map((row) => ({
          id: row.id,
          channel: row.channel,
          to: row.recipient,
          subject: row.subject,
          text: row.bodyText,
          created_at: row.createdAt.toISOString(),
        })),
      };
    },
  );
}
