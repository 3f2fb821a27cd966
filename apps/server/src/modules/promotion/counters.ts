import { sql } from 'drizzle-orm';
import { utcDay } from '@tradeloop/contracts/promotion';
import type { Db } from '../../db/client.ts';
import { adDailyStats } from './tables.ts';

/**
 * Impressions and clicks are counted in memory per ad per UTC day and added to one row per ad per
 * day in batches (never a row per view). The seller's list writes what is pending first, so its
 * numbers are current; a crash loses at most one interval of counts.
 */
export type AdCounters = {
  count(adId: number, kind: 'impressions' | 'clicks'): void;
  flush(): Promise<void>;
};

export const AD_FLUSH_EVERY_MS = 10_000;

export function createAdCounters(db: Db): AdCounters {
  let pending = new Map<string, { adId: number; day: string; impressions: number; clicks: number }>();

  async function flush() {
    const batch = [...pending.values()];
    pending = new Map();
    if (batch.length === 0) return;
    // Ads deleted since they were served are skipped (their rows would break the foreign key).
    const rows = JSON.stringify(
      batch.map((entry) => ({ a: entry.adId, d: entry.day, i: entry.impressions, c: entry.clicks })),
    );
    await db.execute(sql`
      insert into ${adDailyStats} (ad_id, day, impressions, clicks)
      select r.a, r.d, r.i, r.c from jsonb_to_recordset(${rows}::jsonb) as r(a bigint, d date, i int, c int)
      where exists (select 1 from ads where ads.id = r.a)
      on conflict (ad_id, day) do update set impressions = ${adDailyStats.impressions} + excluded.impressions,
        clicks = ${adDailyStats.clicks} + excluded.clicks`);
  }

  return {
    count(adId, kind) {
      const day = utcDay();
      const key = `${adId}|${day}`;
      const entry = pending.get(key) ?? { adId, day, impressions: 0, clicks: 0 };
      entry[kind] += 1;
      pending.set(key, entry);
    },
    flush,
  };
}
