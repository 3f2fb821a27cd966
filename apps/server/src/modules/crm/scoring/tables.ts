import { bigint, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { ScoringGroup } from '@tradeloop/contracts/crm/scoring';
import { companyColumn } from '../../accounts/public.ts';
import { crmRecords } from '../records/tables.ts';
import { createdAt, updatedAt } from '../../../db/columns.ts';

/*
 * Lead scoring (docs/decisions/040): each company's weights, and each lead's score with its breakdown.
 * Scores are written by event handlers and the rescoring job, never on read.
 */

/** Weights that differ from the defaults, and the rescoring a change of them started. */
export type StoredWeights = { groups: Partial<Record<ScoringGroup, number>>; criteria: Record<string, number> };

export const scoringSettings = pgTable('scoring_settings', {
  companyId: companyColumn().primaryKey(),
  weights: jsonb('weights').$type<StoredWeights>().notNull(),
  /** Bumped by every save; a lead's score names the version it was computed with. */
  version: integer('version').notNull().default(0),
  rescoreTotal: integer('rescore_total').notNull().default(0),
  rescoreDone: integer('rescore_done').notNull().default(0),
  rescoreStartedAt: timestamp('rescore_started_at', { withTimezone: true }),
  rescoreFinishedAt: timestamp('rescore_finished_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

export type GroupResult = { score: number; points: number; met: string[] };

/** One row per scored lead; the list column sorts and filters on `score` through the lead id. */
export const leadScores = pgTable(
  'lead_scores',
  {
    leadId: bigint('lead_id', { mode: 'number' })
      .primaryKey()
      .references(() => crmRecords.id, { onDelete: 'cascade' }),
    companyId: companyColumn(),
    score: smallint('score').notNull(),
    breakdown: jsonb('breakdown').$type<Partial<Record<ScoringGroup, GroupResult>>>().notNull(),
    version: integer('version').notNull(),
    scoredAt: timestamp('scored_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lead_scores_company_score_idx').on(t.companyId, t.score)],
);

/**
 * A lead's score over time: one row per change an event caused (not per rescoring after a change of
 * weights, which would write one for every lead of the company). The lead page shows the latest.
 */
export const leadScoreHistory = pgTable(
  'lead_score_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    leadId: bigint('lead_id', { mode: 'number' })
      .notNull()
      .references(() => crmRecords.id, { onDelete: 'cascade' }),
    companyId: companyColumn(),
    score: smallint('score').notNull(),
    previous: smallint('previous'),
    /** What changed: created, field_changed, thread, engagement, wishlist, restored… */
    cause: text('cause').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('lead_score_history_lead_idx').on(t.leadId, t.id.desc())],
);
