import { and, desc, eq, sql } from 'drizzle-orm';
import { type ConditionId, CRM_TYPE, type FieldValue } from '@tradeloop/contracts/crm/records';
import {
  LEAD_SCORE_HISTORY,
  type LeadScore,
  SCORE_FIELD,
  SCORING_CRITERIA,
  SCORING_GROUPS,
  SCORING_MESSAGES,
  type ScoringSettings,
  type ScoringStoreBody,
} from '@tradeloop/contracts/crm/scoring';
import type { Tx } from '../../../db/client.ts';
import { invalid, type FieldErrors } from '../../../platform/errors.ts';
import type { JobRunner } from '../../../platform/jobs.ts';
import { findPerson } from '../../accounts/public.ts';
import type { ExternalField } from '../forms/fields.ts';
import { listedRecordId, liveLeadIdsAfter } from '../records/access.ts';
import { findRecord } from '../records/read.ts';
import { liveCount } from '../listing/service.ts';
import { leadScoringFacts, leadsOfBuyer, leadsScoringFacts } from './facts.ts';
import { criteriaMet, criterionWeight, groupWeight, scoreOf } from './criteria.ts';
import { leadScoreHistory, leadScores, scoringSettings, type StoredWeights } from './tables.ts';

/** The background rescoring's queue and how many leads one job scores (one transaction). */
export const RESCORE_QUEUE = 'scoring.rescore';
export const RESCORE_BATCH = 500;

/** `batch`: leads per job, RESCORE_BATCH unless a test asks for fewer. */
export type RescoreJob = { companyId: number; version: number; afterId: number; batch?: number };

const NO_WEIGHTS: StoredWeights = { groups: {}, criteria: {} };

async function settingsRow(tx: Tx, companyId: number) {
  const [row] = await tx.select().from(scoringSettings).where(eq(scoringSettings.companyId, companyId));
  return row;
}

/** GET score/criteria/list: every group and criterion with the company's weight and the default. */
export async function scoringSettingsOf(tx: Tx, companyId: number): Promise<ScoringSettings> {
  const row = await settingsRow(tx, companyId);
  const weights = row?.weights ?? NO_WEIGHTS;
  const running = row?.rescoreStartedAt && !row.rescoreFinishedAt;
  return {
    groups: SCORING_CRITERIA.map((group) => ({
      key: group.key,
      label: group.label,
      description: group.description,
      weight: groupWeight(weights, group.key),
      default_weight: group.weight,
      criteria: group.criteria.map((criterion) => ({
        key: criterion.key,
        label: criterion.label,
        description: criterion.description,
        weight: criterionWeight(weights, group.key, criterion.key),
        default_weight: criterion.weight,
      })),
    })),
    version: row?.version ?? 0,
    rescoring: {
      status: !row?.rescoreStartedAt ? 'idle' : running ? 'running' : 'done',
      total: row?.rescoreTotal ?? 0,
      done: row?.rescoreDone ?? 0,
      started_at: row?.rescoreStartedAt?.toISOString() ?? null,
      finished_at: row?.rescoreFinishedAt?.toISOString() ?? null,
    },
  };
}

/** The weights after the body's changes, or 422 with a message per wrong field. */
function mergedWeights(current: StoredWeights, body: ScoringStoreBody): StoredWeights {
  const errors: FieldErrors = {};
  const groups = { ...current.groups };
  const criteria = { ...current.criteria };
  const seenGroups = new Set<string>();
  body.groups.forEach((given, index) => {
    if (seenGroups.has(given.key)) errors[`groups.${index}.key`] = [SCORING_MESSAGES.duplicateGroup];
    seenGroups.add(given.key);
    if (given.weight !== undefined) groups[given.key] = given.weight;
    const def = SCORING_CRITERIA.find((group) => group.key === given.key)!;
    const seen = new Set<string>();
    given.criteria?.forEach((criterion, position) => {
      const at = `groups.${index}.criteria.${position}.key`;
      if (!def.criteria.some((known) => known.key === criterion.key)) errors[at] = [SCORING_MESSAGES.unknownCriterion];
      else if (seen.has(criterion.key)) errors[at] = [SCORING_MESSAGES.duplicateCriterion];
      else criteria[`${given.key}.${criterion.key}`] = criterion.weight;
      seen.add(criterion.key);
    });
  });
  const merged = { groups, criteria };
  if (SCORING_GROUPS.every((group) => groupWeight(merged, group) === 0))
    errors.groups = [SCORING_MESSAGES.allGroupsOff];
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return merged;
}

/**
 * POST score/criteria/store: saves the weights and starts rescoring every live lead of the company in
 * the background, in batches on the job runner. A newer save supersedes a rescoring under way.
 */
