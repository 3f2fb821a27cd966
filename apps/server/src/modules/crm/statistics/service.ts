import { and, eq, sql } from 'drizzle-orm';
import { CRM_TYPE } from '@tradeloop/contracts/crm/records';
import type { CrmStatistics } from '@tradeloop/contracts/crm/statistics';
import type { Tx } from '../../../db/client.ts';
import { crmRecordDays } from './tables.ts';

type Counts = Omit<
  CrmStatistics['total'],
  'lead_oppportunity_conversion_rate' | 'lead_to_customer_conversion_rate' | 'lead_to_opportunity_deal_conversion_rate'
>;
/** The live records created on one UTC day (YYYY-MM-DD), by type, and that day's leads' conversions. */
export type DayCounts = Counts & { day: string };

const COUNT_KEYS = [
  'total_leads',
  'total_contacts',
  'total_accounts',
  'total_deals',
  'converted_leads',
  'leads_with_deals',
  'leads_won',
] as const;
const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
export const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

/** Delta rows beyond the company's distinct days, owners and types at which a read folds them. */
const FOLD_AT = 256;

/** Live records, converted leads, leads with a deal and won, per day and type, summed from the roll-up's deltas (migration 0028). */
async function recordDays(db: Tx, companyId: number, ownerId: number | null) {
  const d = crmRecordDays;
  const rows = await db
    .select({
      day: d.day,
      typeId: d.typeId,
      records: sql<number>`sum(${d.records})::int`,
      converted: sql<number>`sum(${d.converted})::int`,
      withDeals: sql<number>`sum(${d.withDeal})::int`,
      won: sql<number>`sum(${d.won})::int`,
      parts: sql<number>`count(*)::int`,
      owners: sql<number>`count(distinct ${d.ownerId})::int`,
    })
    .from(d)
    .where(and(eq(d.companyId, companyId), ownerId === null ? undefined : eq(d.ownerId, ownerId)))
    .groupBy(d.day, d.typeId);
  // A folded company has one row per owner, type and day: only rows beyond those are extra.
  const extra = rows.reduce((sum, row) => sum + row.parts - row.owners, 0);
  if (ownerId === null && extra > FOLD_AT) await foldRecordDays(db, companyId);
  return rows;
}

/** One row per owner, type and day instead of the deltas; rows of transactions still open stay for later. */
async function foldRecordDays(db: Tx, companyId: number) {
  const d = crmRecordDays;
  await db.execute(sql`
    WITH moved AS (DELETE FROM ${d} WHERE ${d.companyId} = ${companyId} RETURNING *)
    INSERT INTO ${d} (company_id, owner_id, type_id, day, records, converted, with_deal, won)
    SELECT company_id, owner_id, type_id, day, sum(records), sum(converted), sum(with_deal), sum(won) FROM moved
    GROUP BY 1, 2, 3, 4 HAVING sum(records) <> 0 OR sum(converted) <> 0 OR sum(with_deal) <> 0 OR sum(won) <> 0`);
}

const TYPE_KEYS = {
  [CRM_TYPE.leads]: 'total_leads',
  [CRM_TYPE.contacts]: 'total_contacts',
  [CRM_TYPE.accounts]: 'total_accounts',
  [CRM_TYPE.deals]: 'total_deals',
} as const;

/**
 * The company's live records counted per UTC day of creation, by type, with the day's leads' conversions
 * (decision 042); with `ownerId`, only the records that member owns. Read from the daily roll-up, never
 * by counting every record.
 */
export async function recordCountsByDay(db: Tx, companyId: number, ownerId: number | null): Promise<DayCounts[]> {
  const days = await recordDays(db, companyId, ownerId);
  const byDay = new Map<string, DayCounts>();
  const at = (day: string) => {
    let row = byDay.get(day);
    if (!row) {
      row = { day, ...(Object.fromEntries(COUNT_KEYS.map((key) => [key, 0])) as Counts) };
      byDay.set(day, row);
    }
    return row;
  };
  for (const row of days) {
    at(row.day)[TYPE_KEYS[row.typeId]] += row.records;
    if (row.typeId !== CRM_TYPE.leads) continue;
    at(row.day).converted_leads += row.converted;
    at(row.day).leads_with_deals += row.withDeals;
    at(row.day).leads_won += row.won;
  }
  return [...byDay.values()];
}

/** The days' counts summed over [from, to) (YYYY-MM-DD, either open), with the three rates in percent. */
export function countsBetween(days: DayCounts[], from?: string, to?: string): CrmStatistics['total'] {
  const sums = Object.fromEntries(COUNT_KEYS.map((key) => [key, 0])) as Counts;
  for (const row of days) {
    if ((from && row.day < from) || (to && row.day >= to)) continue;
    for (const key of COUNT_KEYS) sums[key] += row[key];
  }
  return {
    ...sums,
    lead_oppportunity_conversion_rate: percent(sums.converted_leads, sums.total_leads),
    lead_to_customer_conversion_rate: percent(sums.leads_won, sums.total_leads),
    lead_to_opportunity_deal_conversion_rate: percent(sums.leads_with_deals, sums.total_leads),
  };
}

/** The first version's two windows: all time, and the last seven UTC days including today. */
export function totalAndWeekly(days: DayCounts[], now = new Date()): CrmStatistics {
  return { total: countsBetween(days), weekly: countsBetween(days, dayOf(new Date(now.getTime() - 6 * DAY_MS))) };
}
