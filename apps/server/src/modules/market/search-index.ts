import type { ProductSearchBody } from '@tradeloop/contracts/market';
import type { SearchTerm } from './keywords.ts';
import {
  COLUMN_FACET_KEYS,
  COLUMN_FACETS,
  type ColumnFacet,
  type CompanyFacts,
  type Counts,
  type SearchRequest,
  type SearchRow,
} from './search-query.ts';

/**
 * The marketplace's search index, held in each server process (docs/decisions/020): every public
 * listing's filterable facts in columns (one typed array per fact, values coded as small integers)
 * and an inverted index from the lexemes of its search document to its slot. A search walks the
 * keyword's slots once and filters, counts every facet, ranks and pages them in memory, answering
 * what the SQL statement of search-sql.ts answers.
 */

/** What the index is given of a listing (market_listings, its document parsed). */
export type IndexedListing = {
  productId: number;
  companyId: number;
  sellerUserId: number | null;
  companyName: string;
  companySlug: string;
  brandId: number;
  brandName: string;
  categoryIds: number[];
  businessType: string;
  annualRevenue: string | null;
  condition: string | null;
  priceType: string;
  availability: string;
  manufacturerYear: number | null;
  memberType: string;
  countryCode: string | null;
  planType: string;
  priceMinUsd: number | null;
  createdAt: number;
  hasImage: boolean;
  /** Lexeme → weight units of its occurrences (see WEIGHT_UNITS). */
  lexemes: Map<string, number>;
};

/** A facet key's value of a listing, as the text SQL compares and groups. */
const FACET_VALUE: Record<ColumnFacet, (listing: IndexedListing) => string | null> = {
  brand: (l) => String(l.brandId),
  business_type: (l) => l.businessType,
  annual_revenue: (l) => l.annualRevenue,
  condition: (l) => l.condition,
  price_type: (l) => l.priceType,
  product_availability: (l) => l.availability,
  manufacturer_year: (l) => (l.manufacturerYear === null ? null : String(l.manufacturerYear)),
  member_type: (l) => l.memberType,
  search_by_country: (l) => l.countryCode,
  plan_type: (l) => l.planType,
};

/**
 * Relevance: each occurrence of a lexeme counts by the weight of where it stands (A name and pre-title,
 * B brand, model and categories, C options and supplier, D description), as ts_rank weighs them.
 */
const WEIGHT_UNITS = { A: 10, B: 4, C: 2, D: 1 } as const;
/** A posting packs its listing's slot and the lexeme's weight units (6 bits) into one small integer. */
const UNIT_BITS = 6;
const MAX_UNITS = (1 << UNIT_BITS) - 1;

/** Parses tsvector text (`'pump':1A,4B 'steel':3`) into lexeme → weight units. */
export function parseDocument(text: string): Map<string, number> {
  const lexemes = new Map<string, number>();
  for (const match of text.matchAll(/'((?:[^']|'')*)'(?::([0-9A-D,]+))?/g)) {
    const positions = match[2]?.split(',') ?? [''];
    let units = 0;
    for (const position of positions) {
      const weight = position.at(-1) as keyof typeof WEIGHT_UNITS;
      units += WEIGHT_UNITS[weight] ?? WEIGHT_UNITS.D;
    }
    lexemes.set(match[1].replace(/''/g, "'"), Math.min(MAX_UNITS, units));
  }
  return lexemes;
}

/** Values of one fact coded as small integers; 0 is "none" (SQL null). */
class Dictionary {
  readonly values: (string | null)[] = [null];
  private readonly codes = new Map<string, number>();

  code(value: string | null): number {
    if (value === null) return 0;
    let code = this.codes.get(value);
    if (code === undefined) this.codes.set(value, (code = this.values.push(value) - 1));
    return code;
  }

  /** A lookup table: 1 at the codes of the given values (values never seen have no code to match). */
  marks(values: readonly (string | number)[]): Uint8Array {
    const marks = new Uint8Array(this.values.length);
    for (const value of values) {
      const code = this.codes.get(String(value));
      if (code !== undefined) marks[code] = 1;
    }
    return marks;
  }
}

/** Typed arrays that double as slots are added. */
function grown<T extends Float64Array | Int32Array | Uint8Array>(array: T, capacity: number): T {
  const bigger = new (array.constructor as new (length: number) => T)(capacity);
  bigger.set(array);
  return bigger;
}

