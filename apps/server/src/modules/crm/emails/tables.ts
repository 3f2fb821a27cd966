import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { recordRef, userRef } from '../records/tables.ts';
import { createdAt, updatedAt } from '../../../db/columns.ts';
import { companyColumn } from '../../accounts/public.ts';

/** E-mails written from a record: drafts until sent, then a copy of what went out. */
export const crmEmails = pgTable(
  'crm_emails',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    recordId: recordRef(),
    authorId: userRef('author_id'),
    status: text('status').$type<'draft' | 'sent' | 'failed'>().notNull().default('draft'),
    toAddresses: jsonb('to_addresses').$type<string[]>().notNull().default([]),
    ccAddresses: jsonb('cc_addresses').$type<string[]>().notNull().default([]),
    subject: text('subject').notNull().default(''),
    bodyHtml: text('body_html').notNull().default(''),
    outboxId: bigint('outbox_id', { mode: 'number' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('crm_emails_record_idx').on(t.recordId, t.createdAt.desc())],
);
