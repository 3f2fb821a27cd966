import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Migration 0032_reviews (decision 045): the chat’s seller ratings become reviews of their conversation, with the
 * companies’ figures, before the same migration drops seller_ratings. Run on a database migrated up to just before it.
 */

const migrations = new URL('../../db/migrations', import.meta.url).pathname;
const before = fs.mkdtempSync(path.join(os.tmpdir(), 'tradeloop-migrations-'));
afterAll(() => fs.rmSync(before, { recursive: true, force: true }));

/** The migrations folder as it was before the reviews: the journal cut before the reviews migration. */
function migrationsBeforeReviews() {
  const journal = JSON.parse(fs.readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8'));
  const cut = journal.entries.findIndex((entry: { tag: string }) => entry.tag.endsWith('_reviews'));
  expect(cut).toBeGreaterThan(0);
  fs.mkdirSync(path.join(before, 'meta'));
  fs.writeFileSync(
    path.join(before, 'meta/_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }),
  );
  for (const entry of journal.entries.slice(0, cut)) {
    fs.copyFileSync(path.join(migrations, `${entry.tag}.sql`), path.join(before, `${entry.tag}.sql`));
  }
  return before;
}

describe('migration 0032_reviews', () => {
  it('copies every seller rating into reviews with its company’s figures, then drops seller_ratings', async () => {
    const client = await PGlite.create(undefined, { extensions: { pg_trgm } });
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: migrationsBeforeReviews() });
      const one = async <T>(query: string, params: unknown[] = []) => (await client.query<T>(query, params)).rows[0];
      const company = await one<{ id: number }>(
        `insert into companies (name, slug, company_type) values ('Old Pumps', 'old-pumps', 'Manufacturers') returning id`,
      );
      const user = async (email: string, type: string) =>
        one<{ id: number }>(
          `insert into users (user_type, role, default_role, member_id, full_name, email_id, company_id)
           values ($1, $1, $1, $2, $2, $2, $3) returning id`,
          [type, email, type === 'seller' ? company.id : null],
        );
      const seller = await user('old.seller@example.test', 'seller');
      const buyers = [await user('a@example.test', 'others'), await user('b@example.test', 'others')];
      const room = await one<{ id: number }>(
        `insert into chat_rooms (type, created_by) values ('direct', $1) returning id`,
        [buyers[0].id],
      );
      await client.query(
        `insert into seller_ratings (company_id, buyer_id, room_id, rating, comment) values
         ($1, $2, $3, 5, 'Clear answers.'), ($1, $4, null, 2, null)`,
        [company.id, buyers[0].id, room.id, buyers[1].id],
      );
      expect(seller.id).toBeGreaterThan(0);

      await migrate(db, { migrationsFolder: migrations });
      const reviews = (
        await client.query<{ buyer_id: number; room_id: number | null; rating: number; body: string }>(
          'select buyer_id, room_id, rating, body from reviews order by rating desc',
        )
      ).rows;
      expect(
        reviews.map((row) => ({ ...row, buyer_id: Number(row.buyer_id), room_id: row.room_id && Number(row.room_id) })),
      ).toEqual([
        { buyer_id: Number(buyers[0].id), room_id: Number(room.id), rating: 5, body: 'Clear answers.' },
        { buyer_id: Number(buyers[1].id), room_id: null, rating: 2, body: '' },
      ]);
      const stats = await one<{ count: number; average: string; stars_5: number; stars_2: number }>(
        'select count, average, stars_5, stars_2 from company_rating_stats where company_id = $1',
        [company.id],
      );
      expect({ ...stats, average: Number(stats.average) }).toEqual({ count: 2, average: 3.5, stars_5: 1, stars_2: 1 });
      expect((await one<{ name: string | null }>(`select to_regclass('seller_ratings') as name`)).name).toBeNull();
    } finally {
      await client.close();
    }
  });
});