export class SearchIndex {
  private count = 0;
  private capacity = 1024;
  private slotOf = new Map<number, number>();
  private productIds = new Float64Array(this.capacity);
  private live = new Uint8Array(this.capacity);
  /** NaN where a listing has no seller user, no price. */
  private sellerUserIds = new Float64Array(this.capacity);
  private prices = new Float64Array(this.capacity);
  private createdAt = new Float64Array(this.capacity);
  private hasImage = new Uint8Array(this.capacity);
  private companyCodes = new Int32Array(this.capacity);
  private facetCodes = new Map(COLUMN_FACET_KEYS.map((key) => [key, new Int32Array(this.capacity)]));
  private categories: number[][] = [];
  private categoryLimit = 0;
  private readonly dictionaries = new Map(COLUMN_FACET_KEYS.map((key) => [key, new Dictionary()]));
  private readonly companyDictionary = new Dictionary();
  private postings = new Map<string, number[]>();
  private lexicon: string[] | null = null;
  private readonly brandNames = new Map<string, string>();
  /** Every company as its latest listing states it (the listings of a company all say the same). */
  private readonly companies = new Map<number, CompanyFacts>();
  /** Scratch space of the keyword match, one entry per slot. */
  private stamps = new Int32Array(this.capacity);
  private groupStamps = new Int32Array(this.capacity);
  private units = new Int32Array(this.capacity);
  private groupUnits = new Int32Array(this.capacity);
  private stamp = 0;

  get size() {
    return this.slotOf.size;
  }

  has(productId: number) {
    return this.slotOf.has(productId);
  }

  upsert(listing: IndexedListing) {
    this.remove(listing.productId);
    if (this.count === this.capacity) this.grow(this.capacity * 2);
    const slot = this.count++;
    this.slotOf.set(listing.productId, slot);
    this.productIds[slot] = listing.productId;
    this.live[slot] = 1;
    this.sellerUserIds[slot] = listing.sellerUserId ?? NaN;
    this.prices[slot] = listing.priceMinUsd ?? NaN;
    this.createdAt[slot] = listing.createdAt;
    this.hasImage[slot] = listing.hasImage ? 1 : 0;
    this.companyCodes[slot] = this.companyDictionary.code(String(listing.companyId));
    for (const key of COLUMN_FACET_KEYS) {
      this.facetCodes.get(key)![slot] = this.dictionaries.get(key)!.code(FACET_VALUE[key](listing));
    }
    this.categories[slot] = listing.categoryIds;
    for (const id of listing.categoryIds) this.categoryLimit = Math.max(this.categoryLimit, id + 1);
    this.brandNames.set(String(listing.brandId), listing.brandName);
    this.companies.set(listing.companyId, companyFacts(listing));
    for (const [lexeme, units] of listing.lexemes) {
      let posting = this.postings.get(lexeme);
      if (!posting) {
        this.postings.set(lexeme, (posting = []));
        this.lexicon = null;
      }
      posting.push((slot << UNIT_BITS) | units);
    }
  }

  remove(productId: number) {
    const slot = this.slotOf.get(productId);
    if (slot === undefined) return;
    this.live[slot] = 0;
    this.slotOf.delete(productId);
    if (this.count - this.slotOf.size > Math.max(1000, this.slotOf.size / 4)) this.compact();
  }

  private grow(capacity: number) {
    this.capacity = capacity;
    this.productIds = grown(this.productIds, capacity);
    this.live = grown(this.live, capacity);
    this.sellerUserIds = grown(this.sellerUserIds, capacity);
    this.prices = grown(this.prices, capacity);
    this.createdAt = grown(this.createdAt, capacity);
    this.hasImage = grown(this.hasImage, capacity);
    this.companyCodes = grown(this.companyCodes, capacity);
    for (const [key, codes] of this.facetCodes) this.facetCodes.set(key, grown(codes, capacity));
    this.stamps = grown(this.stamps, capacity);
    this.groupStamps = grown(this.groupStamps, capacity);
    this.units = new Int32Array(capacity);
    this.groupUnits = new Int32Array(capacity);
  }

