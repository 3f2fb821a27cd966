import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/sql.ts';
import { statisticsChanges } from './tables.ts';

/** Rows of a company's change counts at which a read folds them into one. */
const FOLD_AT = 64;
/** Answers kept per database (the least recently used one goes first). */
export const CACHED_ANSWERS = 256;

/**
 * The company's statistics version (decision 042, session 12): the sum of its change counts and those
 * of truncations (company 0). Triggers add to it in every transaction that changes a figure's source,
 * so the same version means the same figures; it never goes down (folding keeps the sum).
 */
export async function statisticsVersion(db: Tx, companyId: number): Promise<string> {
  const c = statisticsChanges;
  const [row] = rowsOf<{ version: string; parts: number }>(
    await db.execute(sql`
      select coalesce(sum(${c.changes}), 0)::text as version,
             (count(*) filter (where ${c.companyId} = ${companyId}))::int as parts
      from ${c} where ${c.companyId} in (${companyId}, 0)`),
  );
  if (row.parts > FOLD_AT) await foldChanges(db, companyId);
  return row.version;
}

/** One row instead of the company's many; rows of transactions still open stay for later. */
async function foldChanges(db: Tx, companyId: number) {
  const c = statisticsChanges;
  await db.execute(sql`
    WITH moved AS (DELETE FROM ${c} WHERE ${c.companyId} = ${companyId} RETURNING ${c.changes})
    INSERT INTO ${c} (company_id, changes) SELECT ${companyId}, sum(changes) FROM moved HAVING count(*) > 0`);
}

type Entry<T> = { version: string; answer: Promise<T> };

/**
 * Answers kept under a version, at most `size` of them: `get` gives the kept answer when its version is
 * the current one, else computes it once (callers asking at the same time share the computation).
 */
export class VersionedCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly size: number;

  constructor(size: number) {
    this.size = size;
  }

  get(key: string, version: string, compute: () => Promise<T>): Promise<T> {
    const kept = this.entries.get(key);
    this.entries.delete(key);
    if (kept && kept.version === version) {
      this.entries.set(key, kept);
      return kept.answer;
    }
    const entry: Entry<T> = { version, answer: compute() };
    this.entries.set(key, entry);
    entry.answer.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    while (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
    return entry.answer;
  }
}
