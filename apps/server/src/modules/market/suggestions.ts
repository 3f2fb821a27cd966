import { sql } from 'drizzle-orm';
import { MARKET_LIMITS, type Suggestions } from '@tradeloop/contracts/market';
import type { Db } from '../../db/client.ts';
import { categoryTree, escapeLike } from '../catalog/public.ts';
import { productUrlOf } from './listing.ts';
import { rowsOf } from '../../db/sql.ts';

/** Typed text that looks like a model code (a digit, or letters and a dash: "val-19", "xyl-"). */
function looksLikeCode(text: string): boolean {
  return /\d/.test(text) || /^\p{L}{1,5}-/u.test(text);
}

const isCode = (word: string) => /\d/.test(word);

/** A name's words, lower case, without model codes unless the visitor is typing one. */
function wordsOf(name: string, keepCodes: boolean): string[] {
  return name
    .toLowerCase()
    .split(/[^\p{L}\p{N}-]+/u)
    .filter((word) => word && (keepCodes || !isCode(word)));
}

/**
 * The keywords to offer (issue 42): what buyers searched before, then the words and phrases of the
 * catalogue's categories, brands and product names that complete what was typed, most frequent first.
 * Model codes ("val-1939") are offered only when the input looks like one.
 */
function completions(text: string, sources: { name: string; weight: number }[], searched: string[]): string[] {
  const keepCodes = looksLikeCode(text);
  const typed = wordsOf(text, true);
  const last = typed.at(-1) ?? '';
  const before = typed.slice(0, -1).join(' ');
  const words = new Map<string, number>();
  const phrases = new Map<string, number>();
  for (const { name, weight } of sources) {
    const nameWords = wordsOf(name, keepCodes);
    const phrase = nameWords.join(' ');
    for (const word of new Set(nameWords)) {
      if (!word.startsWith(last) || word === last) continue;
      const completed = before ? `${before} ${word}` : word;
      if (!before || phrase.includes(completed)) words.set(completed, (words.get(completed) ?? 0) + weight);
    }
    if (nameWords.length > typed.length && (` ${phrase}`.includes(` ${text}`) || phrase.includes(` ${last}`))) {
      phrases.set(phrase, (phrases.get(phrase) ?? 0) + weight);
    }
  }
  const byCount = (counts: Map<string, number>) =>
    [...counts].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length || a[0].localeCompare(b[0])).map(([w]) => w);
  return [
    ...searched.filter((term) => keepCodes || !wordsOf(term, true).some(isCode)),
    ...byCount(words),
    ...byCount(phrases),
  ];
}

/**
 * Autocomplete for the search box: keywords (see `completions`), product names and categories that
 * start with, contain or look like (trigram word similarity, so typos still suggest) what was typed.
 */
export async function suggest(db: Db, typed: string): Promise<Suggestions> {
  const text = typed.trim().toLowerCase().slice(0, MARKET_LIMITS.keyword);
  const prefix = `${escapeLike(text)}%`;
  const contains = `%${escapeLike(text)}%`;
  const searches = await db.execute(sql`
    select term from market_search_terms
    where term like ${prefix} or term % ${text}
    order by (term like ${prefix}) desc, searches desc, term limit 5`);
  const products = await db.execute(sql`
    select product_id, name, slug, category_name, brand_name, company_slug from market_listings
    where name ilike ${contains} or ${text} <% name
    order by (name ilike ${prefix}) desc, word_similarity(${text}, name) desc, product_id desc
    limit ${MARKET_LIMITS.suggestions}`);
  // The names whose words complete the text, for the keywords: a sample of at most 500 is enough to rank them.
  const named = await db.execute(sql`
    select name, category_name, brand_name from market_listings
    where name ilike ${contains} or category_name ilike ${contains} or brand_name ilike ${contains}
    limit 500`);
  const productRows = rowsOf<{
    product_id: number;
    name: string;
    slug: string;
    category_name: string | null;
    brand_name: string;
    company_slug: string;
  }>(products);
  const tree = await categoryTree(db);
  const categories = tree.rows
    .filter((row) => row.name.toLowerCase().includes(text))
    .sort((a, b) => Number(!a.name.toLowerCase().startsWith(text)) - Number(!b.name.toLowerCase().startsWith(text)))
    .slice(0, 5)
    .map((row) => ({ id: row.id, name: row.name, slug: row.slug }));
  const sources = [
    ...categories.map((category) => ({ name: category.name, weight: 20 })),
    ...rowsOf<{ name: string; category_name: string | null; brand_name: string }>(named).flatMap((row) => [
      { name: row.name, weight: 1 },
      { name: row.category_name ?? '', weight: 1 },
      { name: row.brand_name, weight: 1 },
    ]),
  ];
  const searched = rowsOf<{ term: string }>(searches).map((row) => row.term);
  // A misspelt text completes nothing: the names that look like it are offered instead.
  const fallback = productRows.map((row) => wordsOf(row.name, looksLikeCode(text)).join(' '));
  return {
    keywords: [...new Set([...completions(text, sources, searched), ...fallback])]
      .filter(Boolean)
      .slice(0, MARKET_LIMITS.suggestions),
    products: productRows.slice(0, 5).map((row) => ({
      id: Number(row.product_id),
      name: row.name,
      product_url: productUrlOf({
        slug: row.slug,
        categoryName: row.category_name,
        brandName: row.brand_name,
        companySlug: row.company_slug,
      }),
    })),
    categories,
  };
}
