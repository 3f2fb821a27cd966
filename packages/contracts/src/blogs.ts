import { z } from 'zod';
import { page } from './common.ts';
import {
  BLOGS_PER_PAGE,
  BLOGS_RECENT_DEFAULT,
  BLOGS_RECENT_MAX,
  BLOG_CATEGORY_SLUGS,
  BLOG_LIMITS,
  BLOG_MESSAGES,
  BLOG_STATUSES,
} from './blogs-constants.ts';

export * from './blogs-constants.ts';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const slugText = z.string().trim().max(200);
/** Which company's posts: by id or by its slug (the mini-site's address); without either, the marketplace's blog. */
const companyFilter = {
  company_id: id.optional(),
  company: slugText.min(1).optional(),
};

// ---------------------------------------------------------------------------------------------
// Public reads (spec section 7: blogs/getAll, getBlogDetails, recentList, categoryList)

export const blogListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(48).default(BLOGS_PER_PAGE),
  search: z.string().trim().max(BLOG_LIMITS.searchMax).optional(),
  /** A category's slug; an unknown one lists nothing. */
  category: z.string().trim().max(60).optional(),
  ...companyFilter,
});
export type BlogListQuery = z.infer<typeof blogListQuerySchema>;

export const blogRecentQuerySchema = z.object({
  take: z.coerce.number().int().min(1).max(BLOGS_RECENT_MAX).default(BLOGS_RECENT_DEFAULT),
  ...companyFilter,
});

export const blogCategoryListQuerySchema = z.object({
  per_page: z.coerce.number().int().min(1).max(50).default(20),
  ...companyFilter,
});

export const blogDetailBodySchema = z.object({ slug: slugText.min(1, BLOG_MESSAGES.notFound) });

export const blogCategorySchema = z.object({ slug: z.string(), name: z.string() });

export const blogCoverSchema = z.object({
  /** 1200 × 630 WebP: the post's page and link previews. */
  full: z.string(),
  /** 600 × 315 WebP: lists. */
  card: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

/** The company that wrote a post; null for the marketplace's own posts. */
/** A picture uploaded for a post's text: its address and size, for the editor's <img>. */
export const blogPictureSchema = z.object({ src: z.string(), width: z.number().int(), height: z.number().int() });
export type BlogPicture = z.infer<typeof blogPictureSchema>;

export const blogAuthorSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() }).nullable();

export const blogPostCardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  category: blogCategorySchema,
  cover: blogCoverSchema.nullable(),
  company: blogAuthorSchema,
  published_at: z.string().nullable(),
});
export type BlogPostCard = z.infer<typeof blogPostCardSchema>;

export const blogPageSchema = page(blogPostCardSchema);
export type BlogPage = z.infer<typeof blogPageSchema>;

export const blogPostSchema = blogPostCardSchema.extend({
  status: z.enum(BLOG_STATUSES),
  /** Sanitized on the server when saved: safe to render as HTML. */
  content_html: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

export const blogDetailSchema = z.object({
  post: blogPostSchema,
  related: z.array(blogPostCardSchema),
  recent: z.array(blogPostCardSchema),
});
export type BlogDetail = z.infer<typeof blogDetailSchema>;

export const blogCategoryCountSchema = blogCategorySchema.extend({ posts: z.number().int() });
export const blogCategoryListSchema = z.array(blogCategoryCountSchema);
export type BlogCategoryCount = z.infer<typeof blogCategoryCountSchema>;

// ---------------------------------------------------------------------------------------------
// Writing (a seller with permission `presence`, or the platform operator for the marketplace's blog)

export const blogWriteBodySchema = z.object({
  title: z
    .string({ error: BLOG_MESSAGES.titleRequired })
    .trim()
    .min(1, { error: BLOG_MESSAGES.titleRequired, abort: true })
    .min(BLOG_LIMITS.titleMin, BLOG_MESSAGES.titleLength)
    .max(BLOG_LIMITS.titleMax, BLOG_MESSAGES.titleLength),
  category: z.enum(BLOG_CATEGORY_SLUGS, { error: BLOG_MESSAGES.categoryRequired }),
  content: z.string({ error: BLOG_MESSAGES.contentRequired }).max(BLOG_LIMITS.contentMax, BLOG_MESSAGES.contentTooLong),
});
export type BlogWriteBody = z.infer<typeof blogWriteBodySchema>;

export const blogPublishBodySchema = z.object({ published: z.boolean() });

export const myBlogListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(48).default(BLOGS_PER_PAGE),
  status: z.enum(BLOG_STATUSES).optional(),
});

export const myBlogPageSchema = page(blogPostSchema);
