import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';
import { rowsOf } from './sql.ts';

/**
 * Follows a change log that triggers fill with (txid, …) rows, so an in-process copy of some table
 * can stay in step with every process's writes (docs/decisions/020 and 021). Each look reads the
 * rows of transactions at or past the horizon (pg_snapshot_xmin of the previous look) that were not
 * applied yet; a caller that awaits look() therefore sees every change committed before it called.
 */
export type ChangeLog = {
  /** The log table, e.g. sql.raw('market_listing_changes'). */
  table: SQL;
  /** A JSON object per log row, with its transaction id under 't': json_build_object('t', txid::text, …). */
  row: SQL;
};

/** The log keeps an hour; a copy that has not looked for most of it must load again. */
export const LOG_KEEP_MS = 60 * 60_000;
export const RELOAD_AFTER_MS = 50 * 60_000;
export const PRUNE_EVERY_MS = 10 * 60_000;

/** The xmin of the transaction's snapshot: a copy loaded in it must follow the log from there. */
export async function snapshotXmin(tx: Tx): Promise<string> {
  const [{ xmin }] = rowsOf<{ xmin: string }>(
    await tx.execute(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`),
  );
  return xmin;
}

export class ChangeFollower<Change extends { t: string }> {
  /** Transactions at or past this one may not have been read yet. */
  private horizon = '0';
  /** Transactions at or past the horizon whose changes were applied already. */
  private applied = new Set<string>();
  /** Bumped by rewind(): a look begun before it must not move the horizon past what it set. */
  private generation = 0;
  private syncing: Promise<void> | null = null;
  private nextSync: Promise<void> | null = null;
  lookedAt = 0;

  private readonly db: Db;
  private readonly log: ChangeLog;
  private readonly apply: (changes: Change[]) => Promise<void>;

  constructor(db: Db, log: ChangeLog, apply: (changes: Change[]) => Promise<void>) {
    this.db = db;
    this.log = log;
    this.apply = apply;
  }

  /** Everything following the log was loaded from a snapshot whose xmin is `horizon`. */
  reset(horizon: string) {
    this.horizon = horizon;
    this.markLoaded();
  }

  /**
   * One more copy was loaded from a snapshot whose xmin is `horizon`: the next look starts there if
   * that is earlier. Changes applied since are applied once more, which re-reading makes harmless.
   */
  rewind(horizon: string) {
    if (BigInt(horizon) < BigInt(this.horizon)) this.horizon = horizon;
    this.markLoaded();
  }

  private markLoaded() {
    this.applied.clear();
    this.generation += 1;
    this.lookedAt = Date.now();
  }

  /**
   * Looks once for a caller: a look already under way may have started before the caller's latest
   * write committed, so callers arriving meanwhile share the next one.
   */
  look(): Promise<void> {
    if (!this.syncing) {
      this.syncing = this.readChanges().finally(() => (this.syncing = null));
      return this.syncing;
    }
    if (!this.nextSync) {
      const next = () => {
        this.nextSync = null;
        return this.look();
      };
      this.nextSync = this.syncing.then(next, next);
    }
    return this.nextSync;
  }

  private async readChanges() {
    const generation = this.generation;
    const [found] = rowsOf<{ xmin: string; changes: Change[] | null }>(
      await this.db.execute(sql`
        select pg_snapshot_xmin(pg_current_snapshot())::text as xmin,
          (select json_agg(${this.log.row}) from ${this.log.table} where txid >= ${this.horizon}::xid8) as changes`),
    );
    const fresh = (found.changes ?? []).filter((change) => !this.applied.has(change.t));
    if (fresh.length) await this.apply(fresh);
    for (const change of fresh) this.applied.add(change.t);
    if (generation === this.generation) {
      const horizon = BigInt(found.xmin);
      for (const txid of this.applied) if (BigInt(txid) < horizon) this.applied.delete(txid);
      this.horizon = found.xmin;
    }
    this.lookedAt = Date.now();
  }
}

/** Deletes log rows older than the log keeps; a periodic job of the runner, every PRUNE_EVERY_MS. */
export async function pruneChangeLog(db: Db, log: ChangeLog) {
  await db.execute(
    sql`delete from ${log.table} where changed_at < now() - ${`${LOG_KEEP_MS / 1000} seconds`}::interval`,
  );
}
