import { sql, type SQL } from 'drizzle-orm';
import { RESPONSE_WINDOW_DAYS } from '@tradeloop/contracts/directory';
import type { Tx } from '../../db/client.ts';
import { rowsOf, sqlList } from '../../db/sql.ts';
import { enquiries, enquiryDays } from './tables.ts';

/** The received enquiries' figures of the seller statistics (decision 042). */
export type QuoteFigures = {
  total_quotation: number;
  total_rfq: number;
  answered_quotation: number;
  median_first_response_seconds: number | null;
};

export type QuotePoint = { start: string; quotations: number; answered: number; median: number | null };

type Window = { from: Date; end: Date };

const seconds = (value: unknown) => (value === null || value === undefined ? null : Math.round(Number(value)));
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
/** Delta rows beyond the company's distinct responders and days at which a read folds them. */
const FOLD_AT = 256;

/** Enquiries the company received; for a member, those whose first response was theirs. */
function received(companyId: number, answeredBy: number | null): SQL {
  const own = answeredBy === null ? sql`` : sql` and ${enquiries.firstResponseBy} = ${answeredBy}`;
  return sql`${enquiries.sellerCompanyId} = ${companyId}${own}`;
}

/** Quote requests, RFQs and answered ones, all time and in the window, summed from the daily deltas. */
async function dayCounts(db: Tx, companyId: number, window: Window, answeredBy: number | null) {
  const d = enquiryDays;
  const inWindow = sql`${d.day} >= ${dayOf(window.from)} and ${d.day} < ${dayOf(window.end)}`;
  const own = answeredBy === null ? sql`` : sql` and ${d.responderId} = ${answeredBy}`;
  const [row] = rowsOf<Record<string, number>>(
    await db.execute(sql`
      select coalesce(sum(${d.quotations}), 0)::int as quotations, coalesce(sum(${d.rfq}), 0)::int as rfq,
             coalesce(sum(${d.answered}), 0)::int as answered,
             coalesce(sum(${d.quotations}) filter (where ${inWindow}), 0)::int as p_quotations,
             coalesce(sum(${d.rfq}) filter (where ${inWindow}), 0)::int as p_rfq,
             coalesce(sum(${d.answered}) filter (where ${inWindow}), 0)::int as p_answered,
             count(*)::int as parts, count(distinct (${d.responderId}, ${d.day}))::int as keys
      from ${d} where ${d.companyId} = ${companyId}${own}`),
  );
  if (answeredBy === null && row.parts - row.keys > FOLD_AT) await foldDays(db, companyId);
  return row;
}

/** One row per responder and day instead of the deltas; rows of transactions still open stay for later. */
async function foldDays(db: Tx, companyId: number) {
  const d = enquiryDays;
  await db.execute(sql`
    WITH moved AS (DELETE FROM ${d} WHERE ${d.companyId} = ${companyId} RETURNING *)
    INSERT INTO ${d} (company_id, responder_id, day, quotations, rfq, answered)
    SELECT company_id, responder_id, day, sum(quotations), sum(rfq), sum(answered) FROM moved
    GROUP BY 1, 2, 3 HAVING sum(quotations) <> 0 OR sum(rfq) <> 0 OR sum(answered) <> 0`);
}

/**
 * The median of the `answered` response times in scope (what percentile_cont(0.5) gives: the middle one,
 * or the mean of the middle two), read by walking the response-time index to the middle, not by sorting.
 */
async function medianResponse(db: Tx, scope: SQL, answered: number) {
  if (answered === 0) return null;
  const e = enquiries;
  const [row] = rowsOf<{ median: number | string | null }>(
    await db.execute(sql`
      select avg(seconds) as median from (
        select ${e.responseSeconds} as seconds from ${e}
        where ${scope} and ${e.responseSeconds} is not null
        order by ${e.responseSeconds} offset ${Math.floor((answered - 1) / 2)} limit ${2 - (answered % 2)}) middle`),
  );
  return seconds(row?.median);
}

/**
 * total_quotation, total_rfq, answered quotes and the median time to the seller's first response, over
 * all time and over the enquiries created in the window (decision 042): counts from the daily roll-up,
 * medians from the response-time index.
 */
