import { z } from 'zod';
import { requireSellerCompany } from './auth.ts';
import { AUTH_MESSAGES, COMPANY_TYPES } from './auth-constants.ts';
import { SOCIAL_TYPES } from './auth-social-constants.ts';

export * from './auth-social-constants.ts';

export const socialProviderParamsSchema = z.object({ provider: z.enum(SOCIAL_TYPES) });

/** GET auth/social/providers: the providers this server is configured for, in a stable order. */
export const socialProvidersSchema = z.object({
  providers: z.array(z.object({ type: z.enum(SOCIAL_TYPES), name: z.string(), start_url: z.string() })),
});
export type SocialProviders = z.infer<typeof socialProvidersSchema>;

/**
 * GET auth/social/{provider}/start. `user_type` is the kind of account a new person gets (buyer when
 * absent); a seller brings the company name and type the sign-up form asks for. `next` is a path of the
 * web app to land on.
 */
export const socialStartQuerySchema = z
  .object({
    user_type: z.enum(['seller', 'buyer'], { error: AUTH_MESSAGES.userTypeInvalid }).optional(),
    company_name: z.string().trim().max(150).optional(),
    company_type: z.enum(COMPANY_TYPES, { error: AUTH_MESSAGES.companyTypeRequired }).optional(),
    next: z.string().max(500).optional(),
  })
  .superRefine(requireSellerCompany);
export type SocialStartQuery = z.input<typeof socialStartQuerySchema>;

/** The provider's answer on the callback: a code and the state, or an error and the state. */
export const socialCallbackQuerySchema = z
  .object({
    code: z.string().max(2000).optional(),
    state: z.string().max(200).optional(),
    error: z.string().max(200).optional(),
    error_description: z.string().max(1000).optional(),
  })
  .loose();
