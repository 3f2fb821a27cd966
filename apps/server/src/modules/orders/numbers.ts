import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/sql.ts';
import { documentCounters } from './tables.ts';

export type Series = 'quotation' | 'order' | 'proforma' | 'commercial' | 'credit_note';

/**
 * The next number of company `companyId`'s `series`, taken in the caller's transaction: the counter's row
 * stays locked until it commits, and a rollback gives the number back, so a series has no gaps.
 */
export async function nextNumber(tx: Tx, companyId: number, series: Series): Promise<number> {
  const c = documentCounters;
  const [row] = rowsOf<{ last_number: number }>(
    await tx.execute(sql`
      insert into ${c} (company_id, series, last_number) values (${companyId}, ${series}, 1)
      on conflict (company_id, series) do update set last_number = ${c}.last_number + 1
      returning last_number`),
  );
  return Number(row.last_number);
}
