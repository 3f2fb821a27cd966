import { z } from 'zod';
import { roomSchema } from './chat.ts';
import { DEFAULT_CURRENCY_ID } from './common.ts';
import { marketProductSchema } from './market.ts';
import { followedCompanySchema } from './presence.ts';
import { ENQUIRY_STATUSES, enquirySummarySchema } from './quotes.ts';

/**
 * GET /api/v1/dashboard/buyer (issue 42; docs/decisions/066): a buyer's home in one answer, composed
 * from the quotes, chat, presence, market, blogs and tracking modules. For buyers only.
 */

/** How many of each list the home shows; each section links to its full page. */
export const BUYER_HOME_LIMITS = {
  enquiries: 6,
  conversations: 5,
  followed: 6,
  news: 6,
  wishlist: 4,
  recommendations: 8,
  /** Product views (the buyer's latest) whose categories recommendations draw from and leave out. */
  viewed: 50,
} as const;

export const buyerHomeQuerySchema = z.object({
  currency: z.coerce.number().int().positive().default(DEFAULT_CURRENCY_ID),
});

/** Why a product is recommended: a category the buyer chose in onboarding, or one of what they viewed. */
export const RECOMMENDATION_REASONS = ['interests', 'browsing'] as const;
export type RecommendationReason = (typeof RECOMMENDATION_REASONS)[number];
export const RECOMMENDATION_REASON_LABELS: Record<RecommendationReason, string> = {
  interests: 'From your interests',
  browsing: 'Like what you viewed',
};

export const NEWS_KINDS = ['product', 'post'] as const;
/** A followed supplier's news: a product it listed or a blog post it published. */
export const supplierNewsSchema = z.object({
  kind: z.enum(NEWS_KINDS),
  id: z.number().int(),
  title: z.string(),
  /** The app's path of the product or post. */
  url: z.string(),
  company_id: z.number().int(),
  company_name: z.string(),
  at: z.string(),
});
export type SupplierNews = z.infer<typeof supplierNewsSchema>;

export const buyerHomeSchema = z.object({
  enquiries: z.object({
    /** Offers awaiting the buyer's accept or decline first ("Price offered"), then by latest activity. */
    items: z.array(enquirySummarySchema),
    counts: z.record(z.enum(ENQUIRY_STATUSES), z.number().int()),
    total: z.number().int(),
  }),
  conversations: z.object({
    /** Rooms with unread messages first, then by last message; new requests included. */
    items: z.array(roomSchema),
    unread_count: z.number().int(),
    unread_rooms: z.number().int(),
  }),
  following: z.object({
    companies: z.array(followedCompanySchema),
    total: z.number().int(),
    /** Newest first. */
    news: z.array(supplierNewsSchema),
  }),
  wishlist: z.object({
    items: z.array(marketProductSchema.extend({ added_at: z.string() })),
    total: z.number().int(),
  }),
  recommendations: z.array(marketProductSchema.extend({ reason: z.enum(RECOMMENDATION_REASONS) })),
});
export type BuyerHome = z.infer<typeof buyerHomeSchema>;
export type BuyerRecommendation = BuyerHome['recommendations'][number];
