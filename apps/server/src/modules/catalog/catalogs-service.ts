import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { and, desc, eq, isNull, or } from 'drizzle-orm';
import { CATALOG_FILE_RULES, FILE_MESSAGES, type CatalogFile } from '@tradeloop/contracts/catalog-files';
import type { Db, Tx } from '../../db/client.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage.ts';
import { slugify } from '../accounts/public.ts';
import { ownedProduct } from './product-access.ts';
import { productCatalogs, products } from './tables.ts';

/** A PDF starts with %PDF- (readers accept it anywhere in the first kilobyte). */
export function isPdf(data: Buffer): boolean {
  return data.subarray(0, 1024).includes('%PDF-');
}

type CatalogRow = typeof productCatalogs.$inferSelect;

function toCatalog(storage: Pick<Storage, 'url'>, row: CatalogRow, productName: string | null): CatalogFile {
  return {
    id: row.id,
    title: row.title,
    file_name: row.fileName,
    bytes: row.bytes,
    url: storage.url(row.storageKey),
    product_id: row.productId,
    product_name: productName,
    created_at: row.createdAt.toISOString(),
  };
}

/** The company's catalogs; with a product, that product's and the company-wide ones. */
export async function listCatalogs(db: Tx, storage: Storage, companyId: number, productId?: number) {
  if (productId) await ownedProduct(db, companyId, productId);
  const rows = await db
    .select({ catalog: productCatalogs, productName: products.name })
    .from(productCatalogs)
    .leftJoin(products, eq(products.id, productCatalogs.productId))
    .where(
      and(
        eq(productCatalogs.companyId, companyId),
        productId ? or(eq(productCatalogs.productId, productId), isNull(productCatalogs.productId)) : undefined,
      ),
    )
    .orderBy(desc(productCatalogs.createdAt), desc(productCatalogs.id));
  return rows.map(({ catalog, productName }) => toCatalog(storage, catalog, productName));
}

/** For product pages: catalogs a buyer may download, of the product and of its company. */
export async function publicCatalogs(db: Db, storage: Storage, product: { id: number; companyId: number }) {
  const rows = await db
    .select()
    .from(productCatalogs)
    .where(
      and(
        eq(productCatalogs.companyId, product.companyId),
        or(eq(productCatalogs.productId, product.id), isNull(productCatalogs.productId)),
      ),
    )
    .orderBy(desc(productCatalogs.createdAt));
  return rows.map((row) => toCatalog(storage, row, null));
}

export async function uploadCatalog(
  db: Db,
  storage: Storage,
  companyId: number,
  upload: { fileName: string; data: Buffer; title?: string; productId?: number },
): Promise<CatalogFile> {
  const extension = path.extname(upload.fileName).toLowerCase();
  if (!(CATALOG_FILE_RULES.extensions as readonly string[]).includes(extension) || !isPdf(upload.data)) {
    throw invalid({ file: [FILE_MESSAGES.catalogType] });
  }
  const title = (upload.title?.trim() || path.basename(upload.fileName, extension)).slice(0, 200);
  if (title.length > 120) throw invalid({ title: [FILE_MESSAGES.catalogTitleTooLong] });
  const product = upload.productId ? await ownedProduct(db, companyId, upload.productId) : null;
  const storageKey = `catalogs/${companyId}/${randomUUID()}/${slugify(path.basename(upload.fileName, extension)).slice(0, 60) || 'catalog'}.pdf`;
  await storage.put(storageKey, upload.data);
  try {
    const [row] = await db
      .insert(productCatalogs)
      .values({
        companyId,
        productId: product?.id ?? null,
        title,
        storageKey,
        fileName: path.basename(upload.fileName).slice(0, 200),
        bytes: upload.data.length,
      })
      .returning();
    return toCatalog(storage, row, product?.name ?? null);
  } catch (error) {
    await storage.remove(storageKey);
    throw error;
  }
}

/** Deletes a catalog of the company; returns its file's key, to remove after the commit. */
export async function deleteCatalog(tx: Tx, companyId: number, id: number): Promise<string> {
  const [row] = await tx
    .delete(productCatalogs)
    .where(and(eq(productCatalogs.id, id), eq(productCatalogs.companyId, companyId)))
    .returning({ storageKey: productCatalogs.storageKey });
  if (!row) throw notFound();
  return row.storageKey;
}

/** Renames a catalog of the company (the catalog page, issue 45). */
export async function renameCatalog(db: Db, storage: Storage, companyId: number, id: number, title: string) {
  const [row] = await db
    .update(productCatalogs)
    .set({ title })
    .where(and(eq(productCatalogs.id, id), eq(productCatalogs.companyId, companyId)))
    .returning();
  if (!row) throw notFound();
  const [product] = row.productId
    ? await db.select({ name: products.name }).from(products).where(eq(products.id, row.productId))
    : [];
  return toCatalog(storage, row, product?.name ?? null);
}
