import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParamsSchema } from '@tradeloop/contracts/crm/records';
import {
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  companyReviewsPageSchema,
  companyReviewsQuerySchema,
  createReviewBodySchema,
  listReviewsBodySchema,
  listReviewsQuerySchema,
  moderateBodySchema,
  replyBodySchema,
  reportBodySchema,
  reportedReviewsPageSchema,
  reportedReviewsQuerySchema,
  reviewSchema,
  reviewableQuerySchema,
  reviewablesSchema,
  reviewsPageSchema,
} from '@tradeloop/contracts/reviews';
import { routes, withMessage } from '../../platform/routes.ts';
import { requireOperator } from '../market/public.ts';
import {
  companyReviews,
  createReview,
  listReviews,
  moderateReview,
  replyToReview,
  reportReview,
  reportedReviews,
  reviewables,
} from './service.ts';

const HOUR = 60 * 60 * 1000;

/** Reviews of sellers (issue 18; docs/decisions/045). */
export async function reviewsRoutes(app: FastifyInstance) {
  const route = routes(app);
  const tags = ['company presence: reviews'];

  route.post(
    '/api/v1/front/mini-site/list-reviews',
    {
      access: 'public',
      tags,
      summary:
        'A seller’s reviews, newest first, with the average, count and distribution (shop_id; user_id: one buyer’s)',
      querystring: listReviewsQuerySchema,
      body: listReviewsBodySchema,
      data: reviewsPageSchema,
    },
    async ({ request }) => listReviews(app.db, request.body),
  );

  route.get(
    '/api/v1/front/reviews/reviewable',
    {
      access: 'user',
      tags,
      summary: 'The caller’s enquiries (or, without any, conversations) with seller company_id not reviewed yet',
      querystring: reviewableQuerySchema,
      data: reviewablesSchema,
    },
    async ({ request, user }) => reviewables(app.db, user, request.query.company_id),
  );

  route.post(
    '/api/v1/front/reviews/create',
    {
      access: 'user',
      tags,
      summary: 'Review the seller of an enquiry you sent (enquiry_id) or of a conversation (room_id): once',
      body: createReviewBodySchema,
      data: reviewSchema,
      status: 201,
      transaction: true,
    },
    async ({ request, user, tx }) => {
      await app.rateLimiter.consume('review-create', HOUR, [
        { key: `user:${user.id}`, limit: REVIEW_LIMITS.createsPerHour },
      ]);
      const review = await createReview(tx, app.events, user, request.body);
      return withMessage(review, REVIEW_MESSAGES.created);
    },
  );

  route.post(
    '/api/v1/front/reviews/:id/report',
    {
      access: 'user',
      tags,
      summary: 'Report a review as abusive: the platform operator checks it',
      params: idParamsSchema,
      body: reportBodySchema,
      data: z.null(),
      transaction: true,
    },
    async ({ request, user, tx }) => {
      await app.rateLimiter.consume('review-report', HOUR, [
        { key: `user:${user.id}`, limit: REVIEW_LIMITS.reportsPerHour },
      ]);
      return withMessage(
        await reportReview(tx, user, request.params.id, request.body.reason),
        REVIEW_MESSAGES.reported,
      );
    },
  );

  route.get(
    '/api/v1/reviews',
    {
      access: 'company',
      permission: 'presence',
      tags,
      summary: 'The company’s reviews, newest first, hidden ones marked (unanswered=1: without a reply)',
      querystring: companyReviewsQuerySchema,
      data: companyReviewsPageSchema,
    },
    async ({ request, member }) => companyReviews(app.db, member.companyId, request.query),
  );

  route.post(
    '/api/v1/reviews/:id/reply',
    {
      access: 'company',
      permission: 'presence',
      tags,
      summary: 'Reply to a review of the company, once; another company’s review is 404',
      params: idParamsSchema,
      body: replyBodySchema,
      data: reviewSchema,
      transaction: true,
    },
    async ({ request, member, tx }) =>
      withMessage(
        await replyToReview(tx, app.events, member, request.params.id, request.body.text),
        REVIEW_MESSAGES.replied,
      ),
  );

  route.get(
    '/api/v1/operator/reviews',
    {
      access: 'user',
      tags: ['company presence: reviews (operator)'],
      summary: 'Reported reviews still shown (status open) or hidden ones, platform operator only',
      description: 'Callers who are not operators get 403 (docs/decisions/014).',
      querystring: reportedReviewsQuerySchema,
      data: reportedReviewsPageSchema,
    },
    async ({ request, user }) => {
      await requireOperator(app.db, user.id);
      return reportedReviews(app.db, request.query);
    },
  );

  route.post(
    '/api/v1/operator/reviews/:id/moderate',
    {
      access: 'user',
      tags: ['company presence: reviews (operator)'],
      summary: 'Hide a review (not listed, not counted) or show it again, platform operator only',
      description: 'Callers who are not operators get 403 (docs/decisions/014).',
      params: idParamsSchema,
      body: moderateBodySchema,
      data: z.null(),
      transaction: true,
    },
    async ({ request, user, tx }) => {
      await requireOperator(tx, user.id);
      return withMessage(
        await moderateReview(tx, app.events, request.params.id, request.body.hidden),
        request.body.hidden ? REVIEW_MESSAGES.hidden : REVIEW_MESSAGES.shown,
      );
    },
  );
}
