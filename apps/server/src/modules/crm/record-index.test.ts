import { describe, expect, it } from 'vitest';
import { firstInOrder, TenantRecords, type IndexedRecord, type IndexQuery } from './record-index.ts';

/**
 * The in-memory record index alone, without a database: an index that grew, had records rewritten and
 * removed (and so compacted) answers every query exactly like one built afresh from the final records,
 * and both agree with a plain filter-and-sort of those records.
 */

const STATUSES = ['New', 'Contacted', 'Qualified', 'Lost'];
const WORDS = ['vertex', 'vertical', 'apex', 'delta', 'orion'];

function record(id: number, edition = 0): IndexedRecord {
  const n = id * 7 + edition * 13;
  const values: Record<string, unknown> = {
    status: STATUSES[n % 4],
    channels: n % 4 < 2 ? ['Email'] : ['Email', 'Phone'],
  };
  if (n % 5) values.score = n % 5 === 1 ? '12' : (n * 31) % 1000; // a text in a number field now and then
  if (n % 6 === 0) values.flag = true;
  return {
    id,
    deleted: id % 11 === 2,
    createdAt: 1_700_000_000_000_000 + ((id * 7919) % 5000) * 1_000_000,
    updatedAt: 1_700_000_000_000_000 + edition,
    values,
    words: [WORDS[n % 5], WORDS[(n + 2) % 5], `p${id}`],
  };
}

const isScore = (value: unknown): value is number => typeof value === 'number';
const queries: { name: string; query: IndexQuery; accepts: (record: IndexedRecord) => boolean }[] = [
  {
    name: 'status is one of two, by score descending',
    query: {
      deleted: false,
      words: [],
      tests: [
        {
          field: 'status',
          test: (value) => value === 'New' || value === 'Lost',
          oneOf: ['New', 'Lost'],
          fast: { in: ['New', 'Lost'] },
        },
      ],
      sort: { source: 'value', field: 'score', key: (value) => (isScore(value) ? value : null) },
      direction: 'desc',
    },
    accepts: (r) => !r.deleted && (r.values.status === 'New' || r.values.status === 'Lost'),
  },
  {
    name: 'a keyword prefix and a score range, newest first',
    query: {
      deleted: false,
      words: ['vert'],
      tests: [{ field: 'score', test: (value) => isScore(value) && value >= 300, fast: { compare: '>=', bound: 300 } }],
      sort: { source: 'created_at' },
      direction: 'desc',
    },
    accepts: (r) =>
      !r.deleted && r.words.some((word) => word.startsWith('vert')) && isScore(r.values.score) && r.values.score >= 300,
  },
  {
    name: 'two keyword words, a channel, the recycle bin, oldest first',
    query: {
      deleted: true,
      words: ['apex', 'or'],
      tests: [
        { field: 'channels', test: (value) => Array.isArray(value) && value.includes('Phone'), oneOf: ['Phone'] },
      ],
      sort: { source: 'updated_at' },
      direction: 'asc',
    },
    accepts: (r) =>
      r.deleted &&
      r.words.includes('apex') &&
      r.words.some((word) => word.startsWith('or')) &&
      (r.values.channels as string[]).includes('Phone'),
  },
  {
    name: 'unchecked flag, by status order ascending',
    query: {
      deleted: false,
      words: [],
      tests: [{ field: 'flag', test: (value) => value !== true }],
      sort: { source: 'value', field: 'status', key: (value) => STATUSES.indexOf(value as string) },
      direction: 'asc',
    },
    accepts: (r) => !r.deleted && r.values.flag !== true,
  },
];

/** The same answer the slow way: filter, then sort with null keys last and ties by id. */
function expected(records: IndexedRecord[], { query, accepts }: (typeof queries)[number]) {
  const keyOf = (r: IndexedRecord) => {
    const sort = query.sort;
    if (sort.source !== 'value') return sort.source === 'created_at' ? r.createdAt : r.updatedAt;
    return sort.key(r.values[sort.field]);
  };
  const sign = query.direction === 'asc' ? 1 : -1;
  return records
    .filter(accepts)
    .sort((a, b) => {
      const [keyA, keyB] = [keyOf(a), keyOf(b)];
      if ((keyA === null) !== (keyB === null)) return keyA === null ? 1 : -1;
      if (keyA !== null && keyB !== null && keyA !== keyB) return sign * (keyA - keyB);
      return sign * (a.id - b.id);
    })
    .map((r) => r.id);
}

describe('the in-memory CRM record index', () => {
  it('answers alike after growing, many rewrites and removals (compacted) as when built afresh', () => {
    const grown = new TenantRecords();
    const final = new Map<number, IndexedRecord>();
    for (let id = 1; id <= 6000; id += 1) grown.upsert(record(id));
    // Fast tests build their typed copies now, so the rewrites below must keep them in step.
    for (const { query } of queries) grown.page(query, 0, 10);
    for (let id = 1; id <= 6000; id += 1) {
      if (id % 3 === 0) grown.remove(id);
      else if (id % 3 === 1) grown.upsert(record(id, 1));
      if (id % 3 !== 0) final.set(id, id % 3 === 1 ? record(id, 1) : record(id));
    }
    for (let id = 6001; id <= 6500; id += 1) {
      grown.upsert(record(id));
      final.set(id, record(id));
    }
    const fresh = new TenantRecords();
    for (const r of final.values()) fresh.upsert(r);
    expect(grown.size).toBe(final.size);

    for (const entry of queries) {
      const all = expected([...final.values()], entry);
      expect(all.length, entry.name).toBeGreaterThan(5);
      for (const [offset, limit] of [
        [0, 10],
        [5, 50],
        [0, 100_000],
      ]) {
        const want = { total: all.length, ids: all.slice(offset, offset + limit) };
        expect(grown.page(entry.query, offset, limit), `${entry.name} (grown) ${offset}+${limit}`).toEqual(want);
        expect(fresh.page(entry.query, offset, limit), `${entry.name} (fresh) ${offset}+${limit}`).toEqual(want);
      }
    }
  });

  it('tests a field no record holds yet, and follows records that later hold it', () => {
    const index = new TenantRecords();
    const query: IndexQuery = {
      deleted: false,
      words: [],
      tests: [{ field: 'grade', test: (value) => value === 'A', oneOf: ['A'], fast: { in: ['A'] } }],
      sort: { source: 'created_at' },
      direction: 'asc',
    };
    index.upsert(record(1));
    expect(index.page(query, 0, 10)).toEqual({ total: 0, ids: [] });
    index.upsert(record(2));
    index.upsert({ ...record(3), values: { grade: 'A' } });
    expect(index.page(query, 0, 10)).toEqual({ total: 1, ids: [3] });
  });

  it('keeps the first of many in order with a bounded heap, as a full sort would', () => {
    const keys = Array.from({ length: 5000 }, (_, at) => (at * 7919) % 1000);
    const order = (a: number, b: number) => keys[a] - keys[b] || a - b;
    const sorted = keys.map((_, at) => at).sort(order);
    expect(firstInOrder(keys.length, 37, order)).toEqual(sorted.slice(0, 37));
    expect(firstInOrder(keys.length, 4000, order)).toEqual(sorted.slice(0, 4000));
    expect(firstInOrder(keys.length, 0, order)).toEqual([]);
  });
});