export async function quoteFigures(db: Tx, companyId: number, window: Window, answeredBy: number | null) {
  const counts = await dayCounts(db, companyId, window, answeredBy);
  const inWindow = sql`${enquiries.createdAt} >= ${window.from.toISOString()} and ${enquiries.createdAt} < ${window.end.toISOString()}`;
  const [median, periodMedian] = await Promise.all([
    medianResponse(db, received(companyId, answeredBy), counts.answered),
    medianResponse(db, sql`${received(companyId, answeredBy)} and ${inWindow}`, counts.p_answered),
  ]);
  const figures = (prefix: string, middle: number | null): QuoteFigures => ({
    total_quotation: counts[`${prefix}quotations`],
    total_rfq: counts[`${prefix}rfq`],
    answered_quotation: counts[`${prefix}answered`],
    median_first_response_seconds: middle,
  });
  return { total: figures('', median), period: figures('p_', periodMedian) };
}

/**
 * Per day or week of the window (UTC, weeks from Monday): enquiries received and answered (from the
 * roll-up) and the median response of the answered ones (walking the response-time index, no heap).
 */
export async function quoteSeries(
  db: Tx,
  companyId: number,
  window: Window & { bucket: 'day' | 'week' },
  answeredBy: number | null,
): Promise<QuotePoint[]> {
  const d = enquiryDays;
  const e = enquiries;
  const ownDays = answeredBy === null ? sql`` : sql` and ${d.responderId} = ${answeredBy}`;
  const [counts, medians] = await Promise.all([
    db.execute(sql`
      select to_char(date_trunc(${window.bucket}, ${d.day}), 'YYYY-MM-DD') as start,
             sum(${d.quotations})::int as quotations, sum(${d.answered})::int as answered
      from ${d}
      where ${d.companyId} = ${companyId}${ownDays} and ${d.day} >= ${dayOf(window.from)} and ${d.day} < ${dayOf(window.end)}
      group by 1`),
    db.execute(sql`
      select to_char(date_trunc(${window.bucket}, ${e.createdAt} at time zone 'UTC'), 'YYYY-MM-DD') as start,
             percentile_cont(0.5) within group (order by ${e.responseSeconds}) as median
      from ${e}
      where ${received(companyId, answeredBy)} and ${e.responseSeconds} is not null
        and ${e.createdAt} >= ${window.from.toISOString()} and ${e.createdAt} < ${window.end.toISOString()}
      group by 1`),
  ]);
  const middle = new Map(rowsOf<{ start: string; median: unknown }>(medians).map((row) => [row.start, row.median]));
  return rowsOf<{ start: string; quotations: number; answered: number }>(counts).map((row) => ({
    ...row,
    median: seconds(middle.get(row.start)),
  }));
}

/** How a company answered the quote requests it received in the last RESPONSE_WINDOW_DAYS days. */
export type ResponseFigures = { requests: number; answered: number; medianSeconds: number | null };

/**
 * The supplier cards' response figures of each company given (none received: left out), in one
 * statement over the window's enquiries: how many came, how many got a first response, and its median.
 */
export async function responseFigures(db: Tx, companyIds: number[]): Promise<Map<number, ResponseFigures>> {
  if (companyIds.length === 0) return new Map();
  const e = enquiries;
  const rows = rowsOf<{ company_id: number; requests: number; answered: number; median: unknown }>(
    await db.execute(sql`
      select ${e.sellerCompanyId} as company_id, count(*)::int as requests,
             count(${e.firstResponseAt})::int as answered,
             percentile_cont(0.5) within group (order by ${e.responseSeconds}) as median
      from ${e}
      where ${e.sellerCompanyId} in (${sqlList(companyIds)})
        and ${e.createdAt} >= now() - make_interval(days => ${RESPONSE_WINDOW_DAYS})
      group by 1`),
  );
  return new Map(
    rows.map((row) => [
      Number(row.company_id),
      { requests: row.requests, answered: row.answered, medianSeconds: seconds(row.median) },
    ]),
  );
}
