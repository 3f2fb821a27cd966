import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

const MIGRATION = new URL('../../db/migrations/0024_tracking_rollups.sql', import.meta.url);
const MARKER = '-- Backfill of the daily roll-ups';

/**
 * The statements of migration 0023 that build the daily roll-ups from the stored events (decision 036):
 * the same SQL the migration ran, for a bench that writes raw events in bulk and for the test that
 * checks the backfill gives the report ingestion gives.
 */
export function rollUpBackfillStatements() {
  const text = fs.readFileSync(MIGRATION, 'utf8');
  return text
    .slice(text.indexOf(MARKER))
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter(Boolean);
}

/** Empties the roll-ups and builds them again from the events (tests, benches: never on a live server). */
export async function rebuildRollUps(db: Db) {
  await db.execute(
    sql`truncate tracking_pages, tracking_daily, tracking_visits, tracking_visit_counts, tracking_daily_buyers`,
  );
  for (const statement of rollUpBackfillStatements()) await db.execute(sql.raw(statement));
}