  /** Drops removed listings from the columns and postings, renumbering the live ones. */
  private compact() {
    const renumbered = new Int32Array(this.count).fill(-1);
    let next = 0;
    for (let slot = 0; slot < this.count; slot += 1) {
      if (!this.live[slot]) continue;
      renumbered[slot] = next;
      this.productIds[next] = this.productIds[slot];
      this.sellerUserIds[next] = this.sellerUserIds[slot];
      this.prices[next] = this.prices[slot];
      this.createdAt[next] = this.createdAt[slot];
      this.hasImage[next] = this.hasImage[slot];
      this.companyCodes[next] = this.companyCodes[slot];
      for (const codes of this.facetCodes.values()) codes[next] = codes[slot];
      this.categories[next] = this.categories[slot];
      next += 1;
    }
    this.live.fill(1, 0, next);
    this.live.fill(0, next);
    this.categories.length = next;
    this.count = next;
    for (const [lexeme, posting] of this.postings) {
      const kept: number[] = [];
      for (const entry of posting) {
        const slot = renumbered[entry >>> UNIT_BITS];
        if (slot >= 0) kept.push((slot << UNIT_BITS) | (entry & MAX_UNITS));
      }
      if (kept.length) this.postings.set(lexeme, kept);
      else this.postings.delete(lexeme);
    }
    this.slotOf = new Map();
    for (let slot = 0; slot < next; slot += 1) this.slotOf.set(this.productIds[slot], slot);
    this.lexicon = null;
  }

