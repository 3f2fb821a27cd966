import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client.ts';
import type { JobRunner } from './jobs.ts';
import { outbox } from './tables.ts';

export type Sms = { to: string; text: string };

export type SmsSender = {
  /**
   * Queues the message in the caller's transaction: once that commits it goes to the HTTP gateway
   * (`SMS_URL`, retried by the job runner) or, without one, stays in the outbox table and the log.
   */
  queue(tx: Tx, sms: Sms): Promise<number>;
};

export const SMS_QUEUE = 'sms.deliver';
/** A code is valid 10 minutes: retries past a few minutes would deliver a dead code. */
const SMS_MAX_ATTEMPTS = 4;
const GATEWAY_TIMEOUT_MS = 10_000;

/** The log never shows a code: every run of digits (codes, and the number's) is masked. */
export function maskDigits(text: string): string {
  return text.replace(/\d{3,}/g, (digits) => '*'.repeat(digits.length));
}

type Options = { db: Db; jobs: JobRunner; smsUrl?: string; log: FastifyBaseLogger };

/**
 * SMS through one interface (ARCHITECTURE.md, decision 033): the gateway takes
 * `POST SMS_URL` with JSON `{"to": "+919876543210", "text": "…"}` and answers 2xx when it has the
 * message. Every message is kept in `outbox` (channel sms) like mail, so nothing is silently dropped.
 */
export function createSmsSender(options: Options): SmsSender {
  const { db, jobs, smsUrl, log } = options;

  async function deliver(outboxId: number) {
    const [row] = await db.select().from(outbox).where(eq(outbox.id, outboxId));
    if (!row || row.status === 'sent' || row.status === 'logged') return;
    if (!smsUrl) {
      log.info({ outboxId, to: maskDigits(row.recipient), text: maskDigits(row.bodyText) }, 'sms kept in outbox');
      await db.update(outbox).set({ status: 'logged' }).where(eq(outbox.id, outboxId));
      return;
    }
    try {
      const response = await fetch(smsUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: row.recipient, text: row.bodyText }),
        signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
      await db.update(outbox).set({ status: 'sent', sentAt: new Date(), error: null }).where(eq(outbox.id, outboxId));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.warn({ outboxId, error: message }, 'sms delivery failed');
      await db.update(outbox).set({ status: 'failed', error: message }).where(eq(outbox.id, outboxId));
      throw error;
    }
  }

  jobs.define(SMS_QUEUE, {
    kind: 'plain',
    maxAttempts: SMS_MAX_ATTEMPTS,
    run: (job) => deliver((job.payload as { outboxId: number }).outboxId),
  });

  return {
    async queue(tx, sms) {
      const [row] = await tx
        .insert(outbox)
        .values({ channel: 'sms', recipient: sms.to, subject: 'SMS', bodyText: sms.text, status: 'pending' })
        .returning({ id: outbox.id });
      await jobs.enqueue(tx, [
        { queue: SMS_QUEUE, key: String(row.id), payload: { outboxId: row.id }, maxAttempts: SMS_MAX_ATTEMPTS },
      ]);
      return row.id;
    },
  };
}
