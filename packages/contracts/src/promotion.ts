import { z } from 'zod';
import { page } from './common.ts';
import { marketProductSchema } from './market.ts';
import {
  AD_LIMITS,
  AD_TYPES,
  BANNER_COLOR,
  BANNER_LIMITS,
  BANNER_PAGES,
  BANNER_TOGGLES,
  PROMOTION_MESSAGES as M,
  type BannerToggle,
} from './promotion-constants.ts';

export * from './promotion-constants.ts';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

// ---------------------------------------------------------------------------------------------
// Ads (spec section 7: ads/getlist, ads/create, ads/update, ads/delete/{id}, ads/getdetails/{id})

/** A calendar day, YYYY-MM-DD, that exists (2026-02-30 does not). */
const isDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const day = z.string({ error: M.dateInvalid }).refine(isDay, M.dateInvalid);

const term = z
  .string()
  .trim()
  .max(AD_LIMITS.titleMax, M.titleTooLong)
  .nullish()
  .transform((value) => (value ? value : null));

const adFields = z.object({
  ad_type: z.enum(AD_TYPES, { error: M.adTypeInvalid }),
  title_1: z.string({ error: M.titleRequired }).trim().min(1, M.titleRequired).max(AD_LIMITS.titleMax, M.titleTooLong),
  title_2: term,
  title_3: term,
  product_ids: z
    .array(id, { error: M.productsRequired })
    .min(1, M.productsRequired)
    .max(AD_LIMITS.productsMax, M.productsTooMany)
    .transform((ids) => [...new Set(ids)]),
  start_date: day,
  end_date: day,
});

const datesInOrder = (body: { start_date: string; end_date: string }, context: z.RefinementCtx) => {
  if (body.end_date < body.start_date)
    context.addIssue({ code: 'custom', path: ['end_date'], message: M.endBeforeStart });
};

export const adCreateBodySchema = adFields.superRefine(datesInOrder);
export type AdCreateBody = z.infer<typeof adCreateBodySchema>;
export const adUpdateBodySchema = adFields.extend({ id }).superRefine(datesInOrder);
export type AdUpdateBody = z.infer<typeof adUpdateBodySchema>;

export const adListBodySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(50).default(20),
});

export const adProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  main_image: z.string().nullable(),
});

export const adSchema = z.object({
  id: z.number().int(),
  ad_type: z.enum(AD_TYPES),
  title_1: z.string(),
  title_2: z.string().nullable(),
  title_3: z.string().nullable(),
  product_ids: z.array(z.number().int()),
  products: z.array(adProductSchema),
  start_date: z.string(),
  end_date: z.string(),
  status: z.enum(['scheduled', 'running', 'ended']),
  impressions: z.number().int(),
  clicks: z.number().int(),
  created_at: z.string(),
});
export type Ad = z.infer<typeof adSchema>;
export const adsPageSchema = page(adSchema);

/** The seller's product picker (spec: product/list, per_page 100). */
export const adProductListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(AD_LIMITS.pickerPerPage).default(AD_LIMITS.pickerPerPage),
  search: z.string().trim().max(100).optional(),
});

export const sponsoredQuerySchema = z.object({
  keyword: z.string().trim().max(200).optional(),
  category_id: id.optional(),
  product_id: id.optional(),
  currency: z.coerce.number().int().positive().default(1),
});
export type SponsoredQuery = z.infer<typeof sponsoredQuerySchema>;

export const sponsoredAdSchema = z.object({
  ad_id: z.number().int(),
  title: z.string(),
  products: z.array(marketProductSchema),
});
export type SponsoredAd = z.infer<typeof sponsoredAdSchema>;
export const sponsoredSchema = z.array(sponsoredAdSchema);

export const adClickBodySchema = z.object({ product_id: id.optional() });
export const adClickSchema = z.object({ counted: z.boolean() });

// ---------------------------------------------------------------------------------------------
// Banners (spec section 7: users/banner_setting/list, users/banner_setting, users/banner_setting/update/{id})

const toggle = z.enum(['on', 'off'], { error: M.toggleInvalid });

const bannerFieldShape = {
  page: z.enum(BANNER_PAGES, { error: M.bannerPageInvalid }),
  background_color: z
    .string({ error: M.colorInvalid })
    .trim()
    .regex(BANNER_COLOR, M.colorInvalid)
    .transform((value) => value.toLowerCase()),
  alt_tag: z.string({ error: M.altRequired }).trim().min(1, M.altRequired).max(BANNER_LIMITS.altMax, M.altTooLong),
  ...(Object.fromEntries(BANNER_TOGGLES.map((name) => [name, toggle.default('off')])) as Record<
    BannerToggle,
    z.ZodDefault<typeof toggle>
  >),
};

/** The text fields of a new banner (multipart; each toggle "on" or "off", a missing toggle is off). */
export const bannerCreateFieldsSchema = z.object(bannerFieldShape);
export type BannerCreateFields = z.infer<typeof bannerCreateFieldsSchema>;

/** The text fields of a change (`_method` patch): what is missing stays; `delete_image_ids` (comma-separated) are removed. */
export const bannerUpdateFieldsSchema = z.object({
  _method: z.string().optional(),
  page: bannerFieldShape.page.optional(),
  background_color: bannerFieldShape.background_color.optional(),
  alt_tag: bannerFieldShape.alt_tag.optional(),
  ...(Object.fromEntries(BANNER_TOGGLES.map((name) => [name, toggle.optional()])) as Record<
    BannerToggle,
    z.ZodOptional<typeof toggle>
  >),
  delete_image_ids: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .map(Number),
    )
    .pipe(z.array(z.number().int().positive())),
});
export type BannerUpdateFields = z.infer<typeof bannerUpdateFieldsSchema>;

export const bannerImageSchema = z.object({
  id: z.number().int(),
  large: z.string(),
  small: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type BannerImage = z.infer<typeof bannerImageSchema>;

export const bannerSettingSchema = z.object({
  id: z.number().int(),
  page: z.enum(BANNER_PAGES),
  background_color: z.string(),
  alt_tag: z.string(),
  ...(Object.fromEntries(BANNER_TOGGLES.map((name) => [name, z.boolean()])) as Record<BannerToggle, z.ZodBoolean>),
  images: z.array(bannerImageSchema),
  updated_at: z.string(),
});
export type BannerSetting = z.infer<typeof bannerSettingSchema>;
export const bannerSettingsSchema = z.array(bannerSettingSchema);

export const bannerParamsSchema = z.object({ id });
export const frontBannerParamsSchema = z.object({ company_id: id });
export const frontBannerQuerySchema = z.object({
  page: z.enum(BANNER_PAGES, { error: M.bannerPageInvalid }).default('home'),
});
export const frontBannerSchema = z.object({ banner: bannerSettingSchema.nullable() });