  /** Postings of a term: the lexeme itself, or every lexeme it begins. */
  private postingsOf(term: SearchTerm): number[][] {
    if (!term.prefix) return [this.postings.get(term.lexeme) ?? []];
    this.lexicon ??= [...this.postings.keys()].sort();
    const found: number[][] = [];
    let low = 0;
    let high = this.lexicon.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.lexicon[middle] < term.lexeme) low = middle + 1;
      else high = middle;
    }
    for (let i = low; i < this.lexicon.length && this.lexicon[i].startsWith(term.lexeme); i += 1) {
      found.push(this.postings.get(this.lexicon[i])!);
    }
    return found;
  }

  /**
   * Slots matching the keyword: every group (or any, the fallback), a group by any of its terms. A
   * slot's relevance (in `units`) sums, per group, its best term's weight units; `stamps` marks how
   * many groups a slot has matched in this search.
   */
  private matchKeyword(groups: SearchTerm[][], anyGroup: boolean): number[] {
    if (this.stamp > 2 ** 30) {
      this.stamps.fill(0);
      this.groupStamps.fill(0);
      this.stamp = 0;
    }
    const { stamps, units, groupUnits } = this;
    const base = this.stamp + 1;
    this.stamp += groups.length + 1;
    let matched: number[] = [];
    groups.forEach((group, index) => {
      const touched = this.matchGroup(group);
      const through: number[] = [];
      for (const slot of touched) {
        if (anyGroup) {
          if (stamps[slot] !== base) {
            stamps[slot] = base;
            units[slot] = 0;
            matched.push(slot);
          }
          units[slot] += groupUnits[slot];
        } else if (index === 0 || stamps[slot] === base + index) {
          if (index === 0) units[slot] = 0;
          stamps[slot] = base + index + 1;
          units[slot] += groupUnits[slot];
          through.push(slot);
        }
      }
      if (!anyGroup) matched = through;
    });
    return matched;
  }

  /** Slots of a group's terms, each once, with its best term's weight units in `groupUnits`. */
  private matchGroup(group: SearchTerm[]): number[] {
    const { groupStamps, groupUnits } = this;
    const postings = group.flatMap((term) => this.postingsOf(term));
    const touched: number[] = [];
    if (postings.length === 1) {
      // One lexeme: its posting holds each slot once.
      for (const entry of postings[0]) {
        groupUnits[entry >>> UNIT_BITS] = entry & MAX_UNITS;
        touched.push(entry >>> UNIT_BITS);
      }
      return touched;
    }
    const inGroup = ++this.stamp;
    for (const posting of postings) {
      for (const entry of posting) {
        const slot = entry >>> UNIT_BITS;
        const weight = entry & MAX_UNITS;
        if (groupStamps[slot] !== inGroup) {
          groupStamps[slot] = inGroup;
          groupUnits[slot] = weight;
          touched.push(slot);
        } else if (weight > groupUnits[slot]) groupUnits[slot] = weight;
      }
    }
    return touched;
  }

  search(request: SearchRequest, popularity: ReadonlyMap<number, number>): SearchRow {
    const { body } = request;
    const keyword = request.plan.groups;
    const counter = new FacetCounter(this.columns(), request);
    const seller = body.seller_id ?? null;
    const { live, sellerUserIds, companyCodes } = this;
    const companies = request.companyIds === null ? null : this.companyDictionary.marks(request.companyIds);
    const visit = (slot: number) => {
      if (
        live[slot] &&
        (seller === null || sellerUserIds[slot] === seller) &&
        (companies === null || companies[companyCodes[slot]] === 1)
      )
        counter.visit(slot);
    };
    if (keyword) for (const slot of this.matchKeyword(keyword, request.anyGroup)) visit(slot);
    else for (let slot = 0; slot < this.count; slot += 1) visit(slot);

    const { filtered } = counter;
    const offset = (body.page - 1) * body.per_page;
    const page = filtered.sort(this.comparator(body.sort, keyword !== null)).slice(offset, offset + body.per_page);
    return {
      total: filtered.length,
      page_ids: page.map((slot) => this.productIds[slot]),
      ...counter.counts((key, tally, own) => this.facetCounts(key, tally, own)),
      big_post: body.page === 1 ? this.bigPost(filtered, popularity) : null,
      companies: this.companies,
    };
  }

  private columns(): Columns {
    return {
      facetCodes: this.facetCodes,
      dictionaries: this.dictionaries,
      companyCodes: this.companyCodes,
      companyCount: this.companyDictionary.values.length,
      prices: this.prices,
      categories: this.categories,
      categoryLimit: this.categoryLimit,
    };
  }

  /** Option counts of a facet key: `k` names the column for grouped counts, as the SQL's grouping sets do. */
  facetCounts(key: ColumnFacet | 'company', tally: Int32Array, own: boolean): Counts {
    const dictionary = key === 'company' ? this.companyDictionary : this.dictionaries.get(key)!;
    const k = key === 'company' ? 'company_id' : own ? key : COLUMN_FACETS[key];
    const counts: Counts = [];
    tally.forEach((n, code) => {
      if (n === 0 || code === 0) return;
      const v = dictionary.values[code]!;
      counts.push({ k, v, n, label: key === 'brand' ? (this.brandNames.get(v) ?? null) : null });
    });
    return counts;
  }

  /** The SQL's orders: prices with nulls last either way, ties broken by product id. */
  private comparator(sort: ProductSearchBody['sort'], hasKeyword: boolean): (a: number, b: number) => number {
    const { prices, productIds, createdAt, units } = this;
    const newest = (a: number, b: number) => createdAt[b] - createdAt[a] || productIds[b] - productIds[a];
    const byPrice = (direction: 1 | -1) => (a: number, b: number) => {
      const nullsLast = (Number.isNaN(prices[a]) ? 1 : 0) - (Number.isNaN(prices[b]) ? 1 : 0);
      if (nullsLast || Number.isNaN(prices[a])) return nullsLast || direction * (productIds[a] - productIds[b]);
      return direction * (prices[a] - prices[b]) || direction * (productIds[a] - productIds[b]);
    };
    switch (sort) {
      case 'price_asc':
        return byPrice(1);
      case 'price_desc':
        return byPrice(-1);
      case 'newest':
        return newest;
      case 'relevance':
        return hasKeyword ? (a, b) => units[b] - units[a] || newest(a, b) : newest;
    }
  }

  /** The most popular filtered listing with a picture (views, wishes and quotes), as `big_post`. */
  private bigPost(filtered: number[], popularity: ReadonlyMap<number, number>): number | null {
    let best: number | null = null;
    let bestScore = -Infinity;
    for (const slot of filtered) {
      const id = this.productIds[slot];
      const score = popularity.get(id);
      if (!this.hasImage[slot] || score === undefined) continue;
      if (score > bestScore || (score === bestScore && id < best!)) {
        best = id;
        bestScore = score;
      }
    }
    return best;
  }
}

/** The index's columns a search counts over. */
type Columns = {
  facetCodes: Map<ColumnFacet, Int32Array>;
  dictionaries: Map<ColumnFacet, Dictionary>;
  companyCodes: Int32Array;
  companyCount: number;
  prices: Float64Array;
  categories: number[][];
  categoryLimit: number;
};

const NONE = -1;
const PRICE = -2;
const CATEGORY = -3;

/**
 * Filters the slots a search visits and counts every facet: a listing that every filter lets through
 * is kept and counts everywhere; one that every filter but one lets through counts in that filter's
 * options only (how many it would add). Columns are read straight from typed arrays: this loop is
 * what a search costs.
 */
