import { z } from 'zod';
import { COMPANY_TYPES } from './auth.ts';
import { page } from './common.ts';
import { MEMBER_TYPES } from './market-constants.ts';

/** The public supplier directory: seller companies with their type and country. */
export const sellerDirectoryQuerySchema = z.object({
  company_type: z.enum(COMPANY_TYPES).optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(12),
});

export const directorySellerSchema = z.object({
  company_id: z.number().int(),
  company_name: z.string(),
  slug: z.string(),
  company_type: z.enum(COMPANY_TYPES),
  country: z.string().nullable(),
  city: z.string().nullable(),
  seller_name: z.string(),
  member_since: z.string(),
});

/** A card's response figures count the quote requests of this many last days... */
export const RESPONSE_WINDOW_DAYS = 90;
/** ...and are shown from this many requests on: one or two say nothing about a supplier. */
export const RESPONSE_MIN_REQUESTS = 3;

/**
 * A supplier card of the public directory: the seller with what buyers judge a supplier by (issue 42): its
 * logo (null without one), its rating (null before its first review), whether the platform verified it and
 * how it answers quote requests (null below RESPONSE_MIN_REQUESTS in the window). Years on TradeLoop are
 * counted from member_since.
 */
export const supplierCardSchema = directorySellerSchema.extend({
  logo: z.string().nullable(),
  rating: z.object({ average: z.number(), count: z.number().int() }).nullable(),
  member_type: z.enum(MEMBER_TYPES),
  response: z
    .object({
      /** Quote requests received in the last RESPONSE_WINDOW_DAYS days. */
      requests: z.number().int(),
      /** The share of them the supplier answered, in whole per cent. */
      rate: z.number().int().min(0).max(100),
      /** The median time to the first answer; null when none was answered. */
      median_seconds: z.number().int().nullable(),
    })
    .nullable(),
});
export type DirectorySeller = z.infer<typeof supplierCardSchema>;

export const sellerDirectoryPageSchema = page(supplierCardSchema);
