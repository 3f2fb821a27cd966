import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CATEGORY_MESSAGES,
  CATEGORY_PAGE_PREFIX,
  categoryPagePath,
  categorySlugOf,
  type CategoryPage,
} from '@tradeloop/contracts/market-category';
import type { Db } from '../../db/client.ts';
import { rowsOf, sqlList } from '../../db/sql.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { escapeHtml, type PageHead } from '../../platform/web.ts';
import { categoryTree, pathOf, type Tree } from '../catalog/public.ts';
import { marketListings } from './tables.ts';

/* Category pages (decision 051): the category, its trail, its sub-categories with counts. */

type Row = Tree['rows'][number];

const trailPath = (tree: Tree, row: Row) => categoryPagePath(pathOf(tree, row.id).map((entry) => entry.slug));
const link = (tree: Tree, row: Row) => ({ id: row.id, name: row.name, slug: row.slug, path: trailPath(tree, row) });

/** Public products in each category's subtree (`category_ids` holds every ancestor) and its sellers. */
async function counts(db: Db, category: number, ids: number[]) {
  const [perCategory, sellers] = await Promise.all([
    db.execute(sql`
      select c::int as id, count(*)::int as total
      from ${marketListings}, unnest(${marketListings.categoryIds}) as c
      where ${marketListings.categoryIds} && array[${sqlList(ids)}]::int[] and c in (${sqlList(ids)})
      group by c`),
    db.execute(sql`
      select count(distinct ${marketListings.companyId})::int as total
      from ${marketListings} where ${marketListings.categoryIds} && array[${category}]::int[]`),
  ]);
  const byId = new Map(
    rowsOf<{ id: number; total: number }>(perCategory).map((row) => [Number(row.id), Number(row.total)]),
  );
  return { byId, suppliers: Number(rowsOf<{ total: number }>(sellers)[0]?.total ?? 0) };
}

function describe(row: Row, trail: Row[], products: number, suppliers: number, children: Row[]) {
  const within = trail.length > 1 ? ` in ${trail[trail.length - 2].name}` : '';
  const kinds = children.length
    ? ` Browse ${children
        .map((child) => child.name)
        .slice(0, 4)
        .join(', ')} and more.`
    : '';
  const offer =
    products > 0
      ? `${products.toLocaleString('en')} product${products === 1 ? '' : 's'} from ${suppliers.toLocaleString('en')} verified supplier${suppliers === 1 ? '' : 's'}`
      : 'Products from verified suppliers';
  return `${row.name}${within} on TradeLoop: ${offer}. Compare prices, filter by country and company type, and request quotes.${kinds}`;
}

/** GET front/category/{slug}: the category a page shows; 404 for a slug no category has. */
export async function categoryPage(db: Db, slug: string): Promise<CategoryPage> {
  const tree = await categoryTree(db);
  const row = tree.rows.find((entry) => entry.slug === slug.toLowerCase());
  if (!row) throw notFound(CATEGORY_MESSAGES.notFound);
  const trail = pathOf(tree, row.id);
  const children = tree.children.get(row.id) ?? [];
  const { byId, suppliers } = await counts(db, row.id, [row.id, ...children.map((child) => child.id)]);
  const products = byId.get(row.id) ?? 0;
  return {
    category: {
      ...link(tree, row),
      description: describe(row, trail, products, suppliers, children),
      image: row.image,
      products_count: products,
      suppliers_count: suppliers,
    },
    breadcrumbs: trail.map((entry) => link(tree, entry)),
    sub_categories: children.map((child) => ({ ...link(tree, child), products_count: byId.get(child.id) ?? 0 })),
  };
}

/** The pages of the categories with public products, each top category before its own, for the sitemap. */
export async function categoryPagePaths(db: Db): Promise<string[]> {
  const [tree, result] = await Promise.all([
    categoryTree(db),
    db.execute(sql`select distinct c::int as id from ${marketListings}, unnest(${marketListings.categoryIds}) as c`),
  ]);
  const listed = new Set(rowsOf<{ id: number }>(result).map((row) => Number(row.id)));
  const paths: string[] = [];
  const visit = (parent: number | null) => {
    for (const row of tree.children.get(parent) ?? []) {
      if (!listed.has(row.id)) continue;
      paths.push(trailPath(tree, row));
      visit(row.id);
    }
  };
  visit(null);
  return paths;
}

const NOT_FOUND_HEAD: PageHead = {
  status: 404,
  title: 'Category not found | TradeLoop',
  description: CATEGORY_MESSAGES.notFound,
  head: '  <meta name="robots" content="noindex" />',
};

/** The head of a /category/… page: title, description, canonical (the whole trail) and Open Graph. */
export function categoryHeadRenderer(app: FastifyInstance) {
  return async (request: FastifyRequest): Promise<PageHead | null> => {
    const slug = categorySlugOf(request.url.split('?')[0].slice(CATEGORY_PAGE_PREFIX.length));
    if (!slug) return NOT_FOUND_HEAD;
    try {
      const page = await categoryPage(app.db, slug);
      const canonical = `${app.config.publicUrl}${page.category.path}`;
      const title = `${page.category.name} | Manufacturers & Suppliers | TradeLoop`;
      const meta = (property: string, content: string) =>
        `<meta property="${property}" content="${escapeHtml(content)}" />`;
      const tags = [
        `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
        meta('og:type', 'website'),
        meta('og:site_name', 'TradeLoop'),
        meta('og:title', title),
        meta('og:description', page.category.description),
        meta('og:url', canonical),
        '<meta name="twitter:card" content="summary" />',
      ];
      return { title, description: page.category.description, head: tags.map((tag) => `  ${tag}`).join('\n') };
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) return NOT_FOUND_HEAD;
      throw error;
    }
  };
}
