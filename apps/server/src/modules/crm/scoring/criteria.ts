import { SCORING_CRITERIA, SCORING_GROUPS, type ScoringGroup } from '@tradeloop/contracts/crm/scoring';
import type { LeadFacts } from './facts.ts';
import type { GroupResult, StoredWeights } from './tables.ts';

/*
 * The score itself (decision 040), a pure function of a lead's facts and the company's weights: each
 * group scores the share of its criteria's weight that the lead meets; the total is the groups' scores
 * averaged by the groups' weights, 0 to 100.
 */

const text = (values: LeadFacts['values'], name: string) => {
  const value = values[name];
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.join(' ').trim();
  return '';
};
const has = (values: LeadFacts['values'], ...names: string[]) => names.some((name) => text(values, name) !== '');

const DECIDING_TITLE =
  /\b(owner|founder|ceo|cfo|coo|cto|president|director|head|vp|vice president|partner|buyer|purchas\w*|procure\w*|manager|managing)\b/i;

const DAY_MS = 24 * 60 * 60_000;

/** Which criteria a lead meets, by key (group.criterion). */
export function criteriaMet(facts: LeadFacts, now = new Date()): Set<string> {
  const { values, buyers, threads, engagement, work } = facts;
  const rules: Record<ScoringGroup, Record<string, boolean>> = {
    lead_contact_info: {
      email: has(values, 'email'),
      phone: has(values, 'phone', 'mobile'),
      full_name: has(values, 'first_name') && has(values, 'last_name'),
      mobile_verified: buyers.some((buyer) => buyer.mobileVerified),
      email_verified: buyers.some((buyer) => buyer.emailVerified),
    },
    lead_company_info: {
      company: has(values, 'company'),
      country: has(values, 'country'),
      company_size: has(values, 'no_of_employees', 'annual_revenue'),
      website: has(values, 'website'),
      business_buyer: buyers.some((buyer) => buyer.businessAccount),
    },
    lead_bant: {
      budget: has(values, 'budget', 'annual_revenue') || threads.priced,
      authority: has(values, 'authority') || DECIDING_TITLE.test(text(values, 'job_title')),
      need: has(values, 'need', 'product_interest', 'description'),
      timing: has(values, 'timing', 'next_follow_up') || threads.neededBy,
    },
    fit_with_product: {
      product_requested: threads.productRequested,
      quantity_stated: threads.maxQuantity !== null && threads.maxQuantity > 0,
      large_quantity: threads.maxQuantity !== null && threads.maxQuantity >= 100,
      configured: threads.configured,
    },
    buyer_engagement: {
      visited: engagement.sessions >= 1,
      product_views: engagement.productViews >= 3,
      time_on_pages: engagement.timeMs >= 120_000,
      returning: engagement.sessions >= 2,
    },
    buyer_interaction: {
      quote_requested: threads.quotes >= 1,
      chat_started: threads.chats >= 1,
      repeat_requests: threads.quotes + threads.chats >= 2,
      email_sent: work.emailsSent >= 1,
      call_logged: work.calls >= 1,
      meeting_held: work.meetings >= 1,
    },
    buyer_engagement_with_platform: {
      marketplace_account: buyers.length > 0,
      wishlisted: facts.wishlisted,
      recently_active: buyers.some(
        (buyer) => buyer.lastSeenAt !== null && now.getTime() - buyer.lastSeenAt.getTime() <= 30 * DAY_MS,
      ),
    },
    buyer_Int_actions: {
      quote_click: engagement.quoteClicks >= 1,
      contact_click: engagement.contactClicks >= 1,
      intent_lead: facts.intentLead,
    },
  };
  const met = new Set<string>();
  for (const group of SCORING_GROUPS)
    for (const [key, holds] of Object.entries(rules[group])) if (holds) met.add(`${group}.${key}`);
  return met;
}

export const groupWeight = (weights: StoredWeights, group: ScoringGroup) =>
  weights.groups[group] ?? SCORING_CRITERIA.find((def) => def.key === group)!.weight;

export const criterionWeight = (weights: StoredWeights, group: ScoringGroup, key: string) =>
  weights.criteria[`${group}.${key}`] ??
  SCORING_CRITERIA.find((def) => def.key === group)!.criteria.find((criterion) => criterion.key === key)!.weight;

export type ScoreResult = { score: number; breakdown: Partial<Record<ScoringGroup, GroupResult>> };

/** The total (0–100, whole) and each group's share met (0–100) and points towards the total. */
export function scoreOf(met: Set<string>, weights: StoredWeights): ScoreResult {
  const totalWeight = SCORING_GROUPS.reduce((sum, group) => sum + groupWeight(weights, group), 0);
  const breakdown: ScoreResult['breakdown'] = {};
  let total = 0;
  for (const def of SCORING_CRITERIA) {
    const possible = def.criteria.reduce((sum, criterion) => sum + criterionWeight(weights, def.key, criterion.key), 0);
    const metKeys = def.criteria.filter((criterion) => met.has(`${def.key}.${criterion.key}`)).map((c) => c.key);
    const got = metKeys.reduce((sum, key) => sum + criterionWeight(weights, def.key, key), 0);
    const share = possible > 0 ? got / possible : 0;
    const points = totalWeight > 0 ? (groupWeight(weights, def.key) * share * 100) / totalWeight : 0;
    total += points;
    breakdown[def.key] = { score: Math.round(share * 100), points: Math.round(points * 10) / 10, met: metKeys };
  }
  return { score: Math.round(total), breakdown };
}
