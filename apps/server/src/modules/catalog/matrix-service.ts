import { and, asc, count, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CATALOG_MESSAGES,
  combinationsOf,
  type ChoiceOption,
  type MatrixRow,
  type MatrixUpdate,
  type matrixDeleteBodySchema,
  type matrixListBodySchema,
} from '@tradeloop/contracts/catalog';
import type { Tx } from '../../db/client.ts';
import { sqlList } from '../../db/sql.ts';
import { invalid, notFound, requireAllFound } from '../../platform/errors.ts';
import { ownedProduct } from './product-access.ts';
import { productImages, productVariations, products } from './tables.ts';
import { escapeLike } from './taxonomy-service.ts';

type VariationRow = typeof productVariations.$inferSelect;

/** Rows per statement: well under PostgreSQL's 65,535 parameters. */
const CHUNK = 2000;

export function toMatrixRow(row: VariationRow): MatrixRow {
  return {
    id: row.id,
    value: row.value,
    price: row.price,
    images: row.imageIds,
    is_default: row.isDefault,
    status: row.status,
  };
}

/** One statement per chunk of rows (an insert, a delete by ids): a statement's parameters are limited. */
export async function inChunks<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>, size = CHUNK) {
  for (let start = 0; start < rows.length; start += size) await write(rows.slice(start, start + size));
}

/** The matrix of new products: every combination, the first one default. */
export function newVariationRows(productId: number, options: ChoiceOption[]) {
  return combinationsOf(options).map((value, position) => ({
    productId,
    value,
    position,
    isDefault: position === 0,
    status: 'active' as const,
  }));
}

/**
 * After the attributes change: rows of combinations that remain keep their price, images, status
 * and default; rows of combinations that are gone go; combinations that are new appear. A
 * combination the seller deleted stays deleted while the attributes that make it stay.
 */
export async function syncVariations(tx: Tx, productId: number, before: ChoiceOption[], after: ChoiceOption[]) {
  await syncVariationsOf(tx, [{ productId, before, after }]);
}

/**
 * syncVariations for many products in a few statements whatever their number (an import's batch): the
 * rows of all of them read at once, and one statement each to delete, insert, reorder and set defaults.
 */
export async function syncVariationsOf(
  tx: Tx,
  items: { productId: number; before: ChoiceOption[]; after: ChoiceOption[] }[],
) {
  if (items.length === 0) return;
  const productIds = items.map((item) => item.productId);
  const existing = await tx
    .select({ id: productVariations.id, productId: productVariations.productId, value: productVariations.value })
    .from(productVariations)
    .where(inArray(productVariations.productId, productIds));
  const existingOf = new Map<number, typeof existing>();
  for (const row of existing) {
    const rows = existingOf.get(row.productId);
    if (rows) rows.push(row);
    else existingOf.set(row.productId, [row]);
  }
  const stale: number[] = [];
  const added: (typeof productVariations.$inferInsert)[] = [];
  const positions: { product_id: number; value: string; position: number }[] = [];
  for (const { productId, before, after } of items) {
    const wanted = combinationsOf(after);
    const wantedSet = new Set(wanted);
    const previous = new Set(combinationsOf(before));
    const rows = existingOf.get(productId) ?? [];
    for (const row of rows) if (!wantedSet.has(row.value)) stale.push(row.id);
    const have = new Set(rows.map((row) => row.value));
    wanted.forEach((value, position) => {
      positions.push({ product_id: productId, value, position });
      if (!have.has(value) && !previous.has(value)) added.push({ productId, value, position, status: 'active' });
    });
  }
  await inChunks(stale, (chunk) => tx.delete(productVariations).where(inArray(productVariations.id, chunk)));
  await inChunks(added, (chunk) => tx.insert(productVariations).values(chunk));
  await tx.execute(sql`
    update ${productVariations} v set position = x.position
    from jsonb_to_recordset(${JSON.stringify(positions)}::jsonb) as x(product_id bigint, value text, position int)
    where v.product_id = x.product_id and v.value = x.value and v.position <> x.position`);
  await ensureDefaults(tx, productIds);
}

