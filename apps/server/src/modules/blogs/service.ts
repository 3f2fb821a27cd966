import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import sharp, { type Sharp } from 'sharp';
import type { z } from 'zod';
import {
  BLOGS_RELATED,
  BLOG_CATEGORIES,
  BLOG_LIMITS,
  BLOG_MESSAGES,
  blogCategoryName,
  type BlogCategoryCount,
  type BlogDetail,
  type BlogPage,
  type BlogPicture,
  type BlogPost,
  type BlogPostCard,
  type BlogWriteBody,
  type blogCategoryListQuerySchema,
  type blogListQuerySchema,
  type blogRecentQuerySchema,
  type myBlogListQuerySchema,
} from '@tradeloop/contracts/blogs';
import { FILE_MESSAGES, IMAGE_RULES } from '@tradeloop/contracts/catalog-files';
import type { Db, Tx } from '../../db/client.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import { imageKind } from '../../platform/file-types.ts';
import { UPLOADS_PATH, type Storage } from '../../platform/storage.ts';
import { findCompanies, findCompanyBySlug } from '../accounts/public.ts';
import { escapeLike } from '../catalog/public.ts';
import { cleanPostHtml, excerptOf } from './html.ts';
import { blogPosts } from './tables.ts';

/*
 * Blog posts (issue 18; docs/decisions/046). A post belongs to a company (a seller's blog) or to
 * nobody (companyId null: the marketplace's own blog, written by the platform operator). Only
 * published posts are public; a draft is seen by its writer only.
 */

type Row = typeof blogPosts.$inferSelect;
/** Who writes: a company, or the marketplace (null) through its operator. */
export type BlogOwner = { companyId: number | null; userId: number };

const ownedBy = (companyId: number | null) =>
  companyId === null ? isNull(blogPosts.companyId) : eq(blogPosts.companyId, companyId);
const isPublished = eq(blogPosts.status, 'published');

// ---------------------------------------------------------------------------------------------
// Answers

/** The cover's sizes: a link preview's 1200 × 630 and half of it for lists. */
export const COVER = { full: { width: 1200, height: 630 }, card: { width: 600, height: 315 } } as const;

function coverOf(row: Row): BlogPostCard['cover'] {
  if (!row.coverKey) return null;
  const base = `${UPLOADS_PATH}${row.coverKey}`;
  return { full: `${base}/full.webp`, card: `${base}/card.webp`, ...COVER.full };
}

type Company = { id: number; name: string; slug: string };

async function companiesOf(db: Tx, rows: Row[]) {
  const ids = rows.flatMap((row) => (row.companyId === null ? [] : [row.companyId]));
  return new Map((await findCompanies(db, ids)).map((c) => [c.id, { id: c.id, name: c.name, slug: c.slug }]));
}

function toCard(row: Row, companies: Map<number, Company>): BlogPostCard {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    category: { slug: row.category, name: blogCategoryName(row.category) },
    cover: coverOf(row),
    company: row.companyId === null ? null : (companies.get(row.companyId) ?? null),
    published_at: row.publishedAt?.toISOString() ?? null,
  };
}

