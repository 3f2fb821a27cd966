import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../modules/accounts/tables.ts';

export type StoredEnvelope = {
  cc?: string;
  replyTo?: string;
  attachments?: { filename: string; contentBase64: string; contentType?: string }[];
};

/** Every outgoing e-mail or SMS; without SMTP it stays here (status logged) and in the log. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    /** Everything else a queued message needs to be sent later: cc, reply-to, attachments (base64). */
    envelope: jsonb('envelope').$type<StoredEnvelope>(),
    status: text('status').$type<'pending' | 'sent' | 'logged' | 'failed'>().notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_recipient_idx').on(t.recipient)],
);

/** Facts about the installation itself, such as when demo data was loaded. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Bearer tokens, stored only as SHA-256 hashes; they slide forward on use and die on logout. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId)],
);

/**
 * The transactional outbox (docs/decisions/022): every cross-module event, written in the transaction of
 * the change that caused it. Each subscriber's delivery is a job in `jobs`.
 */
export const domainEvents = pgTable('domain_events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  payload: jsonb('payload').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'discarded';

/**
 * All background work (docs/decisions/022): event deliveries, periodic passes, outgoing mail. Claimed with
 * FOR UPDATE SKIP LOCKED under a lease; (queue, key) makes a delivery or a periodic job unique.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    queue: text('queue').notNull(),
    key: text('key'),
    eventId: bigint('event_id', { mode: 'number' }).references(() => domainEvents.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').notNull().default({}),
    status: text('status').$type<JobStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Lower is claimed first (JOB_PRIORITY, decision 049). */
    priority: smallint('priority').notNull().default(10),
    /** Whose work it is (a company's id; '' for the platform's): within a priority, claims take turns between keys. */
    fairnessKey: text('fairness_key').notNull().default(''),
    /** The operator who discarded a failed job (status `discarded`, decision 049). */
    discardedBy: bigint('discarded_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('jobs_queue_key_idx').on(t.queue, t.key),
    // The claim's skip scan over (priority, key) and each key's oldest due jobs (decision 049).
    index('jobs_claim_idx')
      .on(t.priority, t.fairnessKey, t.runAt, t.id)
      .where(sql`status = 'queued'`),
    index('jobs_due_idx')
      .on(t.runAt, t.id)
      .where(sql`status = 'queued'`),
    index('jobs_leased_idx')
      .on(t.lockedUntil)
      .where(sql`status = 'running'`),
    index('jobs_failed_idx')
      .on(t.finishedAt)
      .where(sql`status = 'failed'`),
    index('jobs_event_idx').on(t.eventId),
  ],
);