class FacetCounter {
  readonly filtered: number[] = [];
  private readonly active: { key: ColumnFacet; codes: Int32Array; marks: Uint8Array; tally: Int32Array }[] = [];
  private readonly passive: { key: ColumnFacet; codes: Int32Array; tally: Int32Array }[] = [];
  private readonly companyTally: Int32Array;
  private readonly priceBounds: { min: number; max: number } | null;
  private readonly priceRange = { min: null as number | null, max: null as number | null };
  private readonly wantedCategories: Uint8Array | null;
  private readonly shownCategories: Uint8Array;
  private readonly categoryTally: Int32Array;
  private readonly columns: Columns;

  constructor(columns: Columns, request: SearchRequest) {
    const { body, usdBounds } = request;
    this.columns = columns;
    for (const key of COLUMN_FACET_KEYS) {
      const codes = columns.facetCodes.get(key)!;
      const dictionary = columns.dictionaries.get(key)!;
      const tally = new Int32Array(dictionary.values.length);
      const chosen = body[key];
      if (chosen?.length) this.active.push({ key, codes, tally, marks: dictionary.marks(chosen) });
      else this.passive.push({ key, codes, tally });
    }
    this.companyTally = new Int32Array(columns.companyCount);
    this.priceBounds =
      usdBounds.min !== null || usdBounds.max !== null
        ? { min: usdBounds.min ?? -Infinity, max: usdBounds.max ?? Infinity }
        : null;
    const marks = (ids: number[]) => {
      const marked = new Uint8Array(columns.categoryLimit);
      for (const id of ids) if (id < columns.categoryLimit) marked[id] = 1;
      return marked;
    };
    this.wantedCategories = body.categories?.length ? marks(body.categories) : null;
    this.shownCategories = marks(request.categoryIds);
    this.categoryTally = new Int32Array(columns.categoryLimit);
  }

  visit(slot: number) {
    const { active, priceBounds, wantedCategories } = this;
    let failed = NONE;
    for (let i = 0; i < active.length; i += 1) {
      if (active[i].marks[active[i].codes[slot]] === 1) continue;
      if (failed !== NONE) return;
      failed = i;
    }
    if (priceBounds) {
      // NaN (no price) fails both comparisons.
      const price = this.columns.prices[slot];
      if (!(price >= priceBounds.min && price <= priceBounds.max)) {
        if (failed !== NONE) return;
        failed = PRICE;
      }
    }
    if (wantedCategories && !this.columns.categories[slot].some((id) => wantedCategories[id] === 1)) {
      if (failed !== NONE) return;
      failed = CATEGORY;
    }
    if (failed >= 0) active[failed].tally[active[failed].codes[slot]] += 1;
    else if (failed === PRICE) this.countPrice(slot);
    else if (failed === CATEGORY) this.countCategories(slot);
    else this.keep(slot);
  }

  private keep(slot: number) {
    this.filtered.push(slot);
    for (const column of this.active) column.tally[column.codes[slot]] += 1;
    for (const column of this.passive) column.tally[column.codes[slot]] += 1;
    this.companyTally[this.columns.companyCodes[slot]] += 1;
    this.countPrice(slot);
    this.countCategories(slot);
  }

  private countPrice(slot: number) {
    const price = this.columns.prices[slot];
    if (Number.isNaN(price)) return;
    const range = this.priceRange;
    if (range.min === null || price < range.min) range.min = price;
    if (range.max === null || price > range.max) range.max = price;
  }

  private countCategories(slot: number) {
    for (const id of this.columns.categories[slot]) if (this.shownCategories[id] === 1) this.categoryTally[id] += 1;
  }

  counts(
    facetCounts: (key: ColumnFacet | 'company', tally: Int32Array, own: boolean) => Counts,
  ): Pick<SearchRow, 'grouped' | 'own' | 'categories' | 'price'> {
    const categories: Counts = [];
    this.categoryTally.forEach((n, id) => {
      if (n > 0) categories.push({ k: 'categories', v: String(id), label: null, n });
    });
    return {
      grouped: [
        ...this.passive.flatMap((column) => facetCounts(column.key, column.tally, false)),
        ...facetCounts('company', this.companyTally, false),
      ],
      own: Object.fromEntries(this.active.map((column) => [column.key, facetCounts(column.key, column.tally, true)])),
      categories,
      price: this.priceRange,
    };
  }
}

function companyFacts(listing: IndexedListing): CompanyFacts {
  return {
    company_id: listing.companyId,
    seller_user_id: listing.sellerUserId,
    company_name: listing.companyName,
    company_slug: listing.companySlug,
    business_type: listing.businessType,
    country_code: listing.countryCode,
    member_type: listing.memberType,
    plan_type: listing.planType,
  };
}
