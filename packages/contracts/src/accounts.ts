import { z } from 'zod';
import { withPlus } from './accounts-mobile.ts';
import { COMPANY_TYPES, localUserSchema } from './auth.ts';

export const PROFILE_MESSAGES = {
  updated: 'Profile updated successfully.',
  userTypeMismatch: 'This profile view is for another type of user.',
  invalidTimeZone: 'Please choose a valid time zone',
  invalidCountry: 'Please choose a valid country',
  tooLong: 'This value is too long',
  avatarSaved: 'Profile photo saved.',
  avatarRemoved: 'Profile photo removed.',
} as const;

/** An uploaded profile photo: PNG or JPEG (IMAGE_RULES), cut to a square of this many pixels, WebP. */
export const AVATAR_SIZE = 256;

export const GENDERS = ['male', 'female', 'other'] as const;

/** Profile fields of spec section 3 a user can edit (basic details). */
export const BASIC_FIELDS = [
  'full_name',
  'first_name',
  'last_name',
  'gender',
  'country',
  'state',
  'city',
  'postal_code',
  'address',
  'street_address',
  'lats',
  'longs',
  'mobile_code',
  'mobile_country_code',
  'mobile',
  'avatar_original',
] as const;

/** Job details of spec section 3. */
export const JOB_FIELDS = [
  'department',
  'designation',
  'main_language_1',
  'language',
  'time_zone',
  'procurement_priorities',
  'purchasing_authority',
  'technical_expertise',
  'years_of_experience',
  'job_function',
  'job_role',
  'industry_knowledge',
  'education',
  'location',
  'target_customer',
  'industry_expertise',
  'company_type',
  'sales_skills',
  'certification',
] as const;

/** Company registration address of spec section 3 (sellers). */
export const REGISTRATION_FIELDS = [
  'reg_street_address',
  'reg_additional_address',
  'registration_city',
  'reg_region_state_province',
  'registration_postalcode',
] as const;

export type BasicField = (typeof BASIC_FIELDS)[number];
export type JobField = (typeof JOB_FIELDS)[number];
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];
export type ProfileField = BasicField | JobField | RegistrationField;

/** A buyer's interests (onboarding, docs/decisions/039): counted like a field, though not one of the profile. */
export const INTERESTS_FIELD = 'interests';
export type CompletionField = ProfileField | typeof INTERESTS_FIELD;

/**
 * Fields that count towards complete_profile, per user type. Buyers have no company
 * registration; sales-side job fields are not asked of buyers and purchasing ones not of sellers.
 */
export const COMPLETION_FIELDS = {
  seller: [
    'full_name',
    'mobile',
    'avatar_original',
    'country',
    'state',
    'city',
    'postal_code',
    'street_address',
    'department',
    'designation',
    'language',
    'time_zone',
    'years_of_experience',
    'job_function',
    'target_customer',
    'sales_skills',
    'company_type',
    'reg_street_address',
    'registration_city',
    'reg_region_state_province',
    'registration_postalcode',
  ],
  subuser: [
    'full_name',
    'mobile',
    'avatar_original',
    'country',
    'city',
    'department',
    'designation',
    'language',
    'time_zone',
    'job_function',
    'sales_skills',
  ],
  others: [
    'full_name',
    'mobile',
    'avatar_original',
    'country',
    'state',
    'city',
    'postal_code',
    'street_address',
    'department',
    'designation',
    'language',
    'time_zone',
    'procurement_priorities',
    'purchasing_authority',
    'job_function',
    'industry_knowledge',
    INTERESTS_FIELD,
  ],
} as const satisfies Record<string, readonly CompletionField[]>;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, PROFILE_MESSAGES.tooLong)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/** Any IANA zone name, aliases included (Asia/Kolkata as well as Asia/Calcutta). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
}

export const updateProfileBodySchema = z
  .object({
    full_name: z.string().trim().min(1, 'Please enter your full name').max(100, PROFILE_MESSAGES.tooLong).optional(),
    first_name: text(100),
    last_name: text(100),
    gender: z.enum(GENDERS).nullable().optional(),
    country: z
      .string()
      .trim()
      .regex(/^[A-Z]{2}$/, PROFILE_MESSAGES.invalidCountry)
      .nullable()
      .optional(),
    state: text(100),
    city: text(100),
    postal_code: text(20),
    address: text(255),
    street_address: text(255),
    lats: text(32),
    longs: text(32),
    mobile_code: text(8),
    mobile_country_code: text(8).transform((value) => (value ? withPlus(value) : value)),
    mobile: z
      .string()
      .trim()
      .regex(/^\d{0,15}$/, 'Please enter correct mobile no')
      .transform((value) => (value === '' ? null : value))
      .nullable()
      .optional(),
    avatar_original: text(500),
    department: text(100),
    designation: text(100),
    main_language_1: text(50),
    language: text(100),
    time_zone: z.string().refine(isTimeZone, PROFILE_MESSAGES.invalidTimeZone).nullable().optional(),
    procurement_priorities: text(500),
    purchasing_authority: text(100),
    technical_expertise: text(500),
    years_of_experience: text(20),
    job_function: text(100),
    job_role: text(100),
    industry_knowledge: text(500),
    education: text(200),
    location: text(200),
    target_customer: text(500),
    industry_expertise: text(500),
    company_type: z.enum(COMPANY_TYPES).nullable().optional(),
    sales_skills: text(500),
    certification: text(500),
    reg_street_address: text(255),
    reg_additional_address: text(255),
    registration_city: text(100),
    reg_region_state_province: text(100),
    registration_postalcode: text(20),
  })
  .strict();
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;

const nullableText = z.string().nullable();

function nullableFields<const K extends readonly string[]>(keys: K) {
  return Object.fromEntries(keys.map((key) => [key, nullableText])) as {
    [P in K[number]]: typeof nullableText;
  };
}

/** The profile of spec section 3: basic details, job details and registration address, flat. */
export const profileSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  plan_status: z.object({ name: z.string(), icon: z.string() }),
  email_id: z.string(),
  mobile_verified: z.string(),
  role: localUserSchema.shape.role,
  default_role: localUserSchema.shape.default_role,
  member_id: z.string(),
  email_verified: z.boolean(),
  pending_fields: z.array(z.string()),
  complete_profile: z.number().int(),
  social_type: nullableText,
  user_type: localUserSchema.shape.user_type,
  company_name: nullableText,
  online: z.boolean(),
  ...nullableFields(BASIC_FIELDS),
  full_name: z.string(),
  ...nullableFields(JOB_FIELDS),
  ...nullableFields(REGISTRATION_FIELDS),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileViewBodySchema = z.object({
  user_type: z.enum(['seller', 'subuser'], { error: PROFILE_MESSAGES.userTypeMismatch }),
});

export const deleteStatusSchema = z.object({ user_deleted_status: z.boolean() });
