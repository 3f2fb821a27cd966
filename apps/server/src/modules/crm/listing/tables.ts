import { sql } from 'drizzle-orm';
import { bigint, index, numeric, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { RecordTypeId } from '@tradeloop/contracts/crm/records';

/**
 * Live records per company and type, as deltas: triggers on crm_records append one row per
 * statement (no row is shared, so writers never wait on each other) and readers sum them, folding
 * them into one row now and then. An unfiltered list of 200,000 leads is counted without a scan.
 */
export const crmRecordCounts = pgTable(
  'crm_record_counts',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    typeId: smallint('type_id').$type<RecordTypeId>().notNull(),
    delta: bigint('delta', { mode: 'number' }).notNull(),
  },
  (t) => [index('crm_record_counts_idx').on(t.companyId, t.typeId)],
);

/**
 * Every word lexeme ("17_vertex") the company's records hold, appended by a trigger on crm_records
 * (migration 0015): a keyword's prefix is turned into the exact lexemes it begins, which the search
 * index intersects far more cheaply than a prefix match (docs/decisions/015). Words are never removed;
 * one no record holds any more only adds an alternative that matches nothing.
 */
export const crmSearchWords = pgTable(
  'crm_search_words',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    lexeme: text('lexeme').notNull(),
  },
  (t) => [uniqueIndex('crm_search_words_idx').on(t.companyId, t.lexeme.op('text_pattern_ops'))],
);

/**
 * Typed copies of the values the list conditions and sorts compare (docs/decisions/028): one row per
 * record and field with a value, kept by statement triggers on crm_records (migration 0018), in a
 * B-tree per kind led by the field (whose id stands for company, type and field at once) and ending
 * with the record, so a condition or a sort reads one field's copies and nothing else (index-only).
 * Short text is lower-cased, as the text conditions compare it; pick lists, users, lookups and
 * checkboxes are answered by the tenant GIN of crm_records, long text by the records themselves.
 */
export const crmRecordValues = pgTable(
  'crm_record_values',
  {
    fieldId: bigint('field_id', { mode: 'number' }).notNull(),
    recordId: bigint('record_id', { mode: 'number' }).notNull(),
    /** text, e-mail, phone and URL fields (at most 255 characters), lower-cased. */
    text: text('text'),
    /** number and currency fields. */
    number: numeric('number'),
    /** date and date-time fields, as stored (ISO text, which sorts as time does). */
    moment: text('moment'),
  },
  (t) => [
    primaryKey({ columns: [t.recordId, t.fieldId] }),
    index('crm_record_values_text_idx')
      .on(t.fieldId, t.text, t.recordId)
      .where(sql`${t.text} IS NOT NULL`),
    index('crm_record_values_number_idx')
      .on(t.fieldId, t.number, t.recordId)
      .where(sql`${t.number} IS NOT NULL`),
    index('crm_record_values_moment_idx')
      .on(t.fieldId, t.moment, t.recordId)
      .where(sql`${t.moment} IS NOT NULL`),
  ],
);

/**
 * Every distinct text a field's copies hold (docs/decisions/028, session 13), kept beside the copies
 * by the same triggers: "contains" and "ends with" test a field's few distinct texts here, then read
 * the copies of the texts that pass from crm_record_values_text_idx, instead of testing every copy.
 * Texts no record holds any more stay (a stale text only costs a probe that finds nothing): removing
 * one safely would have to lock out a writer adding it back.
 */
export const crmValueTexts = pgTable(
  'crm_value_texts',
  {
    fieldId: bigint('field_id', { mode: 'number' }).notNull(),
    text: text('text').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fieldId, t.text] })],
);
