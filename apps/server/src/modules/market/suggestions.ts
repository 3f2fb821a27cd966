import { sql } from 'drizzle-orm';
import { MARKET_LIMITS, type Suggestions } from '@tradeloop/contracts/market';
import type { Db } from '../../db/client.ts';
import { categoryTree, escapeLike } from '../catalog/taxonomy-service.ts';
import { productUrlOf } from './listing.ts';
import { rowsOf } from '../../db/sql.ts';

/**
 * Autocomplete for the search box: popular searches, product names and categories that start
 * with, contain or look like (trigram word similarity, so typos still suggest) what was typed.
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
  const names = productRows.map((row) => row.name.toLowerCase());
  return {
    keywords: [...new Set([...rowsOf<{ term: string }>(searches).map((row) => row.term), ...names])].slice(
      0,
      MARKET_LIMITS.suggestions,
    ),
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