export async function saveScoring(
  tx: Tx,
  jobs: JobRunner,
  companyId: number,
  body: ScoringStoreBody,
  options: { batch?: number } = {},
) {
  // One writer per company at a time: the row is locked for the rest of the transaction.
  await tx.insert(scoringSettings).values({ companyId, weights: NO_WEIGHTS }).onConflictDoNothing();
  const [current] = await tx
    .select()
    .from(scoringSettings)
    .where(eq(scoringSettings.companyId, companyId))
    .for('update');
  const weights = mergedWeights(current.weights, body);
  const version = current.version + 1;
  const total = await liveCount(tx, companyId, CRM_TYPE.leads);
  await tx
    .update(scoringSettings)
    .set({
      weights,
      version,
      rescoreTotal: total,
      rescoreDone: 0,
      rescoreStartedAt: new Date(),
      rescoreFinishedAt: null,
      updatedAt: new Date(),
    })
    .where(eq(scoringSettings.companyId, companyId));
  await enqueueRescore(tx, jobs, { companyId, version, afterId: 0, batch: options.batch });
  return scoringSettingsOf(tx, companyId);
}

const enqueueRescore = (tx: Tx, jobs: JobRunner, job: RescoreJob) =>
  jobs.enqueue(tx, [{ queue: RESCORE_QUEUE, key: `${job.companyId}:${job.version}:${job.afterId}`, payload: job }]);

/** A score that changed, for the `lead.scored` event (automation's threshold trigger, decision 041). */
export type ScoreChange = { score: number; previous: number | null };
type OnScoreChange = (tx: Tx, change: ScoreChange) => Promise<unknown>;

/**
 * Scores one lead from its facts and writes the score; a change (or the first score) goes into the
 * lead's score history under `history`, the cause, unless that is null (rescoring after new weights), and
 * is told to `onChange`. Answers the score, or null for a lead that is not one of the company's live
 * leads (its score row is then removed).
 */
export async function scoreLead(
  tx: Tx,
  companyId: number,
  leadId: number,
  options: {
    history: string | null;
    weights?: StoredWeights;
    version?: number;
    now?: Date;
    onChange?: OnScoreChange;
  },
) {
  // One scoring of a lead at a time: two events of one lead delivered at once would both see no score
  // yet and both tell of a first score (lead.scored twice); the second now reads the first's facts and score.
  await tx.execute(sql`select pg_advisory_xact_lock(4040, hashtext(${String(leadId)}))`);
  const facts = await leadScoringFacts(tx, companyId, leadId);
  if (!facts) {
    await tx.delete(leadScores).where(and(eq(leadScores.leadId, leadId), eq(leadScores.companyId, companyId)));
    return null;
  }
  let { weights, version } = options;
  if (!weights || version === undefined) {
    const row = await settingsRow(tx, companyId);
    weights = row?.weights ?? NO_WEIGHTS;
    version = row?.version ?? 0;
  }
  const result = scoreOf(criteriaMet(facts, options.now), weights);
  const [before] = await tx
    .select({ score: leadScores.score })
    .from(leadScores)
    .where(eq(leadScores.leadId, leadId))
    .for('update');
  await tx
    .insert(leadScores)
    .values({ leadId, companyId, score: result.score, breakdown: result.breakdown, version, scoredAt: new Date() })
    .onConflictDoUpdate({
      target: leadScores.leadId,
      set: { score: result.score, breakdown: result.breakdown, version, scoredAt: new Date() },
    });
  if (options.history && before?.score !== result.score) {
    await tx.insert(leadScoreHistory).values({
      leadId,
      companyId,
      score: result.score,
      previous: before?.score ?? null,
      cause: options.history,
    });
    await options.onChange?.(tx, { score: result.score, previous: before?.score ?? null });
  }
  return result.score;
}

/**
 * lead.changed: score the lead again (idempotent: the same facts give the same score and no new line).
 * A change is told to `onChange` (the `lead.scored` event).
 */
export async function scoreChangedLead(
  tx: Tx,
  event: { companyId: number; leadId: number; cause: string },
  onChange?: OnScoreChange,
) {
  return scoreLead(tx, event.companyId, event.leadId, { history: event.cause, onChange });
}

/** product.wishlisted: the buyer's leads at the seller's company are scored again. */
export async function scoreWishlistingBuyer(tx: Tx, event: { sellerUserId: number; userId: number }) {
  const seller = await findPerson(tx, event.sellerUserId);
  if (!seller?.companyId) return [];
  const leads = await leadsOfBuyer(tx, seller.companyId, event.userId);
  for (const leadId of leads) await scoreLead(tx, seller.companyId, leadId, { history: 'wishlist' });
  return leads;
}

/**
 * One batch of a rescoring: the next RESCORE_BATCH leads after `afterId`, then the next batch's job in
 * the same transaction. A job of a superseded version stops; a redelivered batch scores the same leads
 * to the same scores and its next job already exists (same key).
 */
