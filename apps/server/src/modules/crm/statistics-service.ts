import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CRM_TYPE, type CrmStatistics } from '@tradeloop/contracts/crm';
import type { Tx } from '../../db/client.ts';
import { DEAL_WON_STAGE } from './default-forms.ts';
import { crmRecords } from './tables.ts';

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

/**
 * The company's live records counted per day of creation, in one pass over the statistics index
 * (decision 042); with `ownerId`, only the records that member owns. Leads won are those whose deal
 * (from the conversion) is live and at the won stage: only converted leads look their deal up.
 */
export async function recordCountsByDay(db: Tx, companyId: number, ownerId: number | null): Promise<DayCounts[]> {
  const r = crmRecords;
  const deal = alias(crmRecords, 'converted_deal');
  const lead = sql`${r.typeId} = ${CRM_TYPE.leads}`;
  const count = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;
  const day = sql<string>`to_char(${r.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({
      day,
      total_leads: count(lead),
      total_contacts: count(sql`${r.typeId} = ${CRM_TYPE.contacts}`),
      total_accounts: count(sql`${r.typeId} = ${CRM_TYPE.accounts}`),
      total_deals: count(sql`${r.typeId} = ${CRM_TYPE.deals}`),
      converted_leads: count(sql`${lead} and ${r.convertedAt} is not null`),
      leads_with_deals: count(sql`${lead} and ${deal.id} is not null`),
      leads_won: count(sql`${lead} and ${deal.values} @> ${JSON.stringify({ stage: DEAL_WON_STAGE })}::jsonb`),
    })
    .from(r)
    .leftJoin(deal, and(isNotNull(r.convertedDealId), eq(deal.id, r.convertedDealId), isNull(deal.deletedAt)))
    .where(and(eq(r.companyId, companyId), isNull(r.deletedAt), ownerId === null ? undefined : eq(r.ownerId, ownerId)))
    .groupBy(day);
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
