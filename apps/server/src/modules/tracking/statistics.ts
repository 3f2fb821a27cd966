import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/sql.ts';
import { trackingDailyBuyers } from './tables.ts';

/** Leads that browsed the company's pages signed in, with their page views and time on page (ms). */
export type LeadBrowsing = { leads: number; views: number; timeMs: number };

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The browsing of leads (decision 042), from the daily buyer roll-ups (decision 036): `leadUsers` is a
 * subquery of `lead_id, user_id` pairs (a lead's marketplace users); over all days and over the
 * window's days, the leads with a view, their views and their time on the company's pages.
 */
export async function leadBrowsing(db: Tx, companyId: number, leadUsers: SQL, window: { from: Date; end: Date }) {
  const b = trackingDailyBuyers;
  const inWindow = sql`${b.day} >= ${dayOf(window.from)} and ${b.day} < ${dayOf(window.end)}`;
  // Summed per lead first (a hash aggregate), so counting the leads needs no distinct sort.
  const [row] = rowsOf<Record<string, number | string>>(
    await db.execute(sql`
      select (count(*) filter (where views > 0))::int as leads, coalesce(sum(views), 0)::int as views,
             coalesce(sum(time_ms), 0)::float8 as time_ms,
             (count(*) filter (where p_views > 0))::int as p_leads, coalesce(sum(p_views), 0)::int as p_views,
             coalesce(sum(p_time_ms), 0)::float8 as p_time_ms
      from (
        select v.lead_id, sum(${b.views}) as views, sum(${b.timeMs}) as time_ms,
               sum(${b.views}) filter (where ${inWindow}) as p_views,
               sum(${b.timeMs}) filter (where ${inWindow}) as p_time_ms
        from (${leadUsers}) v
        join ${b} on ${b.companyId} = ${companyId} and ${b.userId} = v.user_id and ${b.views} > 0
        group by v.lead_id
      ) per_lead`),
  );
  const browsing = (prefix: string): LeadBrowsing => ({
    leads: Number(row[`${prefix}leads`]),
    views: Number(row[`${prefix}views`]),
    timeMs: Number(row[`${prefix}time_ms`]),
  });
  return { total: browsing(''), period: browsing('p_') };
}
