import { and, asc, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { categoryPagePath } from '@tradeloop/contracts/market-category';
import { rowsOf } from '../../db/sql.ts';
import { z } from 'zod';
import {
  CATALOG_MESSAGES,
  HEADER_MENU_ID,
  type Brand,
  type Category,
  type CategoryTreeItem,
  type PassiveAttribute,
  type brandsQuerySchema,
  type categoryListBodySchema,
  type menuItemSchema,
} from '@tradeloop/contracts/catalog';
import type { SpecTemplate } from '@tradeloop/contracts/catalog-specs';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import { slugify, findPerson } from '../accounts/public.ts';
import {
  brandProposals,
  brands,
  categories,
  passiveAttributes,
  productCategories,
  products,
  specTemplates,
} from './tables.ts';

type CategoryRow = typeof categories.$inferSelect;
type MenuItem = z.infer<typeof menuItemSchema>;

// ---------------------------------------------------------------------------------------------
// The category tree changes only with the catalogue data version, so each process reads it once
// per database; tests with separate databases never share a copy.

export type Tree = {
  rows: CategoryRow[];
  byId: Map<number, CategoryRow>;
  children: Map<number | null, CategoryRow[]>;
};
const trees = new WeakMap<Db | Tx, Promise<Tree>>();

export function forgetCatalogCaches(db: Db) {
  trees.delete(db);
}

function loadTree(db: Db | Tx): Promise<Tree> {
  let tree = trees.get(db);
  if (!tree) {
    tree = db
      .select()
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.name))
      .then((rows) => {
        const children = new Map<number | null, CategoryRow[]>();
        for (const row of rows) {
          const siblings = children.get(row.parentId) ?? [];
          siblings.push(row);
          children.set(row.parentId, siblings);
        }
        return { rows, byId: new Map(rows.map((row) => [row.id, row])), children };
      });
    tree.catch(() => trees.delete(db));
    trees.set(db, tree);
  }
  return tree;
}

export function categoryTree(db: Db | Tx) {
  return loadTree(db);
}

function descendantsOf(tree: Tree, id: number): number[] {
  const ids = [id];
  for (let index = 0; index < ids.length; index += 1) {
    for (const child of tree.children.get(ids[index]) ?? []) ids.push(child.id);
  }
  return ids;
}

/** The category and its ancestors, from the top. */
export function pathOf(tree: Tree, id: number): CategoryRow[] {
  const path: CategoryRow[] = [];
  for (let row = tree.byId.get(id); row; row = row.parentId ? tree.byId.get(row.parentId) : undefined) {
    path.unshift(row);
  }
  return path;
}

/** Products (active, not deleted) in each category's subtree, optionally of one company. */
async function countProducts(db: Db, tree: Tree, roots: CategoryRow[], companyId: number | null) {
  const mapping = roots.flatMap((root) =>
    descendantsOf(tree, root.id).map((category) => ({ category, root: root.id })),
  );
  if (mapping.length === 0) return new Map<number, number>();
  const result = await db.execute(sql`
    select m.root::int as root, count(distinct pc.product_id)::int as total
    from jsonb_to_recordset(${JSON.stringify(mapping)}::jsonb) as m(category int, root int)
    join ${productCategories} pc on pc.category_id = m.category
    join ${products} p on p.id = pc.product_id
    where p.deleted_at is null and p.status = 'active'
      ${companyId === null ? sql`` : sql`and p.company_id = ${companyId}`}
    group by m.root`);
  return new Map(rowsOf<{ root: number; total: number }>(result).map((row) => [Number(row.root), Number(row.total)]));
}

/** db.execute answers an array on PGlite and a result with rows on node-postgres. */
export async function listCategories(db: Db, body: z.infer<typeof categoryListBodySchema>): Promise<Category[]> {
  const tree = await loadTree(db);
  const parent = body.parent ? body.parent : null;
  if (parent !== null && !tree.byId.has(parent)) throw notFound();
  const level = tree.children.get(parent) ?? [];
  const withProduct = body.with_product === true || body.with_product === 1 || body.with_product === '1';
  let companyId: number | null = null;
  if (body.user_id) {
    const seller = await findPerson(db, body.user_id);
    if (!seller?.companyId) return [];
    companyId = seller.companyId;
  }
  const counts = withProduct || companyId !== null ? await countProducts(db, tree, level, companyId) : null;
  return level
    .filter((row) => companyId === null || (counts?.get(row.id) ?? 0) > 0)
    .map((row) => ({
      id: row.id,
      name: row.name,
      slug: row.slug,
      image: row.image,
      parent_id: row.parentId,
      has_children: (tree.children.get(row.id)?.length ?? 0) > 0,
      ...(counts ? { products_count: counts.get(row.id) ?? 0 } : {}),
    }));
}

