import { z } from 'zod';
import { crmCountsSchema } from './crm/statistics.ts';
import { STATISTICS_MESSAGES, STATISTICS_PERIODS } from './statistics-constants.ts';

/**
 * GET crm/statistics (spec section 3 "Statistics (total and weekly)", issue 20; docs/decisions/042):
 * the seller's figures over all time and over a chosen period, a series for charts, per company or
 * per member.
 */

const day = (message: string) => z.iso.date({ error: message });

export const statisticsQuerySchema = z
  .object({
    period: z.enum(STATISTICS_PERIODS, { error: STATISTICS_MESSAGES.periodInvalid }).optional(),
    from: day(STATISTICS_MESSAGES.dateInvalid).optional(),
    to: day(STATISTICS_MESSAGES.dateInvalid).optional(),
    user_id: z.coerce
      .number({ error: STATISTICS_MESSAGES.userInvalid })
      .int(STATISTICS_MESSAGES.userInvalid)
      .positive(STATISTICS_MESSAGES.userInvalid)
      .optional(),
  })
  .refine((query) => (query.from === undefined) === (query.to === undefined), {
    path: ['from'],
    message: STATISTICS_MESSAGES.bothDates,
  });
export type StatisticsQuery = z.infer<typeof statisticsQuerySchema>;

const rate = z.number().describe('percent, one decimal');

/** The figures of spec section 3, over one window; the definitions are in docs/decisions/042. */
export const sellerFiguresSchema = z.object({
  total_quotation: z.number().int(),
  /** Orders placed (quotations the buyer accepted, issue 44), cancelled ones included. */
  total_orders: z.number().int(),
  /** Orders per formal quotation sent (issue 44), percent: quotations and orders counted in the same window. */
  quotation_order_conversion_rate: rate,
  /**
   * Order value (issue 44; decision 052): the totals of the orders placed, cancelled ones left out, one
   * figure per currency (never converted), as exact decimal strings in the currency's decimals; currencies
   * without orders in the window are left out.
   */
  order_value: z.array(z.object({ currency: z.string(), amount: z.string() })),
  /** Seconds on the seller's pages per lead that browsed them; null when no lead did. */
  avg_time_spend_lead: z.number().nullable(),
  wishlist_count: z.number().int(),
  total_contacts: z.number().int(),
  total_leads: z.number().int(),
  lead_oppportunity_conversion_rate: rate,
  /** Page views of the seller's pages per lead that browsed them; null when no lead did. */
  avg_page_view_per_lead: z.number().nullable(),
  lead_to_customer_conversion_rate: rate,
  lead_to_opportunity_deal_conversion_rate: rate,
  total_products: z.number().int(),
  total_brands: z.number().int(),
  total_categories: z.number().int(),
  total_rfq: z.number().int(),
  /** Quote requests with a first answer or message from the seller. */
  answered_quotation: z.number().int(),
  /** Median seconds from a quote request to the seller's first answer or message; null when none was answered. */
  median_first_response_seconds: z.number().nullable(),
});
export type SellerFigures = z.infer<typeof sellerFiguresSchema>;

export const statisticsPointSchema = z.object({
  /** First day of the bucket (a day, or the Monday of a week). */
  start: z.iso.date(),
  leads: z.number().int(),
  quotations: z.number().int(),
  answered: z.number().int(),
  median_first_response_seconds: z.number().nullable(),
});
export type StatisticsPoint = z.infer<typeof statisticsPointSchema>;

export const statisticsSchema = z.object({
  /** Kept from the first version: the CRM's record counts, overall and for the last 7 days. */
  total: crmCountsSchema,
  weekly: crmCountsSchema,
  period: z.object({
    from: z.iso.date(),
    to: z.iso.date(),
    days: z.number().int(),
    bucket: z.enum(['day', 'week']),
  }),
  /** The member the figures are narrowed to, or null for the whole company. */
  user_id: z.number().int().nullable(),
  /** Whether the caller may choose another member (false: only their own figures). */
  can_choose_member: z.boolean(),
  figures: z.object({ total: sellerFiguresSchema, period: sellerFiguresSchema }),
  series: z.array(statisticsPointSchema),
});
export type Statistics = z.infer<typeof statisticsSchema>;
