import { z } from 'zod';

/**
 * Onboarding (/OnBoardingStepForm), the welcome modal and the logout confirmation (issue 17,
 * docs/decisions/039). Every text the user sees lives here, used by the server and the web.
 */

/** A seller's steps, in order: company, job details, mobile verification, then a first product or the import. */
export const SELLER_STEPS = ['company', 'job', 'mobile', 'product'] as const;
/** A buyer's steps, in order: interests (categories and countries), then a first search. */
export const BUYER_STEPS = ['interests', 'search'] as const;
export const ONBOARDING_STEPS = [...SELLER_STEPS, ...BUYER_STEPS] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const STEP_STATUSES = ['pending', 'done', 'skipped'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

/** Interests a buyer may pick at most (kept small: they steer suggestions, not a catalogue). */
export const INTEREST_LIMITS = { categories: 20, countries: 20 } as const;

export const ONBOARDING_MESSAGES = {
  stepSaved: 'Step saved.',
  stepSkipped: 'Step skipped. You can come back to it from your profile.',
  interestsSaved: 'Your interests are saved.',
  finished: 'Your account is set up.',
  stepUnknown: 'Please choose a step of your onboarding',
  statusInvalid: 'Please choose done or skipped',
  mobileNotVerified: 'Please verify your mobile number first',
  categoryUnknown: 'Please choose categories from the list',
  countryUnknown: 'Please choose countries from the list',
  tooManyCategories: `Please choose at most ${INTEREST_LIMITS.categories} categories`,
  tooManyCountries: `Please choose at most ${INTEREST_LIMITS.countries} countries`,
  interestsRequired: 'Please choose at least one category or country',
  welcomeDismissed: 'Welcome message dismissed.',
} as const;

/** Texts of the onboarding page. */
export const ONBOARDING_TEXTS = {
  title: 'Set up your account',
  intro: 'A few short steps. Each one is saved as you go; skip any and come back later.',
  later: 'Finish later',
  /** The account menu's way back to unfinished onboarding. */
  resume: 'Finish setting up',
  skip: 'Skip this step',
  back: 'Back',
  saveAndContinue: 'Save and continue',
  finish: 'Finish',
  completion: 'Profile complete',
  steps: {
    company: { label: 'Company', description: 'Type, country and registered address' },
    job: { label: 'Job details', description: 'Your role and how you sell' },
    mobile: { label: 'Mobile', description: 'Verify your mobile number' },
    product: { label: 'First product', description: 'Add a product or import your catalogue' },
    interests: { label: 'Interests', description: 'Categories and countries you buy from' },
    search: { label: 'First search', description: 'Find your first product' },
  } satisfies Record<OnboardingStep, { label: string; description: string }>,
  mobileVerified: 'Your mobile number is verified.',
  verifyMobile: 'Verify mobile number',
  addProduct: 'Add your first product',
  importCatalogue: 'Import your catalogue',
  searchLabel: 'What are you looking for?',
  searchPlaceholder: 'e.g. stainless steel valves',
  search: 'Search products',
} as const;

/** The welcome modal, shown once after onboarding (docs/decisions/039). */
export const WELCOME_TEXTS = {
  title: 'Welcome to TradeLoop',
  seller: 'Your company is on TradeLoop. Add products, answer enquiries and follow every lead in your CRM.',
  buyer: 'Find products from verified suppliers, request quotes and chat with sellers, all in one place.',
  start: 'Get started',
} as const;

/** The logout confirmation modal of spec section 2. */
export const LOGOUT_TEXTS = {
  title: 'Sign out?',
  body: 'You will need to sign in again to see your messages, enquiries and CRM.',
  confirm: 'Sign out',
  cancel: 'Cancel',
} as const;

const stepStateSchema = z.object({ step: z.enum(ONBOARDING_STEPS), status: z.enum(STEP_STATUSES) });

export const interestsSchema = z.object({
  category_ids: z.array(z.number().int()),
  country_codes: z.array(z.string()),
});
export type Interests = z.infer<typeof interestsSchema>;

/** GET /api/v1/onboarding: the caller's steps and where they stand. */
export const onboardingSchema = z.object({
  /** The user's steps in order; empty for sub-users (they act inside their seller's company). */
  steps: z.array(stepStateSchema),
  /** The first pending step, or null when every step is done or skipped. */
  current_step: z.enum(ONBOARDING_STEPS).nullable(),
  finished: z.boolean(),
  /** Whether the user has seen (closed) the welcome modal. */
  welcome_seen: z.boolean(),
  /** The welcome modal is due: onboarding is finished and it has not been seen. */
  show_welcome: z.boolean(),
  interests: interestsSchema,
  complete_profile: z.number().int(),
  pending_fields: z.array(z.string()),
});
export type Onboarding = z.infer<typeof onboardingSchema>;

export const onboardingStepBodySchema = z
  .object({
    step: z.enum(ONBOARDING_STEPS, { error: ONBOARDING_MESSAGES.stepUnknown }),
    status: z.enum(['done', 'skipped'], { error: ONBOARDING_MESSAGES.statusInvalid }),
  })
  .strict();
export type OnboardingStepBody = z.input<typeof onboardingStepBodySchema>;

export const interestsBodySchema = z
  .object({
    category_ids: z
      .array(z.number().int().positive(), { error: ONBOARDING_MESSAGES.categoryUnknown })
      .max(INTEREST_LIMITS.categories, ONBOARDING_MESSAGES.tooManyCategories)
      .default([]),
    country_codes: z
      .array(z.string().regex(/^[A-Z]{2,3}$/, ONBOARDING_MESSAGES.countryUnknown), {
        error: ONBOARDING_MESSAGES.countryUnknown,
      })
      .max(INTEREST_LIMITS.countries, ONBOARDING_MESSAGES.tooManyCountries)
      .default([]),
  })
  .strict()
  .refine((body) => body.category_ids.length + body.country_codes.length > 0, {
    path: ['category_ids'],
    message: ONBOARDING_MESSAGES.interestsRequired,
  });
export type InterestsBody = z.input<typeof interestsBodySchema>;
