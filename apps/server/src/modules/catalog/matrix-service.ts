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
import { invalid, notFound, requireAllFound } from '../../platform/errors.ts';
import { ownedProduct } from './product-access.ts';
import { productImages, productVariations, products } from './tables.ts';
import { escapeLike } from './taxonomy-service.ts';

type VariationRow = typeof productVariations.$inferSelect;

/** Rows per insert statement: well under PostgreSQL's 65,535 parameters. */
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

export async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = CHUNK) {
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size));
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
  const wanted = combinationsOf(after);
  const previous = new Set(combinationsOf(before));
  const wantedSet = new Set(wanted);
  const existing = await tx
    .select({ id: productVariations.id, value: productVariations.value })
    .from(productVariations)
    .where(eq(productVariations.productId, productId));
  const stale = existing.filter((row) => !wantedSet.has(row.value)).map((row) => row.id);
  if (stale.length) await tx.delete(productVariations).where(inArray(productVariations.id, stale));
  const have = new Set(existing.map((row) => row.value));
  const position = new Map(wanted.map((value, index) => [value, index]));
  const added = wanted
    .filter((value) => !have.has(value) && !previous.has(value))
    .map((value) => ({ productId, value, position: position.get(value)!, status: 'active' as const }));
  await insertInChunks(added, (chunk) => tx.insert(productVariations).values(chunk));
  await tx.execute(sql`
    update ${productVariations} v set position = x.position
    from jsonb_to_recordset(${JSON.stringify(wanted.map((value, index) => ({ value, position: index })))}::jsonb)
      as x(value text, position int)
    where v.product_id = ${productId} and v.value = x.value and v.position <> x.position`);
  await ensureDefault(tx, productId);
}

/** Exactly one default while the product has combinations: the first active one when none is. */
async function ensureDefault(tx: Tx, productId: number) {
  const [current] = await tx
    .select({ id: productVariations.id })
    .from(productVariations)
    .where(and(eq(productVariations.productId, productId), eq(productVariations.isDefault, true)));
  if (current) return;
  const [first] = await tx
    .select({ id: productVariations.id })
    .from(productVariations)
    .where(eq(productVariations.productId, productId))
    .orderBy(sql`${productVariations.status} = 'active' desc`, asc(productVariations.position))
    .limit(1);
  if (first) {
    await tx
      .update(productVariations)
      .set({ isDefault: true, status: 'active' })
      .where(eq(productVariations.id, first.id));
  }
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
  await ensureDefault(tx, body.product_id);
  await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, body.product_id));
  return { deleted: deleted.map((row) => row.id) };
}