function toPost(row: Row, companies: Map<number, Company>): BlogPost {
  return {
    ...toCard(row, companies),
    status: row.status,
    content_html: row.contentHtml,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function cards(db: Tx, rows: Row[]) {
  const companies = await companiesOf(db, rows);
  return rows.map((row) => toCard(row, companies));
}

// ---------------------------------------------------------------------------------------------
// Public reads

type CompanyFilter = { company_id?: number; company?: string };

/**
 * Whose posts a public read lists: one company's (by id or slug; an unknown company is a 404), or,
 * without either, the marketplace's blog: its own posts and every seller's (decision 046).
 */
async function publicScope(db: Tx, filter: CompanyFilter): Promise<SQL> {
  if (filter.company_id === undefined && filter.company === undefined) return isPublished;
  const company =
    filter.company_id !== undefined
      ? (await findCompanies(db, [filter.company_id]))[0]
      : await findCompanyBySlug(db, filter.company!);
  if (!company || (filter.company_id !== undefined && filter.company && company.slug !== filter.company)) {
    throw notFound(BLOG_MESSAGES.companyNotFound);
  }
  return and(isPublished, eq(blogPosts.companyId, company.id))!;
}

const newestFirst = [desc(blogPosts.publishedAt), desc(blogPosts.id)];

/** GET blogs/getAll: published posts, newest first, 12 a page; by search words and category. */
export async function listPosts(db: Tx, query: z.infer<typeof blogListQuerySchema>): Promise<BlogPage> {
  const conditions = [await publicScope(db, query)];
  if (query.category) conditions.push(eq(blogPosts.category, query.category as Row['category']));
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    conditions.push(or(ilike(blogPosts.title, pattern), ilike(blogPosts.excerpt, pattern))!);
  }
  const where = and(...conditions);
  const [{ total }] = await db.select({ total: count() }).from(blogPosts).where(where);
  const rows = await db
    .select()
    .from(blogPosts)
    .where(where)
    .orderBy(...newestFirst)
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return {
    data: await cards(db, rows),
    currentPage: query.page,
    lastPage: Math.max(1, Math.ceil(total / query.per_page)),
    perPage: query.per_page,
    total,
  };
}

/** GET blogs/recentList: the newest published posts. */
export async function recentPosts(db: Tx, query: z.infer<typeof blogRecentQuerySchema>): Promise<BlogPostCard[]> {
  const rows = await db
    .select()
    .from(blogPosts)
    .where(await publicScope(db, query))
    .orderBy(...newestFirst)
    .limit(query.take);
  return cards(db, rows);
}

/** The newest published posts of these companies (a buyer's followed suppliers, decision 066). */
export async function recentPostsOf(db: Tx, companyIds: number[], take: number): Promise<BlogPostCard[]> {
  if (companyIds.length === 0) return [];
  const rows = await db
    .select()
    .from(blogPosts)
    .where(and(isPublished, inArray(blogPosts.companyId, companyIds)))
    .orderBy(...newestFirst)
    .limit(take);
  return cards(db, rows);
}

/** GET blogs/categoryList: the categories in their fixed order, each with its count of published posts. */
export async function categoryCounts(
  db: Tx,
  query: z.infer<typeof blogCategoryListQuerySchema>,
): Promise<BlogCategoryCount[]> {
  const rows = await db
    .select({ category: blogPosts.category, posts: count() })
    .from(blogPosts)
    .where(await publicScope(db, query))
    .groupBy(blogPosts.category);
  const counts = new Map(rows.map((row) => [row.category as string, row.posts]));
  return BLOG_CATEGORIES.slice(0, query.per_page).map((category) => ({
    slug: category.slug,
    name: category.name,
    posts: counts.get(category.slug) ?? 0,
  }));
}

/** Who reads a post: a draft is shown to its writer only (its company, or the operator for the marketplace's). */
export type BlogReader = { companyId: number | null; operator: boolean } | null;

const mayRead = (row: Row, reader: BlogReader) =>
  row.status === 'published' ||
  (reader !== null &&
    (row.companyId === null ? reader.operator : reader.companyId !== null && reader.companyId === row.companyId));

/**
 * POST blogs/getBlogDetails: the post by its slug with related posts (same category, same blog) and
 * the blog's newest others. A draft is a 404 except for its writer.
 */
export async function postDetail(db: Tx, slug: string, reader: BlogReader): Promise<BlogDetail> {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.slug, slug));
  if (!row || !mayRead(row, reader)) throw notFound(BLOG_MESSAGES.notFound);
  const sameBlog = and(isPublished, ne(blogPosts.id, row.id), ownedBy(row.companyId));
  const [related, recent] = await Promise.all([
    db
      .select()
      .from(blogPosts)
      .where(and(sameBlog, eq(blogPosts.category, row.category)))
      .orderBy(...newestFirst)
      .limit(BLOGS_RELATED),
    db
      .select()
      .from(blogPosts)
      .where(sameBlog)
      .orderBy(...newestFirst)
      .limit(5),
  ]);
  const companies = await companiesOf(db, [row, ...related, ...recent]);
  return {
    post: toPost(row, companies),
    related: related.map((r) => toCard(r, companies)),
    recent: recent.map((r) => toCard(r, companies)),
  };
}

/** The public post for its page's head (null when there is none). */
export async function publishedPost(db: Tx, slug: string): Promise<BlogPost | null> {
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), isPublished));
  if (!row) return null;
  return toPost(row, await companiesOf(db, [row]));
}

/** Published posts' addresses and last changes, in a lasting order (by id), for the sitemap. */
export async function publishedPostPaths(db: Tx, page: { offset: number; limit: number }) {
  return db
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(isPublished)
    .orderBy(asc(blogPosts.id))
    .offset(page.offset)
    .limit(page.limit);
}

export async function publishedPostCount(db: Tx) {
  const [{ total }] = await db.select({ total: count() }).from(blogPosts).where(isPublished);
  return total;
}