/** Exactly one default while a product has combinations: the first active one when none is. */
async function ensureDefaults(tx: Tx, productIds: number[]) {
  await tx.execute(sql`
    update ${productVariations} set is_default = true, status = 'active'
    where id in (
      select distinct on (v.product_id) v.id from ${productVariations} v
      where v.product_id = any(array[${sqlList(productIds)}]::bigint[])
        and not exists (select 1 from ${productVariations} d where d.product_id = v.product_id and d.is_default)
      order by v.product_id, v.status = 'active' desc, v.position)`);
}

export async function listMatrix(db: Tx, companyId: number, body: z.infer<typeof matrixListBodySchema>) {
  await ownedProduct(db, companyId, body.product_id);
  const where = and(
    eq(productVariations.productId, body.product_id),
    body.search ? ilike(productVariations.value, `%${escapeLike(body.search)}%`) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(productVariations).where(where);
  const rows = await db
    .select()
    .from(productVariations)
    .where(where)
    .orderBy(asc(productVariations.position), asc(productVariations.id))
    .limit(body.per_page)
    .offset((body.page - 1) * body.per_page);
  return {
    data: rows.map(toMatrixRow),
    currentPage: body.page,
    lastPage: Math.max(1, Math.ceil(total / body.per_page)),
    perPage: body.per_page,
    total,
  };
}

/** Every variation of a product, in the matrix's order: pricing reads them once for every quantity. */
export async function variationsOf(db: Tx, productId: number): Promise<VariationRow[]> {
  return db
    .select()
    .from(productVariations)
    .where(eq(productVariations.productId, productId))
    .orderBy(asc(productVariations.position), asc(productVariations.id));
}

async function ownedVariation(tx: Tx, productId: number, id: number): Promise<VariationRow> {
  const [row] = await tx
    .select()
    .from(productVariations)
    .where(and(eq(productVariations.id, id), eq(productVariations.productId, productId)));
  if (!row) throw notFound();
  return row;
}

async function checkImages(tx: Tx, productId: number, imageIds: number[]) {
  if (imageIds.length === 0) return;
  const rows = await tx
    .select({ id: productImages.id })
    .from(productImages)
    .where(and(eq(productImages.productId, productId), inArray(productImages.id, imageIds)));
  if (rows.length !== new Set(imageIds).size) throw invalid({ images: [CATALOG_MESSAGES.matrixImageUnknown] });
}

export async function updateMatrixRow(tx: Tx, companyId: number, body: MatrixUpdate): Promise<MatrixRow> {
  await ownedProduct(tx, companyId, body.product_id, { forUpdate: true });
  const row = await ownedVariation(tx, body.product_id, body.id);
  const status = body.status ?? row.status;
  const isDefault = body.is_default ?? row.isDefault;
  if (row.isDefault && !isDefault) throw invalid({ is_default: [CATALOG_MESSAGES.matrixDefaultRequired] });
  if (isDefault && status !== 'active') throw invalid({ status: [CATALOG_MESSAGES.matrixDefaultInactive] });
  if (body.images) await checkImages(tx, body.product_id, body.images);
  if (isDefault && !row.isDefault) {
    await tx
      .update(productVariations)
      .set({ isDefault: false })
      .where(and(eq(productVariations.productId, body.product_id), ne(productVariations.id, row.id)));
  }
  const [updated] = await tx
    .update(productVariations)
    .set({
      status,
      isDefault,
      ...(body.price !== undefined ? { price: body.price } : {}),
      ...(body.images ? { imageIds: [...new Set(body.images)] } : {}),
    })
    .where(eq(productVariations.id, row.id))
    .returning();
  await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, body.product_id));
  return toMatrixRow(updated);
}

export async function deleteMatrixRows(tx: Tx, companyId: number, body: z.infer<typeof matrixDeleteBodySchema>) {
  await ownedProduct(tx, companyId, body.product_id, { forUpdate: true });
  const deleted = await tx
    .delete(productVariations)
    .where(and(eq(productVariations.productId, body.product_id), inArray(productVariations.id, body.ids)))
    .returning({ id: productVariations.id });
  requireAllFound(
    body.ids,
    deleted.map((row) => row.id),
  );
  await ensureDefaults(tx, [body.product_id]);
  await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, body.product_id));
  return { deleted: deleted.map((row) => row.id) };
}
