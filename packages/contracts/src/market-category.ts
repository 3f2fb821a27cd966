import { z } from 'zod';

/**
 * Category pages (issue 45, decision 051): /category/{slug}, nested as /category/{top}/{…}/{slug}. The
 * last segment names the category (slugs are unique); the canonical address carries its whole trail.
 */
export const CATEGORY_PAGE_PREFIX = '/category/';

export const CATEGORY_MESSAGES = {
  notFound: 'This category does not exist.',
} as const;

/** The canonical address of a category from the slugs of its trail, top first. */
export function categoryPagePath(trail: readonly string[]): string {
  return `${CATEGORY_PAGE_PREFIX}${trail.map(encodeURIComponent).join('/')}`;
}

/** The category slug a /category/… path names (its last segment), or null. */
export function categorySlugOf(rest: string): string | null {
  const last = rest.split('/').filter(Boolean).at(-1);
  if (!last) return null;
  try {
    const slug = decodeURIComponent(last).trim().toLowerCase();
    return /^[a-z0-9][a-z0-9-]{0,119}$/.test(slug) ? slug : null;
  } catch {
    return null;
  }
}

export const categorySlugParamsSchema = z.object({ slug: z.string().trim().min(1).max(120) });

const categoryLinkSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  /** The category's page: /category/{trail}. */
  path: z.string(),
});
export type CategoryLink = z.infer<typeof categoryLinkSchema>;

/** GET /api/v1/front/category/{slug}: what a category page shows besides its products and suppliers. */
export const categoryPageSchema = z.object({
  category: categoryLinkSchema.extend({
    description: z.string(),
    image: z.string().nullable(),
    /** Public products in the category and its sub-categories. */
    products_count: z.number().int(),
    /** Sellers with public products in it. */
    suppliers_count: z.number().int(),
  }),
  /** From the top category down to this one. */
  breadcrumbs: z.array(categoryLinkSchema),
  sub_categories: z.array(categoryLinkSchema.extend({ products_count: z.number().int() })),
});
export type CategoryPage = z.infer<typeof categoryPageSchema>;
