import { inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { appMetaValue, setAppMeta } from '../../platform/app-meta.ts';
import { slugify } from '../accounts/public.ts';
import { BRANDS } from './seed-brands.ts';
import { CATEGORY_TREE, SHARED_ATTRIBUTES, SPEC_TEMPLATES } from './seed-categories.ts';
import { forgetCatalogCaches } from './taxonomy-service.ts';
import { brands, categories, passiveAttributes, specTemplates } from './tables.ts';

/**
 * The catalogue's reference data: the category tree, brands, suggested specifications and shared
 * attribute names. A marketplace needs them before any seller lists a product, so they load at
 * every start (like currencies), not with the demo data. Raise the version when they change:
 * entries are added, never removed, so products keep their categories and brands.
 */
export const CATALOG_DATA_VERSION = 1;
const VERSION_KEY = 'catalog_data_version';

async function storedVersion(db: Tx): Promise<number> {
  const value = await appMetaValue(db, VERSION_KEY);
  return typeof value === 'number' ? value : 0;
}

type CategoryNode = { name: string; parentSlug: string | null; position: number; depth: number };

/** The tree, level by level; a name repeated under two parents gets its parent's slug in front. */
function flattenTree(): { slug: string; node: CategoryNode }[][] {
  const levels: { slug: string; node: CategoryNode }[][] = [[], [], []];
  const taken = new Set<string>();
  const slugFor = (name: string, parentSlug: string | null) => {
    const base = slugify(name);
    const slug = taken.has(base) && parentSlug ? `${parentSlug}-${base}` : base;
    taken.add(slug);
    return slug;
  };
  Object.entries(CATEGORY_TREE).forEach(([topName, subs], topIndex) => {
    const topSlug = slugFor(topName, null);
    levels[0].push({ slug: topSlug, node: { name: topName, parentSlug: null, position: topIndex, depth: 0 } });
    Object.entries(subs).forEach(([subName, leaves], subIndex) => {
      const subSlug = slugFor(subName, topSlug);
      levels[1].push({ slug: subSlug, node: { name: subName, parentSlug: topSlug, position: subIndex, depth: 1 } });
      leaves.forEach((leaf, leafIndex) => {
        levels[2].push({
          slug: slugFor(leaf, subSlug),
          node: { name: leaf, parentSlug: subSlug, position: leafIndex, depth: 2 },
        });
      });
    });
  });
  return levels;
}

async function loadCategories(tx: Tx): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const level of flattenTree()) {
    const existing = await tx
      .select({ id: categories.id, slug: categories.slug })
      .from(categories)
      .where(
        inArray(
          categories.slug,
          level.map((entry) => entry.slug),
        ),
      );
    for (const row of existing) ids.set(row.slug, row.id);
    const missing = level.filter((entry) => !ids.has(entry.slug));
    if (missing.length === 0) continue;
    const inserted = await tx
      .insert(categories)
      .values(
        missing.map(({ slug, node }) => ({
          slug,
          name: node.name,
          parentId: node.parentSlug ? ids.get(node.parentSlug)! : null,
          position: node.position,
          depth: node.depth,
        })),
      )
      .returning({ id: categories.id, slug: categories.slug });
    for (const row of inserted) ids.set(row.slug, row.id);
  }
  return ids;
}

async function loadSpecTemplates(tx: Tx, categoryIds: Map<string, number>) {
  const rows = Object.entries(SPEC_TEMPLATES).flatMap(([category, templates]) =>
    templates.map(([name, unit], position) => ({
      categoryId: category ? categoryIds.get(slugify(category))! : null,
      name,
      unit,
      position,
    })),
  );
  await tx.insert(specTemplates).values(rows).onConflictDoNothing();
}

async function loadBrands(tx: Tx) {
  const rows = BRANDS.map((name) => ({ name, slug: slugify(name), status: 'approved' as const }));
  await tx.insert(brands).values(rows).onConflictDoNothing();
}

async function loadSharedAttributes(tx: Tx) {
  const existing = await tx
    .select({ name: passiveAttributes.name })
    .from(passiveAttributes)
    .where(isNull(passiveAttributes.companyId));
  const have = new Set(existing.map((row) => row.name.toLowerCase()));
  const missing = SHARED_ATTRIBUTES.filter((name) => !have.has(name.toLowerCase()));
  if (missing.length) await tx.insert(passiveAttributes).values(missing.map((name) => ({ name })));
}

export async function loadCatalogData(db: Db): Promise<void> {
  if ((await storedVersion(db)) >= CATALOG_DATA_VERSION) return;
  await db.transaction(async (tx) => {
    // Instances starting together against one PostgreSQL load one after the other.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${VERSION_KEY}))`);
    if ((await storedVersion(tx)) >= CATALOG_DATA_VERSION) return;
    const categoryIds = await loadCategories(tx);
    await loadSpecTemplates(tx, categoryIds);
    await loadBrands(tx);
    await loadSharedAttributes(tx);
    await setAppMeta(tx, VERSION_KEY, CATALOG_DATA_VERSION);
  });
  forgetCatalogCaches(db);
}
