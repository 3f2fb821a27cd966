import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/sql.ts';
import { enquiries } from './tables.ts';

/** The received enquiries' figures of the seller statistics (decision 042). */
export type QuoteFigures = {
  total_quotation: number;
  total_rfq: number;
  answered_quotation: number;
  median_first_response_seconds: number | null;
};

export type QuotePoint = { start: string; quotations: number; answered: number; median: number | null };

type Window = { from: Date; end: Date };

const responseSeconds = sql`extract(epoch from ${enquiries.firstResponseAt} - ${enquiries.createdAt})`;
const seconds = (value: unknown) => (value === null || value === undefined ? null : Math.round(Number(value)));

/** Enquiries the company received; for a member, those whose first response was theirs. */
function received(companyId: number, answeredBy: number | null): SQL {
  const own = answeredBy === null ? sql`` : sql` and ${enquiries.firstResponseBy} = ${answeredBy}`;
  return sql`${enquiries.sellerCompanyId} = ${companyId}${own}`;
}

/**
 * total_quotation, total_rfq, answered quotes and the median time to the seller's first response,
 * over all time and over the enquiries created in the window: one pass over the statistics index.
 */
export async function quoteFigures(db: Tx, companyId: number, window: Window, answeredBy: number | null) {
  const inWindow = sql`${enquiries.createdAt} >= ${window.from.toISOString()} and ${enquiries.createdAt} < ${window.end.toISOString()}`;
  const [row] = rowsOf<Record<string, number | string | null>>(
    await db.execute(sql`
      select count(*)::int as quotations,
             (count(*) filter (where ${enquiries.rfq}))::int as rfq,
             count(${enquiries.firstResponseAt})::int as answered,
             percentile_cont(0.5) within group (order by ${responseSeconds}) as median,
             (count(*) filter (where ${inWindow}))::int as p_quotations,
             (count(*) filter (where ${inWindow} and ${enquiries.rfq}))::int as p_rfq,
             (count(${enquiries.firstResponseAt}) filter (where ${inWindow}))::int as p_answered,
             percentile_cont(0.5) within group (order by ${responseSeconds}) filter (where ${inWindow}) as p_median
      from ${enquiries}
      where ${received(companyId, answeredBy)}`),
  );
  const figures = (prefix: string): QuoteFigures => ({
    total_quotation: Number(row[`${prefix}quotations`]),
    total_rfq: Number(row[`${prefix}rfq`]),
    answered_quotation: Number(row[`${prefix}answered`]),
    median_first_response_seconds: seconds(row[`${prefix}median`]),
  });
  return { total: figures(''), period: figures('p_') };
}

/** Per day or week of the window (UTC, weeks from Monday): enquiries received, answered, median response. */
export async function quoteSeries(
  db: Tx,
  companyId: number,
  window: Window & { bucket: 'day' | 'week' },
  answeredBy: number | null,
): Promise<QuotePoint[]> {
  const start = sql`to_char(date_trunc(${window.bucket}, ${enquiries.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const rows = rowsOf<{ start: string; quotations: number; answered: number; median: number | string | null }>(
    await db.execute(sql`
      select ${start} as start, count(*)::int as quotations, count(${enquiries.firstResponseAt})::int as answered,
             percentile_cont(0.5) within group (order by ${responseSeconds}) as median
      from ${enquiries}
      where ${received(companyId, answeredBy)}
        and ${enquiries.createdAt} >= ${window.from.toISOString()} and ${enquiries.createdAt} < ${window.end.toISOString()}
      group by 1`),
  );
  return rows.map((row) => ({ ...row, median: seconds(row.median) }));
}
