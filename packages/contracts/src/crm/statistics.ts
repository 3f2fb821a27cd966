import { z } from 'zod';

/**
 * The CRM's counts and conversion rates, in all and for the week; the seller dashboard's statistics
 * are in ../statistics.ts.
 */

export const crmCountsSchema = z.object({
  total_leads: z.number().int(),
  total_contacts: z.number().int(),
  total_accounts: z.number().int(),
  total_deals: z.number().int(),
  converted_leads: z.number().int(),
  leads_with_deals: z.number().int(),
  leads_won: z.number().int(),
  /** converted leads / leads, in percent. */
  lead_oppportunity_conversion_rate: z.number(),
  /** leads whose deal was won / leads, in percent. */
  lead_to_customer_conversion_rate: z.number(),
  /** leads converted with a deal / leads, in percent. */
  lead_to_opportunity_deal_conversion_rate: z.number(),
});
export const crmStatisticsSchema = z.object({ total: crmCountsSchema, weekly: crmCountsSchema });
export type CrmStatistics = z.infer<typeof crmStatisticsSchema>;
