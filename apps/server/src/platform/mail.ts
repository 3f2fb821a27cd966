import { and, asc, eq, like } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db, Tx } from '../db/client.ts';
import { outbox } from './tables.ts';

/** A file sent with a message (an iCalendar invitation …); passed to nodemailer as it is. */
export type MailAttachment = { filename: string; content: string | Buffer; contentType?: string };

export type Mail = {
  to: string;
  cc?: string;
  /** Where answers go, when not to MAIL_FROM (the salesperson who wrote a CRM e-mail). */
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
};

export type Mailer = {
  /** Records the message in the outbox, then delivers it through SMTP when configured. */
  send(mail: Mail): Promise<{ id: number; status: 'sent' | 'logged' | 'failed' }>;
  close(): void;
};

export function createMailer(options: { db: Db; smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(mail) {
      const [row] = await options.db
        .insert(outbox)
        .values({
          channel: 'email',
          recipient: mail.to,
          subject: mail.subject,
          bodyText: mail.text,
          bodyHtml: mail.html,
          status: transport ? 'pending' : 'logged',
        })
        .returning({ id: outbox.id });
      if (!transport) {
        options.log.info(
          { outboxId: row.id, to: mail.to, subject: mail.subject, text: mail.text },
          'mail kept in outbox',
        );
        return { id: row.id, status: 'logged' };
      }
      try {
        await transport.sendMail({ from: options.from, ...mail });
        await options.db.update(outbox).set({ status: 'sent', sentAt: new Date() }).where(eq(outbox.id, row.id));
        return { id: row.id, status: 'sent' };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        options.log.warn({ outboxId: row.id, err: error }, 'mail delivery failed');
        await options.db.update(outbox).set({ status: 'failed', error: message }).where(eq(outbox.id, row.id));
        return { id: row.id, status: 'failed' };
      }
    },
    close() {
      transport?.close();
    },
  };
}

/** Messages in the outbox, oldest first, matching every condition given (subjectLike: a LIKE pattern). */
export async function outboxMessages(
  db: Tx,
  where: { id?: number; recipient?: string; subject?: string; subjectLike?: string },
) {
  return db
    .select()
    .from(outbox)
    .where(
      and(
        where.id !== undefined ? eq(outbox.id, where.id) : undefined,
        where.recipient !== undefined ? eq(outbox.recipient, where.recipient) : undefined,
        where.subject !== undefined ? eq(outbox.subject, where.subject) : undefined,
        where.subjectLike !== undefined ? like(outbox.subject, where.subjectLike) : undefined,
      ),
    )
    .orderBy(asc(outbox.id));
}