// ---------------------------------------------------------------------------------------------
// Writing

/** A URL slug from the title: lower-case ASCII words joined by dashes, at most 80 characters. */
export function slugOf(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'post';
}

async function ownPost(db: Tx, owner: BlogOwner, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.id, id), ownedBy(owner.companyId)));
  if (!row) throw notFound(BLOG_MESSAGES.notFound);
  return row;
}

async function answer(db: Tx, row: Row) {
  return toPost(row, await companiesOf(db, [row]));
}

function content(body: BlogWriteBody) {
  const html = cleanPostHtml(body.content);
  const excerpt = excerptOf(html);
  if (!excerpt && !/<img\s/.test(html)) throw invalid({ content: [BLOG_MESSAGES.contentRequired] });
  return { contentHtml: html, excerpt };
}

/** The writer's posts, newest change first, drafts among them. */
export async function myPosts(db: Tx, owner: BlogOwner, query: z.infer<typeof myBlogListQuerySchema>) {
  const where = and(ownedBy(owner.companyId), query.status ? eq(blogPosts.status, query.status) : undefined);
  const [{ total }] = await db.select({ total: count() }).from(blogPosts).where(where);
  const rows = await db
    .select()
    .from(blogPosts)
    .where(where)
    .orderBy(desc(blogPosts.updatedAt), desc(blogPosts.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const companies = await companiesOf(db, rows);
  return {
    data: rows.map((row) => toPost(row, companies)),
    currentPage: query.page,
    lastPage: Math.max(1, Math.ceil(total / query.per_page)),
    perPage: query.per_page,
    total,
  };
}

export async function myPost(db: Tx, owner: BlogOwner, id: number) {
  return answer(db, await ownPost(db, owner, id));
}

/** A new draft with a unique slug from its title (-2, -3, … when taken). */
export async function createPost(tx: Tx, owner: BlogOwner, body: BlogWriteBody): Promise<BlogPost> {
  const values = { ...content(body), title: body.title, category: body.category };
  const base = slugOf(body.title);
  const taken = await tx
    .select({ slug: blogPosts.slug })
    .from(blogPosts)
    .where(or(eq(blogPosts.slug, base), ilike(blogPosts.slug, `${escapeLike(base)}-%`)));
  const used = new Set(taken.map((row) => row.slug));
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (used.has(slug)) continue;
    // Another writer may take the same slug meanwhile: then try the next one.
    const [row] = await tx
      .insert(blogPosts)
      .values({ ...values, slug, companyId: owner.companyId, authorUserId: owner.userId })
      .onConflictDoNothing({ target: blogPosts.slug })
      .returning();
    if (row) return answer(tx, row);
    used.add(slug);
  }
}

export async function updatePost(tx: Tx, owner: BlogOwner, id: number, body: BlogWriteBody): Promise<BlogPost> {
  await ownPost(tx, owner, id);
  const [row] = await tx
    .update(blogPosts)
    .set({ ...content(body), title: body.title, category: body.category, updatedAt: new Date() })
    .where(eq(blogPosts.id, id))
    .returning();
  return answer(tx, row);
}

/**
 * Publishes (the first time: its date is now) or moves back to drafts. Returns whether the post
 * became public now, so the route tells the followers (once per post: decision 046).
 */
export async function setPublished(tx: Tx, owner: BlogOwner, id: number, published: boolean) {
  const current = await ownPost(tx, owner, id);
  const [row] = await tx
    .update(blogPosts)
    .set({
      status: published ? 'published' : 'draft',
      publishedAt: published ? (current.publishedAt ?? new Date()) : current.publishedAt,
      updatedAt: new Date(),
    })
    .where(eq(blogPosts.id, id))
    .returning();
  return { post: await answer(tx, row), nowPublic: published && current.status !== 'published' };
}

/** A post's files, its covers and the pictures of its text, in one folder. */
const postFolder = (id: number) => `blogs/${id}`;

export async function deletePost(tx: Tx, storage: Storage, owner: BlogOwner, id: number) {
  const post = await ownPost(tx, owner, id);
  await tx.delete(blogPosts).where(eq(blogPosts.id, id));
  await storage.remove(postFolder(id));
  // A demo post's cover lies outside its folder (demo-data.ts).
  if (post.coverKey) await storage.remove(post.coverKey);
}

/**
 * An uploaded picture, checked by content and name (PNG or JPEG) and against the pixel limit; `make`
 * gets a pipeline of it turned upright, without its EXIF data, once per size it makes.
 */
async function encodePicture<T>(
  file: { fileName: string; data: Buffer },
  make: (input: () => Sharp) => Promise<T>,
): Promise<T> {
  const kind = imageKind(file.data);
  const extension = path.extname(file.fileName).toLowerCase();
  if (!kind || !(IMAGE_RULES.extensions as readonly string[]).includes(extension)) {
    throw invalid({ file: [FILE_MESSAGES.imageType] });
  }
  const open = () => sharp(file.data, { limitInputPixels: IMAGE_RULES.maxPixels, failOn: 'error' });
  try {
    const metadata = await open().metadata();
    if (metadata.format !== kind || !metadata.width || !metadata.height) throw new Error('not the picture it claims');
    return await make(() => open().rotate());
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw invalid({ file: [FILE_MESSAGES.imageTooManyPixels] });
    }
    throw invalid({ file: [FILE_MESSAGES.imageType] });
  }
}

