import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/sql.ts';
import { productCategories, products } from './tables.ts';

export type CatalogFigures = { total_products: number; total_brands: number; total_categories: number };
type Window = { from: Date; end: Date };

function ownProducts(companyId: number, createdBy: number | null): SQL {
  const own = createdBy === null ? sql`` : sql` and ${products.createdBy} = ${createdBy}`;
  return sql`${products.companyId} = ${companyId} and ${products.deletedAt} is null${own}`;
}

/** The ids of the company's live products (of one member's making), for other modules' figures. */
export function productIdsSql(companyId: number, createdBy: number | null): SQL {
  return sql`select ${products.id} from ${products} where ${ownProducts(companyId, createdBy)}`;
}

/**
 * total_products (live products), total_brands and total_categories (distinct brands and categories
 * of those products), over all products and over those created in the window (decision 042).
 */
export async function catalogFigures(db: Tx, companyId: number, window: Window, createdBy: number | null) {
  const inWindow = sql`${products.createdAt} >= ${window.from.toISOString()} and ${products.createdAt} < ${window.end.toISOString()}`;
  const [row] = rowsOf<Record<string, number>>(
    await db.execute(sql`
      select count(*)::int as products,
             count(distinct ${products.brandId})::int as brands,
             (select count(distinct ${productCategories.categoryId})::int from ${productCategories}
                where ${productCategories.productId} in (${productIdsSql(companyId, createdBy)})) as categories,
             (count(*) filter (where ${inWindow}))::int as p_products,
             (count(distinct ${products.brandId}) filter (where ${inWindow}))::int as p_brands,
             (select count(distinct ${productCategories.categoryId})::int from ${productCategories}
                where ${productCategories.productId} in (${productIdsSql(companyId, createdBy)} and ${inWindow})) as p_categories
      from ${products}
      where ${ownProducts(companyId, createdBy)}`),
  );
  const figures = (prefix: string): CatalogFigures => ({
    total_products: row[`${prefix}products`],
    total_brands: row[`${prefix}brands`],
    total_categories: row[`${prefix}categories`],
  });
  return { total: figures(''), period: figures('p_') };
}
