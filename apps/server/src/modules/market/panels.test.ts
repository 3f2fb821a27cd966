import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers.ts';
import { relatedSearches } from './panels.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const searched = (term: string, searches: number) =>
  app.db.execute(sql`insert into market_search_terms (term, searches) values (${term}, ${searches})
    on conflict (term) do update set searches = excluded.searches`);

describe('popular searches near a keyword', () => {
  it('offers the most searched look-alikes, not a crawler’s thousands of made-up keywords', async () => {
    await searched('hydraulic gear pumps', 40);
    await searched('hydraulic gear pump set', 30);
    await app.db.execute(sql`insert into market_search_terms (term, searches)
      select 'hydraulic gear pump ' || g, 1 from generate_series(1, 2000) g on conflict do nothing`);
    expect(await relatedSearches(app.db, 'hydraulic gear pump')).toEqual(
      expect.arrayContaining(['hydraulic gear pumps', 'hydraulic gear pump set']),
    );
    expect((await relatedSearches(app.db, 'hydraulic gear pump')).slice(0, 2)).toEqual([
      'hydraulic gear pumps',
      'hydraulic gear pump set',
    ]);
    await app.db.execute(sql`delete from market_search_terms where term ~ '^hydraulic gear pump \\d+$'`);
  });

  it('keeps a bounded number of keywords: the oldest answer is read again once a thousand others came after it', async () => {
    expect(await relatedSearches(app.db, 'rotary vane compressor')).toEqual([]);
    await searched('rotary vane compressors', 25);
    // Within the half minute the answer is the kept one...
    expect(await relatedSearches(app.db, 'rotary vane compressor')).toEqual([]);
    await Promise.all(Array.from({ length: 1000 }, (_, index) => relatedSearches(app.db, `made up keyword ${index}`)));
    // ...until a thousand other keywords pushed it out.
    expect(await relatedSearches(app.db, 'rotary vane compressor')).toEqual(['rotary vane compressors']);
  });
});
