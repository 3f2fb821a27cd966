import { z } from 'zod';
import { COMPANY_TYPES } from './auth.ts';
import { page } from './common.ts';

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
export type DirectorySeller = z.infer<typeof directorySellerSchema>;

export const sellerDirectoryPageSchema = page(directorySellerSchema);
