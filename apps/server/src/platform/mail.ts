import { and, asc, eq, like } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db, Tx } from '../db/client.ts';
import type { JobRunner } from './jobs.ts';
import { maskSecrets } from './logging.ts';
import { outbox, type StoredEnvelope } from './tables.ts';

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
  /**
   * Queues the message in the caller's transaction: it leaves once that commits, through SMTP when
   * configured (retried by the job runner) or into the log. Answers the outbox id.
   */
  queue(tx: Tx, mail: Mail): Promise<number>;
  /** Records the message and makes one delivery attempt at once, for a caller that shows the outcome. */
  send(mail: Mail): Promise<{ id: number; status: 'sent' | 'logged' | 'failed' }>;
  close(): void;
};

export const MAIL_QUEUE = 'mail.deliver';
const MAIL_MAX_ATTEMPTS = 8;

function storedEnvelope(mail: Mail): StoredEnvelope {
  return {
    cc: mail.cc,
    replyTo: mail.replyTo,
    attachments: mail.attachments?.map((file) => ({
      filename: file.filename,
      contentBase64: Buffer.from(file.content).toString('base64'),
      contentType: file.contentType,
    })),
  };
}

type Options = { db: Db; jobs: JobRunner; smtpUrl?: string; from: string; log: FastifyBaseLogger };

export function createMailer(options: Options): Mailer {
  const { db, jobs, log } = options;
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;

  async function record(tx: Tx, mail: Mail, maxAttempts: number) {
    const [row] = await tx
      .insert(outbox)
      .values({
        channel: 'email',
        recipient: mail.to,
        subject: mail.subject,
        bodyText: mail.text,
        bodyHtml: mail.html,
        envelope: storedEnvelope(mail),
        status: 'pending',
      })
      .returning({ id: outbox.id });
    const [jobId] = await jobs.enqueue(tx, [
      { queue: MAIL_QUEUE, key: String(row.id), payload: { outboxId: row.id }, maxAttempts },
    ]);
    return { outboxId: row.id, jobId };
  }

  /** One delivery attempt; a message already sent or logged is not sent again. */
  async function deliver(outboxId: number) {
    const [row] = await db.select().from(outbox).where(eq(outbox.id, outboxId));
    if (!row || row.status === 'sent' || row.status === 'logged') return;
    if (!transport) {
      // The whole message stays in the outbox table; the log shows it with links' tokens masked.
      log.info(
        { outboxId, to: row.recipient, subject: row.subject, text: maskSecrets(row.bodyText) },
        'mail kept in outbox',
      );
      await db.update(outbox).set({ status: 'logged' }).where(eq(outbox.id, outboxId));
      return;
    }
    const stored = row.envelope ?? {};
    try {
      await transport.sendMail({
        from: options.from,
        to: row.recipient,
        cc: stored.cc,
        replyTo: stored.replyTo,
        subject: row.subject,
        text: row.bodyText,
        html: row.bodyHtml ?? undefined,
        attachments: stored.attachments?.map((file) => ({
          filename: file.filename,
          content: Buffer.from(file.contentBase64, 'base64'),
          contentType: file.contentType,
        })),
      });
      await db.update(outbox).set({ status: 'sent', sentAt: new Date(), error: null }).where(eq(outbox.id, outboxId));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.warn({ outboxId, err: error }, 'mail delivery failed');
      await db.update(outbox).set({ status: 'failed', error: message }).where(eq(outbox.id, outboxId));
      throw error;
    }
  }

  jobs.define(MAIL_QUEUE, {
    kind: 'plain',
    maxAttempts: MAIL_MAX_ATTEMPTS,
    run: (job) => deliver((job.payload as { outboxId: number }).outboxId),
  });

  return {
    queue: async (tx, mail) => (await record(tx, mail, MAIL_MAX_ATTEMPTS)).outboxId,
    async send(mail) {
      const { outboxId, jobId } = await db.transaction((tx) => record(tx, mail, 1));
      await jobs.drain({ only: [jobId] });
      const [row] = await db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, outboxId));
      const status = row?.status === 'sent' || row?.status === 'logged' ? row.status : 'failed';
      return { id: outboxId, status };
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
