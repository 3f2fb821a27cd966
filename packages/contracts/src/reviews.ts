import { z } from 'zod';
import { page } from './common.ts';
import { REVIEW_LIMITS, REVIEW_MESSAGES } from './reviews-constants.ts';

export * from './reviews-constants.ts';

/*
 * Reviews of sellers (issue 18, spec section 7 `front/mini-site/list-reviews?type=Review`;
 * docs/decisions/045).
 */

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const pageNumber = z.coerce.number().int().min(1).max(100_000).default(1);
const perPage = z.coerce.number().int().min(1).max(50).default(REVIEW_LIMITS.perPage);

export const ratingValueSchema = z.coerce
  .number({ error: REVIEW_MESSAGES.ratingRange })
  .int(REVIEW_MESSAGES.ratingRange)
  .min(1, REVIEW_MESSAGES.ratingRange)
  .max(5, REVIEW_MESSAGES.ratingRange);

export const reviewTextSchema = z
  .string({ error: REVIEW_MESSAGES.textRequired })
  .trim()
  .min(1, REVIEW_MESSAGES.textRequired)
  .min(REVIEW_LIMITS.textMin, REVIEW_MESSAGES.textTooShort)
  .max(REVIEW_LIMITS.textMax, REVIEW_MESSAGES.textTooLong);

/** A seller's answer to a review. */
export const reviewReplySchema = z.object({
  text: z.string(),
  replied_at: z.string(),
});

export const reviewSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  buyer_id: z.number().int(),
  buyer_name: z.string(),
  buyer_country: z.string().nullable(),
  rating: z.number().int(),
  /** Plain text: shown as text, never as HTML. */
  text: z.string(),
  /** What the review is about: the enquiry's product, or null for a conversation. */
  product_name: z.string().nullable(),
  source: z.enum(['enquiry', 'conversation']),
  reply: reviewReplySchema.nullable(),
  created_at: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

/** Average, count and how many reviews gave each of 1 to 5 stars (hidden reviews do not count). */
export const ratingSummarySchema = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
  distribution: z.object({
    1: z.number().int(),
    2: z.number().int(),
    3: z.number().int(),
    4: z.number().int(),
    5: z.number().int(),
  }),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

/** POST front/mini-site/list-reviews?type=Review (shop_id, user_id). */
export const listReviewsQuerySchema = z.object({ type: z.literal('Review').default('Review') });
export const listReviewsBodySchema = z.object({
  /** The seller company. */
  shop_id: id,
  /** Only this buyer's reviews. */
  user_id: id.nullish(),
  page: pageNumber,
  per_page: perPage,
});
export type ListReviewsBody = z.input<typeof listReviewsBodySchema>;

export const reviewsPageSchema = page(reviewSchema).extend({
  company_id: z.number().int(),
  summary: ratingSummarySchema,
});
export type ReviewsPage = z.infer<typeof reviewsPageSchema>;

/** Writes a review of the seller of an enquiry (enquiry_id) or of a conversation (room_id). */
export const createReviewBodySchema = z
  .object({
    enquiry_id: id.nullish(),
    room_id: id.nullish(),
    rating: ratingValueSchema,
    text: reviewTextSchema,
  })
  .superRefine((body, context) => {
    if (!body.enquiry_id === !body.room_id)
      context.addIssue({ code: 'custom', path: ['enquiry_id'], message: REVIEW_MESSAGES.sourceRequired });
  });
export type CreateReviewBody = z.input<typeof createReviewBodySchema>;

/** An enquiry or conversation with the seller the caller may still review. */
export const reviewableSchema = z.object({
  kind: z.enum(['enquiry', 'conversation']),
  /** The enquiry id or the chat room id. */
  id: z.number().int(),
  label: z.string(),
  date: z.string(),
});
export type Reviewable = z.infer<typeof reviewableSchema>;
export const reviewableQuerySchema = z.object({ company_id: id });
export const reviewablesSchema = z.object({ company_id: z.number().int(), items: z.array(reviewableSchema) });
export type Reviewables = z.infer<typeof reviewablesSchema>;

export const replyBodySchema = z.object({
  text: z
    .string({ error: REVIEW_MESSAGES.replyRequired })
    .trim()
    .min(1, REVIEW_MESSAGES.replyRequired)
    .max(REVIEW_LIMITS.replyMax, REVIEW_MESSAGES.replyTooLong),
});

export const reportBodySchema = z.object({
  reason: z.string().trim().max(REVIEW_LIMITS.reasonMax, REVIEW_MESSAGES.reasonTooLong).optional(),
});

/** The seller's list of its company's reviews (hidden ones included, marked). */
export const companyReviewsQuerySchema = z.object({
  page: pageNumber,
  per_page: perPage,
  unanswered: z.enum(['0', '1']).optional(),
});
export const companyReviewSchema = reviewSchema.extend({ hidden: z.boolean() });
export const companyReviewsPageSchema = page(companyReviewSchema).extend({ summary: ratingSummarySchema });
export type CompanyReviewsPage = z.infer<typeof companyReviewsPageSchema>;

/** The platform operator's list of reported reviews. */
export const reportedReviewsQuerySchema = z.object({
  status: z.enum(['open', 'hidden']).default('open'),
  page: pageNumber,
  per_page: perPage,
});
export const reportedReviewSchema = reviewSchema.extend({
  company_name: z.string(),
  hidden: z.boolean(),
  reports: z.number().int(),
  reasons: z.array(z.string()),
  reported_at: z.string(),
});
export type ReportedReview = z.infer<typeof reportedReviewSchema>;
export const reportedReviewsPageSchema = page(reportedReviewSchema);
export const moderateBodySchema = z.object({ hidden: z.boolean() });
