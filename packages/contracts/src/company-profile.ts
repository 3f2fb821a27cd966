import { z } from 'zod';
import {
  BUSINESS_TYPES,
  COMPANY_PROFILE_LIMITS as LIMITS,
  COMPANY_PROFILE_MESSAGES as MESSAGES,
  EMPLOYEE_BANDS,
  FACILITY_CHOICES,
  PROFILE_IMAGE_KINDS,
} from './company-profile-constants.ts';
import { marketProductSchema } from './market.ts';
import { socialAccountSchema } from './presence.ts';

export * from './company-profile-constants.ts';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Free text of a profile: plain text (markup is removed on the server), at most `max` characters. */
const text = (max: number) => z.string().trim().max(max, MESSAGES.tooLong(max));
const optionalText = (max: number) =>
  z.preprocess((value) => (value === null || value === undefined ? '' : value), text(max)).default('');

// ---------------------------------------------------------------------------------------------
// Images (factory pictures, certificates)

export const profileImageSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PROFILE_IMAGE_KINDS),
  thumb: z.string(),
  card: z.string(),
  full: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ProfileImage = z.infer<typeof profileImageSchema>;

export const profileImageUploadFieldsSchema = z.object({
  kind: z.enum(PROFILE_IMAGE_KINDS).default('factory'),
});

// ---------------------------------------------------------------------------------------------
// The profile as the seller edits it (POST company_profile/update)

const businessTypeEntrySchema = z.object({
  name: z.enum(BUSINESS_TYPES, { error: MESSAGES.businessTypeUnknown }),
  toggle: z.coerce
    .number()
    .int()
    .min(0)
    .max(1)
    .transform((value) => value as 0 | 1),
});

const factoryInputSchema = z.object({
  name: text(LIMITS.shortText).min(1, MESSAGES.factoryNameRequired),
  details: optionalText(LIMITS.address),
  /** Ids of uploaded factory images, in order. */
  factoryImage: z.array(id).max(LIMITS.imagesPerFactory, MESSAGES.tooMany(LIMITS.imagesPerFactory)).default([]),
});

const year = z.coerce
  .number({ error: MESSAGES.yearInvalid })
  .int(MESSAGES.yearInvalid)
  .min(LIMITS.firstYear, MESSAGES.yearInvalid)
  .refine((value) => value <= new Date().getUTCFullYear(), MESSAGES.yearInvalid);
const yearSchema = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  z.union([z.null(), year]),
);

const certificationInputSchema = z.object({
  name: text(LIMITS.shortText).min(1, MESSAGES.certificationNameRequired),
  issuer: optionalText(LIMITS.shortText),
  year: z.preprocess((value) => (value === '' || value === undefined ? null : value), z.union([z.null(), year])),
  image_id: z.union([z.null(), id]).optional().default(null),
});

export const companyProfileBodySchema = z.object({
  /** The uploaded logo's id (kind logo); null takes the logo off, left out keeps the current one. */
  logo_image_id: z.union([z.null(), id]).optional(),
  business_type: z
    .array(businessTypeEntrySchema)
    .max(BUSINESS_TYPES.length)
    .default([])
    .superRefine((entries, context) => {
      const seen = new Set<string>();
      entries.forEach((entry, index) => {
        if (seen.has(entry.name))
          context.addIssue({ code: 'custom', path: [index, 'name'], message: MESSAGES.businessTypeRepeated });
        seen.add(entry.name);
      });
    }),
  about: optionalText(LIMITS.about),
  qaqc_rnd: optionalText(LIMITS.qaqcRnd),
  year_established: yearSchema,
  employees: z.enum(EMPLOYEE_BANDS).nullable().optional(),
  main_markets: z
    .array(text(LIMITS.shortText).min(1))
    .max(LIMITS.mainMarkets, MESSAGES.tooMany(LIMITS.mainMarkets))
    .default([]),
  reg_street_address: optionalText(LIMITS.address),
  reg_additional_address: optionalText(LIMITS.address),
  registration_city: optionalText(LIMITS.shortText),
  reg_region_state_province: optionalText(LIMITS.shortText),
  registration_postalcode: optionalText(LIMITS.postalCode),
  facilities: z
    .object({
      selected_value: z.enum(FACILITY_CHOICES).default('no'),
      factoryData: z.array(factoryInputSchema).max(LIMITS.factories, MESSAGES.tooMany(LIMITS.factories)).default([]),
    })
    .default({ selected_value: 'no', factoryData: [] }),
  certifications: z
    .array(certificationInputSchema)
    .max(LIMITS.certifications, MESSAGES.tooMany(LIMITS.certifications))
    .default([]),
});
export type CompanyProfileBody = z.input<typeof companyProfileBodySchema>;
export type CompanyProfileInput = z.infer<typeof companyProfileBodySchema>;

// ---------------------------------------------------------------------------------------------
// The profile as GET company_profile/view and the mini-site answer it

export const factorySchema = z.object({
  name: z.string(),
  details: z.string(),
  factoryImage: z.array(profileImageSchema),
});

export const facilitiesSchema = z.object({
  selected_value: z.enum(FACILITY_CHOICES),
  factoryData: z.array(factorySchema),
  /** The factory images helper (spec section 3): none when selected_value is no, else every factory's images. */
  factory_images: z.array(profileImageSchema),
});
export type Facilities = z.infer<typeof facilitiesSchema>;

export const certificationSchema = z.object({
  name: z.string(),
  issuer: z.string(),
  year: z.number().int().nullable(),
  image: profileImageSchema.nullable(),
});

export const companyProfileSchema = z.object({
  company_id: z.number().int(),
  /** Every business type with its toggle (1: the company is one). */
  business_type: z.array(z.object({ name: z.enum(BUSINESS_TYPES), toggle: z.union([z.literal(0), z.literal(1)]) })),
  /** The business type helper's text (spec section 3). */
  business_type_name: z.string(),
  /** The company's logo (PNG or JPEG, re-encoded), or null. */
  logo: profileImageSchema.nullable(),
  about: z.string(),
  qaqc_rnd: z.string(),
  year_established: z.number().int().nullable(),
  employees: z.enum(EMPLOYEE_BANDS).nullable(),
  main_markets: z.array(z.string()),
  reg_street_address: z.string(),
  reg_additional_address: z.string(),
  registration_city: z.string(),
  reg_region_state_province: z.string(),
  registration_postalcode: z.string(),
  facilities: facilitiesSchema,
  certifications: z.array(certificationSchema),
  updated_at: z.string().nullable(),
});
export type CompanyProfile = z.infer<typeof companyProfileSchema>;

// ---------------------------------------------------------------------------------------------
// The mini-site (GET front/mini-site/{slug}, public)

export const miniSiteParamsSchema = z.object({ slug: z.string().trim().min(1).max(200) });

export const miniSiteSchema = z.object({
  company: z.object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    business_type: z.string(),
    country_code: z.string().nullable(),
    country_name: z.string().nullable(),
    city: z.string().nullable(),
    logo: z.string().nullable(),
    verified: z.boolean(),
    member_type: z.string(),
    member_since: z.string(),
    seller_user_id: z.number().int().nullable(),
  }),
  profile: companyProfileSchema,
  social: z.array(socialAccountSchema),
  followers: z.number().int(),
  products: z.number().int(),
  featured_products: z.array(marketProductSchema),
  /** The company's rating (today the buyers' chat ratings; the reviews module later). */
  rating: z.object({ average: z.number().nullable(), count: z.number().int() }),
});
export type MiniSite = z.infer<typeof miniSiteSchema>;
