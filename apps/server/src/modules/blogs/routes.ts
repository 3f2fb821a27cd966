import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  BLOG_DETAIL_PREFIX,
  BLOG_LIMITS,
  BLOG_MESSAGES,
  blogCategoryListQuerySchema,
  blogCategoryListSchema,
  blogDetailBodySchema,
  blogDetailSchema,
  blogListQuerySchema,
  blogPageSchema,
  blogPostCardSchema,
  blogPictureSchema,
  blogPostSchema,
  blogPublishBodySchema,
  blogRecentQuerySchema,
  blogWriteBodySchema,
  myBlogListQuerySchema,
  myBlogPageSchema,
} from '@tradeloop/contracts/blogs';
import { FILE_MESSAGES, IMAGE_RULES } from '@tradeloop/contracts/catalog-files';
import { idParamsSchema } from '@tradeloop/contracts/crm/records';
import type { Tx } from '../../db/client.ts';
import { routes, withMessage } from '../../platform/routes.ts';
import { drawDemoPicturesWhenReady } from '../../platform/demo-pictures.ts';
import { addHeadRenderer } from '../../platform/web.ts';
import { readUpload } from '../../platform/uploads.ts';
import { isOperator, requireOperator } from '../market/public.ts';
import { blogHeadRenderer } from './seo.ts';
import {
  categoryCounts,
  createPost,
  deletePost,
  listPosts,
  myPost,
  myPosts,
  postDetail,
  recentPosts,
  removeCover,
  saveCover,
  savePicture,
  setPublished,
  updatePost,
  type BlogOwner,
} from './service.ts';
import { ensureDemoBlogCovers } from './demo-data.ts';

/** Blogs (issue 18; docs/decisions/046): the public reads of spec section 7 and the writers' routes. */
export async function blogsRoutes(fastify: FastifyInstance, options: { demoPictures: boolean }) {
  await fastify.register(multipart);
  drawDemoPicturesWhenReady(fastify, options.demoPictures, 'demo blog covers', () =>
    ensureDemoBlogCovers(fastify.db, fastify.storage),
  );
  const app = fastify;
  const route = routes(fastify);
  const tags = ['blogs'];

  addHeadRenderer(fastify, BLOG_DETAIL_PREFIX, blogHeadRenderer(fastify));

  route.get(
    '/api/v1/blogs/getAll',
    {
      access: 'public',
      tags,
      summary: 'Published posts, newest first, 12 a page: by search words and category, of one company or all',
      description:
        'Without `company_id` or `company` (a company’s slug): the marketplace’s blog, its own posts and every ' +
        'seller’s. With one: that company’s posts (its mini-site). An unknown company answers 404.',
      querystring: blogListQuerySchema,
      data: blogPageSchema,
      logLevel: 'warn',
    },
    async ({ request }) => listPosts(app.db, request.query),
  );

  route.post(
    '/api/v1/blogs/getBlogDetails',
    {
      access: 'public',
      tags,
      summary: 'A post by its slug (sanitized HTML), with related and recent posts; a draft only for its writer',
      body: blogDetailBodySchema,
      data: blogDetailSchema,
    },
    async ({ request, user }) => {
      const reader = user ? { companyId: user.companyId, operator: await isOperator(app.db, user.id) } : null;
      return postDetail(app.db, request.body.slug, reader);
    },
  );

  route.get(
    '/api/v1/blogs/recentList',
    {
      access: 'public',
      tags,
      summary: 'The newest published posts (take, 5 unless said), of one company or all',
      querystring: blogRecentQuerySchema,
      data: z.array(blogPostCardSchema),
    },
    async ({ request }) => recentPosts(app.db, request.query),
  );

  route.get(
    '/api/v1/blogs/categoryList',
    {
      access: 'public',
      tags,
      summary: 'The blog categories with their count of published posts, of one company or all',
      querystring: blogCategoryListQuerySchema,
      data: blogCategoryListSchema,
    },
    async ({ request }) => categoryCounts(app.db, request.query),
  );

  // A seller's posts (permission `presence`) and the marketplace's (the platform operator), the same calls.
  writerRoutes(app, {
    prefix: '/api/v1/blogs/manage',
    tags: ['blogs: seller'],
    who: 'the company’s',
    access: 'company',
    owner: async (_tx, request) => ({ companyId: request.user!.companyId!, userId: request.user!.id }),
  });
  writerRoutes(app, {
    prefix: '/api/v1/operator/blogs',
    tags: ['blogs: operator'],
    who: 'the marketplace’s own (platform operator only; others get 403)',
    access: 'user',
    owner: async (tx, request) => {
      await requireOperator(tx, request.user!.id);
      return { companyId: null, userId: request.user!.id };
    },
  });
}

type Writers = {
  prefix: string;
  tags: string[];
  who: string;
  access: 'company' | 'user';
  owner: (tx: Tx, request: FastifyRequest) => Promise<BlogOwner>;
};