export async function allCategories(db: Db): Promise<CategoryTreeItem[]> {
  const tree = await loadTree(db);
  const ordered: CategoryTreeItem[] = [];
  const visit = (parent: number | null) => {
    for (const row of tree.children.get(parent) ?? []) {
      ordered.push({
        id: row.id,
        name: row.name,
        slug: row.slug,
        parent_id: row.parentId,
        depth: row.depth,
        path: pathOf(tree, row.id)
          .map((entry) => entry.name)
          .join(' › '),
        image: row.image,
      });
      visit(row.id);
    }
  };
  visit(null);
  return ordered;
}

/** A category's page (decision 051): /category/{top}/{…}/{slug}. */
const categoryUrl = (tree: Tree, id: number) => categoryPagePath(pathOf(tree, id).map((row) => row.slug));

/** Menus by id; 3 is the header menu of spec section 7, built from the top categories. */
export async function menuItems(db: Db, id: number): Promise<MenuItem[]> {
  if (id !== HEADER_MENU_ID) throw notFound();
  const tree = await loadTree(db);
  return (tree.children.get(null) ?? []).map((top) => ({
    id: top.id,
    name: top.name,
    slug: top.slug,
    url: categoryUrl(tree, top.id),
    image: top.image,
    children: (tree.children.get(top.id) ?? []).map((child) => ({
      id: child.id,
      name: child.name,
      slug: child.slug,
      url: categoryUrl(tree, child.id),
    })),
  }));
}

// ---------------------------------------------------------------------------------------------
// Brands

/** Approved brands, and pending ones the company proposed. */
export function brandVisibleTo(companyId: number | null) {
  const approved = eq(brands.status, 'approved');
  if (companyId === null) return approved;
  return or(
    approved,
    sql`exists (select 1 from ${brandProposals} bp where bp.brand_id = ${brands.id} and bp.company_id = ${companyId})`,
  )!;
}

function toBrand(row: typeof brands.$inferSelect): Brand {
  return { id: row.id, name: row.name, slug: row.slug, logo: row.logo, status: row.status };
}

