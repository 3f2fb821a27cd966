/**
 * One company's records of one type in memory, kept in step by record-index-store.ts (docs/decisions/
 * 021): whether each is deleted, when it was created and updated, the values of its exact-valued
 * fields (pick lists, numbers, dates, users, lookups, checkboxes) in columns, and its keyword words in
 * an inverted index. A filtered list whose conditions and sort all have an exact equivalent here
 * (index-query.ts) is counted, sorted and paged here; SQL then reads only the page's rows.
 */

export type IndexedRecord = {
  id: number;
  deleted: boolean;
  /** Microseconds since 1970, as PostgreSQL keeps them. */
  createdAt: number;
  updatedAt: number;
  values: Record<string, unknown>;
  words: string[];
};

/**
 * Exactly the records a field's SQL condition accepts, judged by the field's stored value. `oneOf`,
 * when given, holds values one of which every accepted record holds (as its value or an element of
 * it): the index then starts from the records holding them instead of reading every record.
 */
export type ValueTest = { field: string; test: (value: unknown) => boolean; oneOf?: unknown[]; fast?: FastTest };

/**
 * The same test in a form typed copies of the values answer (`Vectors`): "the value is one of these
 * scalars", or "the value is a number and compares so". Scanning bytes instead of object pointers
 * keeps a list's pass over thousands of records in the CPU's cache.
 */
export type FastTest = { in: unknown[] } | { compare: '<' | '>' | '<=' | '>='; bound: number };

/** A field's values as a code per scalar value (0: none, or not a scalar) and as numbers (NaN: not a number). */
type Vectors = { codes: Int32Array; codeOf: Map<unknown, number>; numbers: Float64Array };

/** A sort key: null sorts last in both directions; ties go by id in the same direction. */
export type SortKey =
  { source: 'created_at' | 'updated_at' } | { source: 'value'; field: string; key: (value: unknown) => number | null };

export type IndexQuery = {
  deleted: boolean;
  /** Every one of them must begin one of the record's words. */
  words: string[];
  tests: ValueTest[];
  sort: SortKey;
  direction: 'asc' | 'desc';
};

/** A removed or rewritten record leaves a dead slot; past this share the index is rebuilt. */
const DEAD_SHARE = 0.25;
/** New words beyond this many are sorted in all at once rather than one by one. */
const MERGE_ONE_BY_ONE = 2_000;

export class TenantRecords {
  private ids: number[] = [];
  /** Per slot: DEAD, LIVE or BINNED (deleted, in the recycle bin); a byte each, so scans stay in cache. */
  private state = new Uint8Array(1024);
  /** One copy of each short text value: equal values are one object, compared by identity. */
  private texts = new Map<string, string>();
  private createdAt: number[] = [];
  private updatedAt: number[] = [];
  private slotOf = new Map<number, number>();
  private columns = new Map<string, unknown[]>();
  private postings = new Map<string, number[]>();
  /** Per field, the slots holding each value; built for a field when a list first asks for a value of it. */
  private valuePostings = new Map<string, Map<unknown, number[]>>();
  /** Typed copies of a field's values, made for a field when a list first tests it fast. */
  private vectors = new Map<string, Vectors>();
  /** Every word of `postings`, sorted, so a prefix is a range; words new since wait in `newWords`. */
  private lexicon: string[] = [];
  private newWords: string[] = [];
  private dead = 0;

  get size() {
    return this.slotOf.size;
  }