function writerRoutes(app: FastifyInstance, writers: Writers) {
  const route = routes(app);
  const { prefix, tags, who, owner } = writers;
  // `presence` on the seller's routes; the operator's check who calls them themselves (requireOperator).
  const guard =
    writers.access === 'company'
      ? ({ access: 'company', permission: 'presence' } as const)
      : ({ access: 'user' } as const);
  /** The writer and the picture uploaded to one of its posts; another company's post is a 404 before the upload is read. */
  /** A post's public pages (and the blog lists) go stale with the change (decision 050). */
  const changed = (tx: Tx, writer: BlogOwner, postId: number) =>
    app.events.emit(tx, 'blog.changed', { postId, companyId: writer.companyId });
  const uploadTo = async (request: FastifyRequest, id: number) => {
    const writer = await owner(app.db, request);
    await myPost(app.db, writer, id);
    return { writer, upload: await readUpload(request, IMAGE_RULES.maxBytes, FILE_MESSAGES.imageTooLarge) };
  };

  route.get(
    `${prefix}/list`,
    {
      ...guard,
      tags,
      summary: `List ${who} posts, drafts included, last changed first`,
      querystring: myBlogListQuerySchema,
      data: myBlogPageSchema,
    },
    async ({ request }) => myPosts(app.db, await owner(app.db, request), request.query),
  );

  route.get(
    `${prefix}/:id`,
    { ...guard, tags, summary: `One of ${who} posts, to edit`, params: idParamsSchema, data: blogPostSchema },
    async ({ request }) => myPost(app.db, await owner(app.db, request), request.params.id),
  );

  route.post(
    `${prefix}/create`,
    {
      ...guard,
      tags,
      summary: `Write a post for ${who} blog: a draft with a unique slug from its title; its HTML is sanitized`,
      body: blogWriteBodySchema,
      data: blogPostSchema,
      status: 201,
      transaction: true,
    },
    async ({ request, tx }) =>
      withMessage(await createPost(tx, await owner(tx, request), request.body), BLOG_MESSAGES.created),
  );

  route.post(
    `${prefix}/update/:id`,
    {
      ...guard,
      tags,
      summary: `Change the title, category and text of one of ${who} posts (its slug stays)`,
      params: idParamsSchema,
      body: blogWriteBodySchema,
      data: blogPostSchema,
      transaction: true,
    },
    async ({ request, tx }) => {
      const writer = await owner(tx, request);
      const post = await updatePost(tx, writer, request.params.id, request.body);
      await changed(tx, writer, request.params.id);
      return withMessage(post, BLOG_MESSAGES.updated);
    },
  );

  route.post(
    `${prefix}/publish/:id`,
    {
      ...guard,
      tags,
      summary: `Publish one of ${who} posts, or move it back to drafts; followers hear of a post once`,
      params: idParamsSchema,
      body: blogPublishBodySchema,
      data: blogPostSchema,
      transaction: true,
    },
    async ({ request, tx }) => {
      const writer = await owner(tx, request);
      const { post, nowPublic } = await setPublished(tx, writer, request.params.id, request.body.published);
      await changed(tx, writer, request.params.id);
      if (nowPublic && post.company) await app.events.emit(tx, 'blog.published', { postId: post.id });
      return withMessage(post, request.body.published ? BLOG_MESSAGES.published : BLOG_MESSAGES.unpublished);
    },
  );

  route.post(
    `${prefix}/delete/:id`,
    {
      ...guard,
      tags,
      summary: `Delete one of ${who} posts, its cover and its pictures`,
      params: idParamsSchema,
      data: z.object({ id: z.number().int() }),
      transaction: true,
    },
    async ({ request, tx }) => {
      const writer = await owner(tx, request);
      await deletePost(tx, app.storage, writer, request.params.id);
      await changed(tx, writer, request.params.id);
      return withMessage({ id: request.params.id }, BLOG_MESSAGES.deleted);
    },
  );

  route.post(
    `${prefix}/cover/:id`,
    {
      ...guard,
      tags,
      summary: `Upload the cover of one of ${who} posts (PNG or JPEG by content), cut to 1200 × 630 and 600 × 315`,
      description: 'multipart/form-data with one field `file`.',
      consumes: ['multipart/form-data'],
      params: idParamsSchema,
      data: blogPostSchema,
    },
    async ({ request }) => {
      const { writer, upload } = await uploadTo(request, request.params.id);
      const post = await saveCover(app.db, app.storage, writer, request.params.id, upload);
      await changed(app.db, writer, request.params.id);
      return withMessage(post, BLOG_MESSAGES.coverSaved);
    },
  );

  route.post(
    `${prefix}/picture/:id`,
    {
      ...guard,
      tags,
      summary: `Upload a picture for the text of one of ${who} posts (PNG or JPEG by content), at most ${BLOG_LIMITS.pictureWidth} px wide`,
      description:
        'multipart/form-data with one field `file`. Answers the WebP made of it, `{src, width, height}`, for an ' +
        '`<img>` in the post; the picture is kept until the post is deleted.',
      consumes: ['multipart/form-data'],
      params: idParamsSchema,
      data: blogPictureSchema,
    },
    async ({ request }) => {
      const { writer, upload } = await uploadTo(request, request.params.id);
      return withMessage(
        await savePicture(app.db, app.storage, writer, request.params.id, upload),
        BLOG_MESSAGES.pictureSaved,
      );
    },
  );

  route.post(
    `${prefix}/cover/:id/delete`,
    {
      ...guard,
      tags,
      summary: `Remove the cover of one of ${who} posts`,
      params: idParamsSchema,
      data: blogPostSchema,
    },
    async ({ request }) => {
      const writer = await owner(app.db, request);
      const post = await removeCover(app.db, app.storage, writer, request.params.id);
      await changed(app.db, writer, request.params.id);
      return withMessage(post, BLOG_MESSAGES.coverRemoved);
    },
  );
}