const COVER_SIZES = ['full', 'card'] as const;

/** A cover's files from a picture: cut to 1200 × 630 and 600 × 315, WebP. */
export function coverFiles(input: () => Sharp) {
  return Promise.all(
    COVER_SIZES.map((size) =>
      input()
        .resize(COVER[size].width, COVER[size].height, { fit: 'cover', position: 'attention' })
        .webp({ quality: size === 'full' ? 84 : 80 })
        .toBuffer(),
    ),
  );
}

export async function storeCover(storage: Storage, coverKey: string, files: Buffer[]) {
  for (const [index, size] of COVER_SIZES.entries()) await storage.put(`${coverKey}/${size}.webp`, files[index]);
}

/** The cover, re-encoded and cut to 1200 × 630 and 600 × 315 WebP; it replaces the old one. */
export async function saveCover(
  db: Db,
  storage: Storage,
  owner: BlogOwner,
  id: number,
  file: { fileName: string; data: Buffer },
): Promise<BlogPost> {
  const current = await ownPost(db, owner, id);
  const coverKey = `${postFolder(id)}/${randomUUID()}`;
  await storeCover(storage, coverKey, await encodePicture(file, coverFiles));
  const [row] = await db
    .update(blogPosts)
    .set({ coverKey, updatedAt: new Date() })
    .where(eq(blogPosts.id, id))
    .returning();
  if (!row) {
    await storage.remove(coverKey);
    throw notFound(BLOG_MESSAGES.notFound);
  }
  if (current.coverKey) await storage.remove(current.coverKey);
  return answer(db, row);
}

/**
 * A picture for the post's text: re-encoded like the cover, at most `pictureWidth` wide (never
 * enlarged), WebP. It stays until the post is deleted, even once the text no longer shows it: an
 * editor still open elsewhere may hold it (decision 046).
 */
export async function savePicture(
  db: Db,
  storage: Storage,
  owner: BlogOwner,
  id: number,
  file: { fileName: string; data: Buffer },
): Promise<BlogPicture> {
  await ownPost(db, owner, id);
  const { data, info } = await encodePicture(file, (input) =>
    input()
      .resize({ width: BLOG_LIMITS.pictureWidth, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true }),
  );
  const key = `${postFolder(id)}/pictures/${randomUUID()}.webp`;
  await storage.put(key, data);
  return { src: storage.url(key), width: info.width, height: info.height };
}

export async function removeCover(db: Db, storage: Storage, owner: BlogOwner, id: number): Promise<BlogPost> {
  const current = await ownPost(db, owner, id);
  const [row] = await db
    .update(blogPosts)
    .set({ coverKey: null, updatedAt: new Date() })
    .where(eq(blogPosts.id, id))
    .returning();
  if (current.coverKey) await storage.remove(current.coverKey);
  return answer(db, row);
}

// ---------------------------------------------------------------------------------------------
// Announcing (the notifications module's subscriber calls this)

/**
 * A seller's newly published post, the first time it is asked for: it is marked announced in the
 * caller's transaction, so a redelivered event, or a post unpublished and published again, tells
 * nobody twice. Null: already announced, not public (any more), or the marketplace's own post.
 */
export async function postToAnnounce(tx: Tx, postId: number) {
  const [row] = await tx
    .update(blogPosts)
    .set({ announcedAt: sql`now()` })
    .where(and(eq(blogPosts.id, postId), isPublished, isNull(blogPosts.announcedAt)))
    .returning();
  if (!row || row.companyId === null) return null;
  const [company] = await findCompanies(tx, [row.companyId]);
  if (!company) return null;
  return { id: row.id, title: row.title, slug: row.slug, companyId: company.id, companyName: company.name };
}
