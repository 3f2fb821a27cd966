import { and, asc, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PriceTier } from '@tradeloop/contracts/catalog';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { imageUrls } from './images.ts';
import { productImages, productPriceTiers, products } from './tables.ts';

export type ProductRow = typeof products.$inferSelect;

/**
 * A product of the company, not deleted. Another company's product answers exactly like a
 * missing one (404). With forUpdate the row stays locked until the transaction ends, so two saves
 * of one product run one after the other.
 */
export async function ownedProduct(
  db: Tx,
  companyId: number,
  productId: number,
  options: { forUpdate?: boolean; includeDeleted?: boolean } = {},
): Promise<ProductRow> {
  const query = db
    .select()
    .from(products)
    .where(
      and(
        eq(products.id, productId),
        eq(products.companyId, companyId),
        options.includeDeleted ? undefined : isNull(products.deletedAt),
      ),
    );
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

export async function tiersOf(db: Tx, productId: number): Promise<PriceTier[]> {
  const rows = await db
    .select()
    .from(productPriceTiers)
    .where(eq(productPriceTiers.productId, productId))
    .orderBy(asc(productPriceTiers.position));
  return rows.map((row) => ({ min: row.minQty, max: row.maxQty, per_unit: row.perUnit }));
}

/** The product's own price for an order of `quantity`: the fixed price, or the tier that covers it. */
export function basePrice(product: Pick<ProductRow, 'priceType' | 'unitPrice'>, tiers: PriceTier[], quantity: number) {
  if (product.priceType === 'fixed') return product.unitPrice ?? 0;
  if (tiers.length === 0) return 0;
  const ordered = [...tiers].sort((a, b) => a.min - b.min);
  const covering = ordered.find((tier) => quantity >= tier.min && quantity <= tier.max);
  if (covering) return covering.per_unit;
  return quantity < ordered[0].min ? ordered[0].per_unit : ordered[ordered.length - 1].per_unit;
}

/** The first product of the company with exactly this name (deleted ones too), or undefined. */
export async function productNamed(db: Tx, companyId: number, name: string) {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.companyId, companyId), eq(products.name, name)));
  return row;
}

/** True when `id` holds the id of a product (deleted or not), for another module's SQL. */
export const productExistsSql = (id: SQLWrapper): SQL =>
  sql`exists (${sql`select 1 from ${products} where ${products.id} = ${id}`})`;

/** Owner company and name of each product (deleted ones too), for another module (tracking). */
export async function productOwners(db: Tx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: products.id, companyId: products.companyId, name: products.name, preTitle: products.preTitleName })
    .from(products)
    .where(inArray(products.id, [...new Set(ids)]));
}

/**
 * The company's products (not deleted) among `ids`, with their name, status and first image, in the
 * order of `ids`: another module (promotion) checks an ad's products and shows them with it.
 */
export async function companyProductSummaries(db: Tx, companyId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      status: products.status,
      image: sql<
        string | null
      >`(select ${productImages.storageKey} || '|' || ${productImages.mime} from ${productImages}
        where ${productImages.productId} = ${products.id} order by ${productImages.position}, ${productImages.id} limit 1)`,
    })
    .from(products)
    .where(and(eq(products.companyId, companyId), isNull(products.deletedAt), inArray(products.id, [...new Set(ids)])));
  const byId = new Map(
    rows.map((row) => {
      const [key, mime] = row.image?.split('|') ?? [];
      return [
        row.id,
        { id: row.id, name: row.name, status: row.status, main_image: key ? imageUrls(key, mime).thumb : null },
      ];
    }),
  );
  return ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
}