  upsert(record: IndexedRecord) {
    this.remove(record.id);
    const slot = this.ids.length;
    this.ids.push(record.id);
    if (slot === this.state.length) this.state = grown(this.state);
    this.state[slot] = record.deleted ? BINNED : LIVE;
    this.createdAt.push(record.createdAt);
    this.updatedAt.push(record.updatedAt);
    this.slotOf.set(record.id, slot);
    for (const [field, column] of this.columns) column.push(this.shared(record.values[field]));
    for (const [field, value] of Object.entries(record.values)) {
      if (this.columns.has(field)) continue;
      const column = new Array<unknown>(slot + 1).fill(undefined);
      column[slot] = this.shared(value);
      this.columns.set(field, column);
    }
    // A field may have postings or vectors before any record holds a value of it (no column yet).
    for (const [field, postings] of this.valuePostings) addValue(postings, this.columns.get(field)?.[slot], slot);
    for (const [field, vectors] of this.vectors) {
      this.vectors.set(field, withValue(vectors, slot, this.columns.get(field)?.[slot]));
    }
    for (const word of record.words) {
      const list = this.postings.get(word);
      if (list) list.push(slot);
      else {
        this.postings.set(word, [slot]);
        this.newWords.push(word);
      }
    }
  }

  remove(id: number) {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.state[slot] = DEAD;
    this.slotOf.delete(id);
    this.dead += 1;
    if (this.dead > 1_000 && this.dead > this.ids.length * DEAD_SHARE) this.compact();
  }

  /** The records a query matches: how many, and the ids of `limit` of them after `offset` in its order. */
  page(query: IndexQuery, offset: number, limit: number): { total: number; ids: number[] } {
    const matches = this.matches(query);
    const keys = this.sortKeys(query.sort, matches);
    const sign = query.direction === 'asc' ? 1 : -1;
    const order = (a: number, b: number) => {
      const keyA = keys[a];
      const keyB = keys[b];
      // Comparisons run thousands of times a list: plain locals, no destructuring (it would allocate).
      const noneA = Number.isNaN(keyA);
      const noneB = Number.isNaN(keyB);
      if (noneA !== noneB) return noneA ? 1 : -1;
      if (!noneA && keyA !== keyB) return sign * (keyA - keyB);
      return sign * (this.ids[matches[a]] - this.ids[matches[b]]);
    };
    const positions = firstInOrder(matches.length, offset + limit, order).slice(offset);
    return { total: matches.length, ids: positions.map((position) => this.ids[matches[position]]) };
  }

  private matches(query: IndexQuery): number[] {
    const checks = query.tests.map((test) => this.checkOf(test));
    const slots = this.candidates(query);
    const wanted = query.deleted ? BINNED : LIVE;
    const found: number[] = [];
    // Plain indexed loops: this may run over every slot of the tenant.
    for (let at = 0, end = slots ? slots.length : this.ids.length; at < end; at += 1) {
      const slot = slots ? slots[at] : at;
      if (this.state[slot] !== wanted) continue;
      let accepted = true;
      for (let check = 0; check < checks.length && accepted; check += 1) accepted = checks[check](slot);
      if (accepted) found.push(slot);
    }
    return found;
  }

  /** A test as a check of a slot: on the typed copies when it has a fast form, else on the value. */
  private checkOf({ field, test, fast }: ValueTest): (slot: number) => boolean {
    if (fast && 'in' in fast) {
      const { codes, codeOf } = this.vectorsOf(field);
      const wanted = new Uint8Array(codeOf.size + 1);
      for (const value of fast.in) wanted[codeOf.get(value) ?? 0] = 1;
      wanted[0] = 0;
      return (slot) => wanted[codes[slot]] === 1;
    }
    if (fast) {
      const { numbers } = this.vectorsOf(field);
      const bound = fast.bound;
      if (fast.compare === '<') return (slot) => numbers[slot] < bound;
      if (fast.compare === '>') return (slot) => numbers[slot] > bound;
      if (fast.compare === '<=') return (slot) => numbers[slot] <= bound;
      return (slot) => numbers[slot] >= bound;
    }
    const column = this.columns.get(field);
    return (slot) => test(column?.[slot]);
  }

  private vectorsOf(field: string): Vectors {
    let vectors = this.vectors.get(field);
    if (!vectors) {
      vectors = {
        codes: new Int32Array(this.state.length),
        codeOf: new Map(),
        numbers: new Float64Array(this.state.length).fill(Number.NaN),
      };
      const column = this.columns.get(field) ?? [];
      for (let slot = 0; slot < column.length; slot += 1) vectors = withValue(vectors, slot, column[slot]);
      this.vectors.set(field, vectors);
    }
    return vectors;
  }