export async function rescoreBatch(tx: Tx, jobs: JobRunner, job: RescoreJob) {
  const [row] = await tx
    .select()
    .from(scoringSettings)
    .where(eq(scoringSettings.companyId, job.companyId))
    .for('update');
  if (!row || row.version !== job.version) return { scored: 0, superseded: true };
  const batch = job.batch ?? RESCORE_BATCH;
  const ids = await liveLeadIdsAfter(tx, job.companyId, job.afterId, batch);
  const now = new Date();
  // One read per kind of fact for the batch, and one statement writing its scores.
  const facts = await leadsScoringFacts(tx, job.companyId, ids);
  const rows = [...facts].map(([leadId, leadFacts]) => {
    const result = scoreOf(criteriaMet(leadFacts, now), row.weights);
    return { leadId, companyId: job.companyId, ...result, version: row.version, scoredAt: now };
  });
  if (rows.length > 0) {
    await tx
      .insert(leadScores)
      .values(rows)
      .onConflictDoUpdate({
        target: leadScores.leadId,
        set: {
          score: sql`excluded.score`,
          breakdown: sql`excluded.breakdown`,
          version: sql`excluded.version`,
          scoredAt: sql`excluded.scored_at`,
        },
      });
  }
  const last = ids.at(-1);
  const more = ids.length === batch && last !== undefined;
  await tx
    .update(scoringSettings)
    .set({ rescoreDone: row.rescoreDone + ids.length, ...(more ? {} : { rescoreFinishedAt: now }) })
    .where(eq(scoringSettings.companyId, job.companyId));
  if (more) await enqueueRescore(tx, jobs, { ...job, afterId: last });
  return { scored: ids.length, superseded: false };
}

/** A lead's score and breakdown (GET score/lead); another company's lead answers 404. */
export async function leadScoreOf(tx: Tx, companyId: number, leadId: number): Promise<LeadScore> {
  const lead = await findRecord(tx, companyId, { id: leadId, typeId: CRM_TYPE.leads });
  const [row] = await tx.select().from(leadScores).where(eq(leadScores.leadId, lead.id));
  const history = await tx
    .select()
    .from(leadScoreHistory)
    .where(eq(leadScoreHistory.leadId, lead.id))
    .orderBy(desc(leadScoreHistory.id))
    .limit(LEAD_SCORE_HISTORY);
  return {
    lead_id: lead.id,
    score: row?.score ?? null,
    groups: SCORING_CRITERIA.map((group) => {
      const result = row?.breakdown[group.key];
      return {
        key: group.key,
        label: group.label,
        score: result?.score ?? 0,
        points: result?.points ?? 0,
        met: result?.met ?? [],
      };
    }),
    scored_at: row?.scoredAt.toISOString() ?? null,
    history: history.map((entry) => ({
      score: entry.score,
      previous: entry.previous,
      cause: entry.cause,
      at: entry.createdAt.toISOString(),
    })),
  };
}

/* The list column: an external field of the CRM lists, compiled and filled here (decision 040). */

const scoreOfListed = sql`(select ${leadScores.score} from ${leadScores} where ${leadScores.leadId} = ${listedRecordId})`;
const SCORE_CONDITIONS: readonly ConditionId[] = [1, 2, 7, 8, 9, 10, 11, 12];

function scoreCondition(_companyId: number, condition: ConditionId, values: string[]) {
  const numbers = values.map(Number).filter((value) => Number.isFinite(value));
  const list = sql.join(
    numbers.map((value) => sql`${value}`),
    sql`, `,
  );
  const first = numbers[0] ?? 0;
  switch (condition) {
    case 1:
      return numbers.length ? sql`${scoreOfListed} in (${list})` : sql`false`;
    case 2:
      return numbers.length ? sql`coalesce(${scoreOfListed} not in (${list}), true)` : sql`true`;
    case 7:
      return sql`${scoreOfListed} is null`;
    case 8:
      return sql`${scoreOfListed} is not null`;
    case 9:
      return sql`${scoreOfListed} < ${first}`;
    case 10:
      return sql`${scoreOfListed} > ${first}`;
    case 11:
      return sql`${scoreOfListed} <= ${first}`;
    default:
      return sql`${scoreOfListed} >= ${first}`;
  }
}

async function scoresOf(tx: Tx, companyId: number, recordIds: number[]) {
  const scores = new Map<number, FieldValue>();
  if (recordIds.length === 0) return scores;
  const rows = await tx
    .select({ leadId: leadScores.leadId, score: leadScores.score })
    .from(leadScores)
    .where(
      and(eq(leadScores.companyId, companyId), sql`${leadScores.leadId} = any(${sql.param(recordIds)}::bigint[])`),
    );
  for (const row of rows) scores.set(row.leadId, row.score);
  return scores;
}

export const scoreField: ExternalField = {
  name: SCORE_FIELD.name,
  label: SCORE_FIELD.label,
  fieldType: 'number',
  typeIds: [CRM_TYPE.leads],
  conditions: SCORE_CONDITIONS,
  condition: scoreCondition,
  values: scoresOf,
  options: async () => [],
  sort: () => scoreOfListed,
  onCards: true,
};
