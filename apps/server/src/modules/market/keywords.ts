import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlList, rowsOf } from '../../db/sql.ts';

/**
 * Typo-tolerant keywords (docs/decisions/012). Each word of the keyword is looked up in the
 * vocabulary of product names, brands, categories and suppliers (market_search_words). A word
 * the vocabulary does not know is searched together with its nearest known words by trigram
 * similarity (pg_trgm), so "centrifugl pump" still finds centrifugal pumps; an unknown last word
 * also matches as a prefix, for search-as-you-type.
 */

const MAX_WORDS = 8;
const ALTERNATIVES = 3;

/** A lexeme of the search documents (English stemming), matched whole or as a prefix. */
export type SearchTerm = { lexeme: string; prefix: boolean };

export type KeywordPlan = {
  /**
   * Every group must match (AND), any term of a group may (OR): a word with its corrections. Null
   * when the keyword has no searchable word; the fallback, when all groups together find nothing,
   * is any group.
   */
  groups: SearchTerm[][] | null;
  /** A to_tsquery('english', …) text of the same groups, for the SQL search (search-sql.ts). */
  query: string | null;
  /** The same words joined with OR: the SQL search's fallback. */
  anyQuery: string | null;
  corrected: string | null;
  terms: string[];
  words: string[];
};

/** Lower-case words of letters and digits; everything else separates words. */
export function wordsOf(keyword: string): string[] {
  return keyword
    .toLowerCase()
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0 && word.length <= 40)
    .slice(0, MAX_WORDS);
}

type WordInfo = { term: string; known: boolean; alternatives: string[] | null };

/**
 * What the vocabulary says of a word changes only when products with new words are saved; each
 * process keeps an answer for a minute (a bounded number of words).
 */
const WORD_TTL_MS = 60_000;
const MAX_CACHED_WORDS = 5000;
const wordCaches = new WeakMap<Db, Map<string, { at: number; info: WordInfo }>>();

async function lookUp(db: Db, words: string[]): Promise<WordInfo[]> {
  let cache = wordCaches.get(db);
  if (!cache) wordCaches.set(db, (cache = new Map()));
  const now = Date.now();
  const fresh = (word: string) => {
    const hit = cache.get(word);
    return hit && now - hit.at < WORD_TTL_MS ? hit.info : undefined;
  };
  const missing = [...new Set(words.filter((word) => !fresh(word)))];
  if (missing.length) {
    if (cache.size > MAX_CACHED_WORDS) cache.clear();
    for (const info of await queryWords(db, missing)) cache.set(info.term, { at: now, info });
  }
  return words.map((word) => fresh(word) ?? { term: word, known: false, alternatives: null });
}

async function queryWords(db: Db, words: string[]): Promise<WordInfo[]> {
  const result = await db.execute(sql`
    select t.term,
      exists (select 1 from market_search_words w where w.word = t.term) as known,
      (select array_agg(x.word order by x.score desc, x.word)
         from (select w.word, similarity(w.word, t.term) as score
               from market_search_words w
               where length(t.term) >= 3 and w.word % t.term
               order by score desc, w.word
               limit ${ALTERNATIVES}) x) as alternatives
    from unnest(array[${sqlList(words)}]::text[]) as t(term)`);
  return rowsOf<WordInfo>(result);
}

/**
 * The lexemes the search documents hold for each word (to_tsvector('english'): stemmed, a stop word
 * has none). They depend on the word alone, so a process keeps them (a bounded number of words).
 */
const stemCache = new Map<string, string[]>();

async function stemsOf(db: Db, words: string[]): Promise<Map<string, string[]>> {
  const missing = [...new Set(words.filter((word) => !stemCache.has(word)))];
  if (missing.length) {
    if (stemCache.size > MAX_CACHED_WORDS) stemCache.clear();
    const result = await db.execute(sql`
      select t.term, array(select lexeme from unnest(to_tsvector('english', t.term))) as lexemes
      from unnest(array[${sqlList(missing)}]::text[]) as t(term)`);
    for (const row of rowsOf<{ term: string; lexemes: string[] }>(result)) stemCache.set(row.term, row.lexemes);
  }
  return new Map(words.map((word) => [word, stemCache.get(word) ?? []]));
}

/** A lexeme quoted for to_tsquery: only letters and digits reach here, so quoting is enough. */
const quoted = (word: string) => `'${word.replace(/'/g, '')}'`;

export async function planKeyword(db: Db, keyword: string | undefined): Promise<KeywordPlan> {
  const words = keyword ? wordsOf(keyword) : [];
  if (words.length === 0) return { groups: null, query: null, anyQuery: null, corrected: null, terms: [], words };
  const infos = await lookUp(db, words);
  const byTerm = new Map(infos.map((info) => [info.term, info]));
  let changed = false;
  const groups = words.map((word, index) => {
    const info = byTerm.get(word);
    const alternatives = info && !info.known ? (info.alternatives ?? []) : [];
    if (alternatives.length) changed = true;
    const last = index === words.length - 1;
    // A last word the vocabulary does not know is probably still being typed: match it as a prefix.
    const prefix = last && !info?.known && word.length >= 2;
    return {
      best: alternatives[0] ?? word,
      prefix,
      alternatives: [prefix ? `${quoted(word)}:*` : quoted(word), ...alternatives.map(quoted)],
      raw: [word, ...alternatives],
    };
  });
  const stems = await stemsOf(
    db,
    groups.flatMap((group) => group.raw),
  );
  const searchGroups = groups
    .map((group) =>
      group.raw.flatMap((word, index) =>
        stems.get(word)!.map((lexeme) => ({ lexeme, prefix: index === 0 && group.prefix })),
      ),
    )
    .filter((terms) => terms.length > 0);
  const grouped = groups.map((group) => `(${group.alternatives.join(' | ')})`);
  return {
    groups: searchGroups,
    query: grouped.join(' & '),
    anyQuery: groups.length > 1 ? grouped.join(' | ') : null,
    corrected: changed ? groups.map((group) => group.best).join(' ') : null,
    terms: [...new Set(groups.flatMap((group) => group.raw))],
    words,
  };
}