  /**
   * Slots that may match: those holding every keyword word, or those holding one of a test's
   * values, whichever are fewer (the tests then check the rest). Null when nothing narrows the query.
   */
  private candidates(query: IndexQuery): number[] | null {
    const withWords = query.words
      .map((word) => this.slotsWithWordBeginning(word))
      .sort((a, b) => a.length - b.length)
      .reduce<number[] | null>((slots, list) => (slots ? intersect(slots, list) : list), null);
    let fewest: number[][] | null = null;
    let count = withWords?.length ?? Infinity;
    for (const { field, oneOf } of query.tests) {
      if (!oneOf) continue;
      const postings = this.postingsOf(field);
      const lists = oneOf.map((value) => postings.get(value) ?? []);
      const size = lists.reduce((sum, list) => sum + list.length, 0);
      if (size < count) [fewest, count] = [lists, size];
    }
    return fewest ? union(fewest) : withWords;
  }

  /** The slots holding each value of a field, filed when a list first asks for one. */
  private postingsOf(field: string): Map<unknown, number[]> {
    let postings = this.valuePostings.get(field);
    if (!postings) {
      postings = new Map();
      const column = this.columns.get(field) ?? [];
      for (let slot = 0; slot < column.length; slot += 1) addValue(postings, column[slot], slot);
      this.valuePostings.set(field, postings);
    }
    return postings;
  }

  /** The sort key of each matched slot, NaN for none. */
  private sortKeys(sort: SortKey, slots: number[]): Float64Array {
    const keys = new Float64Array(slots.length);
    if (sort.source === 'value') {
      const column = this.columns.get(sort.field);
      slots.forEach((slot, at) => (keys[at] = sort.key(column?.[slot]) ?? Number.NaN));
    } else {
      const times = sort.source === 'created_at' ? this.createdAt : this.updatedAt;
      slots.forEach((slot, at) => (keys[at] = times[slot]));
    }
    return keys;
  }

  /** Slots holding a word the prefix begins, ascending. */
  private slotsWithWordBeginning(prefix: string): number[] {
    this.sortNewWords();
    const lists: number[][] = [];
    for (let at = lowerBound(this.lexicon, prefix); at < this.lexicon.length; at += 1) {
      if (!this.lexicon[at].startsWith(prefix)) break;
      lists.push(this.postings.get(this.lexicon[at])!);
    }
    return union(lists);
  }

  private sortNewWords() {
    if (this.newWords.length === 0) return;
    if (this.newWords.length > MERGE_ONE_BY_ONE) this.lexicon = [...this.postings.keys()].sort(compareText);
    else for (const word of this.newWords) this.lexicon.splice(lowerBound(this.lexicon, word), 0, word);
    this.newWords = [];
  }

  /** Short texts (pick-list options, dates) are kept once; anything else as it is. */
  private shared(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((item) => this.shared(item));
    if (typeof value !== 'string' || value.length > 64) return value;
    const kept = this.texts.get(value);
    if (kept !== undefined) return kept;
    this.texts.set(value, value);
    return value;
  }

  /** Drops dead slots: every live record moves to a new, dense slot. */
  private compact() {
    const moved = new Int32Array(this.ids.length).fill(-1);
    let next = 0;
    for (let slot = 0; slot < this.ids.length; slot += 1) if (this.state[slot] !== DEAD) moved[slot] = next++;
    const keep = <T>(list: T[]) => list.filter((_, slot) => moved[slot] >= 0);
    for (const [field, column] of this.columns) this.columns.set(field, keep(column));
    this.createdAt = keep(this.createdAt);
    this.updatedAt = keep(this.updatedAt);
    this.ids = keep(this.ids);
    const state = new Uint8Array(Math.max(1024, this.ids.length * 2));
    for (let slot = 0; slot < moved.length; slot += 1) if (moved[slot] >= 0) state[moved[slot]] = this.state[slot];
    this.state = state;
    this.slotOf = new Map(this.ids.map((id, slot) => [id, slot]));
    for (const [word, list] of this.postings) {
      const kept = list.map((slot) => moved[slot]).filter((slot) => slot >= 0);
      if (kept.length) this.postings.set(word, kept);
      else this.postings.delete(word);
    }
    this.lexicon = this.lexicon.filter((word) => this.postings.has(word));
    this.valuePostings.clear();
    this.vectors.clear();
    this.newWords = this.newWords.filter((word) => this.postings.has(word));
    this.dead = 0;
  }
}