export async function listBrands(db: Db, query: z.infer<typeof brandsQuerySchema>, companyId: number | null) {
  const where = and(
    brandVisibleTo(companyId),
    query.search ? ilike(brands.name, `%${escapeLike(query.search)}%`) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(brands).where(where);
  const rows = await db
    .select()
    .from(brands)
    .where(where)
    .orderBy(sql`lower(${brands.name})`)
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return {
    data: rows.map(toBrand),
    currentPage: query.page,
    lastPage: Math.max(1, Math.ceil(total / query.per_page)),
    perPage: query.per_page,
    total,
  };
}

export function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * A seller proposes a brand that is not listed. It is the seller's to use at once and becomes
 * public when approved; a second seller proposing the same name joins the proposal.
 */
export async function proposeBrand(tx: Tx, companyId: number, name: string): Promise<Brand> {
  const [existing] = await tx
    .select()
    .from(brands)
    .where(sql`lower(${brands.name}) = ${name.toLowerCase()}`);
  if (existing?.status === 'approved')
    throw conflict(CATALOG_MESSAGES.brandExists, { name: [CATALOG_MESSAGES.brandExists] });
  let brand = existing;
  if (!brand) {
    [brand] = await tx
      .insert(brands)
      .values({ name, slug: await uniqueBrandSlug(tx, name), status: 'pending' })
      .returning();
  }
  await tx.insert(brandProposals).values({ brandId: brand.id, companyId }).onConflictDoNothing();
  return toBrand(brand);
}

async function uniqueBrandSlug(tx: Tx, name: string) {
  const base = slugify(name);
  const taken = await tx
    .select({ slug: brands.slug })
    .from(brands)
    .where(sql`${brands.slug} like ${`${base}%`}`);
  const slugs = new Set(taken.map((row) => row.slug));
  let slug = base;
  for (let n = 2; slugs.has(slug); n += 1) slug = `${base}-${n}`;
  return slug;
}

// ---------------------------------------------------------------------------------------------
// Passive attributes

export async function listPassiveAttributes(db: Db, companyId: number): Promise<PassiveAttribute[]> {
  const rows = await db
    .select({ id: passiveAttributes.id, name: passiveAttributes.name, company_id: passiveAttributes.companyId })
    .from(passiveAttributes)
    .where(or(isNull(passiveAttributes.companyId), eq(passiveAttributes.companyId, companyId)))
    .orderBy(sql`lower(${passiveAttributes.name})`);
  return rows;
}

export async function createPassiveAttribute(tx: Tx, companyId: number, name: string): Promise<PassiveAttribute> {
  const [duplicate] = await tx
    .select({ id: passiveAttributes.id })
    .from(passiveAttributes)
    .where(
      and(
        or(isNull(passiveAttributes.companyId), eq(passiveAttributes.companyId, companyId)),
        sql`lower(${passiveAttributes.name}) = ${name.toLowerCase()}`,
      ),
    );
  if (duplicate) throw invalid({ name: [CATALOG_MESSAGES.duplicateTerms] });
  const [row] = await tx
    .insert(passiveAttributes)
    .values({ companyId, name })
    .returning({ id: passiveAttributes.id, name: passiveAttributes.name, company_id: passiveAttributes.companyId });
  return row;
}

// ---------------------------------------------------------------------------------------------
// Suggested specifications ("constants")

function toTemplate(tree: Tree) {
  return (row: typeof specTemplates.$inferSelect): SpecTemplate => ({
    id: row.id,
    name: row.name,
    unit: row.unit,
    category_id: row.categoryId,
    category_name: row.categoryId ? (tree.byId.get(row.categoryId)?.name ?? null) : null,
  });
}

/** The top categories above the given ones. */
export async function topCategoriesOf(db: Db | Tx, categoryIds: number[]): Promise<number[]> {
  const tree = await loadTree(db);
  const tops = categoryIds.map((id) => pathOf(tree, id)[0]?.id).filter((id): id is number => id !== undefined);
  return [...new Set(tops)];
}

export async function listConstants(
  db: Db,
  filter: { search?: string; category_id?: number },
): Promise<SpecTemplate[]> {
  const tree = await loadTree(db);
  const tops = filter.category_id ? await topCategoriesOf(db, [filter.category_id]) : [];
  const rows = await db
    .select()
    .from(specTemplates)
    .where(
      and(
        filter.search ? ilike(specTemplates.name, `%${escapeLike(filter.search)}%`) : undefined,
        filter.category_id
          ? or(isNull(specTemplates.categoryId), inArray(specTemplates.categoryId, tops.length ? tops : [0]))
          : undefined,
      ),
    )
    .orderBy(sql`${specTemplates.categoryId} nulls first`, asc(specTemplates.position));
  return rows.map(toTemplate(tree));
}

/** Specifications suggested for products of these categories: their top categories' and the general ones. */
export async function suggestedTemplates(db: Db | Tx, categoryIds: number[]): Promise<SpecTemplate[]> {
  const tree = await loadTree(db);
  const tops = await topCategoriesOf(db, categoryIds);
  const rows = await db
    .select()
    .from(specTemplates)
    .where(or(isNull(specTemplates.categoryId), inArray(specTemplates.categoryId, tops.length ? tops : [0])))
    .orderBy(sql`${specTemplates.categoryId} nulls last`, asc(specTemplates.position));
  return rows.map(toTemplate(tree));
}

/**
 * Suppliers for a buying request (decision 055): companies with active products in the category or
 * any of its sub-categories, most such products first (then the oldest company). With a territory
 * (the destination country's region), only companies with such a product that states that
 * territory or none (a product without one is sold everywhere). `excludeCompanyId`: the buyer's own.
 */
export async function suppliersInCategory(
  db: Db | Tx,
  filter: { categoryId: number; territoryId: number | null; excludeCompanyId: number | null; limit: number },
): Promise<{ companyId: number; products: number }[]> {
  const tree = await loadTree(db);
  const ids = descendantsOf(tree, filter.categoryId);
  const result = await db.execute(sql`
    select p.company_id::bigint as company_id, count(distinct p.id)::int as products
    from ${products} p
    join ${productCategories} pc on pc.product_id = p.id
    where pc.category_id = any(${sql.param(ids)}::int[])
      and p.status = 'active' and p.deleted_at is null
      ${filter.territoryId === null ? sql`` : sql`and (p.territory_id is null or p.territory_id = ${filter.territoryId})`}
      ${filter.excludeCompanyId === null ? sql`` : sql`and p.company_id <> ${filter.excludeCompanyId}`}
    group by p.company_id
    order by products desc, p.company_id asc
    limit ${filter.limit}`);
  return rowsOf<{ company_id: number | string; products: number }>(result).map((row) => ({
    companyId: Number(row.company_id),
    products: Number(row.products),
  }));
}