const [DEAD, LIVE, BINNED] = [0, 1, 2];

function grown(state: Uint8Array) {
  const larger = new Uint8Array(state.length * 2);
  larger.set(state);
  return larger;
}

/** Files a slot under its value, or under each element of an array value (pick lists with several). */
function addValue(postings: Map<unknown, number[]>, value: unknown, slot: number) {
  for (const item of Array.isArray(value) ? value : [value]) {
    if (item === undefined || item === null || typeof item === 'object') continue;
    const list = postings.get(item);
    if (list) {
      if (list.at(-1) !== slot) list.push(slot);
    } else postings.set(item, [slot]);
  }
}

/** Vectors with a slot's value set, grown when the slot lies past their end. */
function withValue(vectors: Vectors, slot: number, value: unknown): Vectors {
  let { codes, numbers } = vectors;
  if (slot >= codes.length) {
    codes = new Int32Array(Math.max(1024, slot * 2));
    codes.set(vectors.codes);
    numbers = new Float64Array(codes.length).fill(Number.NaN);
    numbers.set(vectors.numbers);
  }
  const scalar = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
  let code = 0;
  if (scalar) {
    code = vectors.codeOf.get(value) ?? vectors.codeOf.size + 1;
    vectors.codeOf.set(value, code);
  }
  codes[slot] = code;
  numbers[slot] = typeof value === 'number' ? value : Number.NaN;
  return { codes, codeOf: vectors.codeOf, numbers };
}

/** The slots of ascending lists, ascending and each once. */
function union(lists: number[][]): number[] {
  if (lists.length <= 1) return lists[0] ?? [];
  const all = Int32Array.from(lists.flat()).sort();
  return Array.from(all.filter((slot, at) => at === 0 || all[at - 1] !== slot));
}

/** The slots two ascending lists share. */
function intersect(a: number[], b: number[]): number[] {
  const shared: number[] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] < b[j]) i += 1;
    else if (a[i] > b[j]) j += 1;
    else {
      shared.push(a[i]);
      i += 1;
      j += 1;
    }
  }
  return shared;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The first position whose word is not before `word`. */
function lowerBound(sorted: string[], word: string) {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle] < word) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Positions 0…count-1, the first `wanted` of them in order: a full sort when most are wanted, else a
 * bounded max-heap that keeps the best `wanted` seen (a page of a large match costs count·log(wanted)).
 */
export function firstInOrder(count: number, wanted: number, order: (a: number, b: number) => number): number[] {
  if (wanted <= 0) return [];
  const all = Array.from({ length: count }, (_, position) => position);
  if (wanted * 4 >= count) return all.sort(order).slice(0, wanted);
  const heap: number[] = [];
  const swap = (i: number, j: number) => {
    const kept = heap[i];
    heap[i] = heap[j];
    heap[j] = kept;
  };
  for (const position of all) {
    if (heap.length === wanted) {
      if (order(position, heap[0]) >= 0) continue;
      heap[0] = position;
      for (let at = 0; ;) {
        const left = 2 * at + 1;
        const right = left + 1;
        let worst = at;
        if (left < wanted && order(heap[left], heap[worst]) > 0) worst = left;
        if (right < wanted && order(heap[right], heap[worst]) > 0) worst = right;
        if (worst === at) break;
        swap(at, worst);
        at = worst;
      }
    } else {
      heap.push(position);
      for (let at = heap.length - 1; at > 0 && order(heap[at], heap[(at - 1) >> 1]) > 0; at = (at - 1) >> 1) {
        swap(at, (at - 1) >> 1);
      }
    }
  }
  return heap.sort(order);
}
