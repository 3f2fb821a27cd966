import { z } from 'zod';

import { AUTH_MESSAGES, COMPANY_TYPES, ROLES, USER_TYPES } from './auth-constants.ts';

export * from './auth-constants.ts';
const email = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(254, AUTH_MESSAGES.emailInvalid)
  .pipe(z.email({ error: AUTH_MESSAGES.emailInvalid }))
  .transform((value) => value.toLowerCase());

const password = z.string({ error: AUTH_MESSAGES.passwordRequired }).min(1, AUTH_MESSAGES.passwordRequired);

/** The e-mail and password fields of the auth forms, for other forms that ask for them (e-mail change). */
export { email as emailFieldSchema, password as passwordFieldSchema };

/** A new password: the sign-up rules. */
export const newPasswordSchema = password
  .min(8, AUTH_MESSAGES.passwordTooShort)
  .max(128, AUTH_MESSAGES.passwordTooLong);

/** A seller names the company and its type (sign-up, and a seller's social sign-up). */
export function requireSellerCompany(
  body: { user_type?: string; company_name?: string; company_type?: string },
  ctx: z.RefinementCtx,
) {
  if (body.user_type !== 'seller') return;
  if (!body.company_name) {
    ctx.addIssue({ code: 'custom', path: ['company_name'], message: AUTH_MESSAGES.companyNameRequired });
  }
  if (!body.company_type) {
    ctx.addIssue({ code: 'custom', path: ['company_type'], message: AUTH_MESSAGES.companyTypeRequired });
  }
}

export const signupBodySchema = z
  .object({
    full_name: z
      .string({ error: AUTH_MESSAGES.fullNameRequired })
      .trim()
      .min(1, AUTH_MESSAGES.fullNameRequired)
      .max(100, AUTH_MESSAGES.fullNameTooLong),
    email_id: email,
    password: newPasswordSchema,
    user_type: z.enum(['seller', 'buyer'], { error: AUTH_MESSAGES.userTypeInvalid }),
    company_name: z.string().trim().max(150).optional(),
    company_type: z.enum(COMPANY_TYPES, { error: AUTH_MESSAGES.companyTypeRequired }).optional(),
  })
  .superRefine(requireSellerCompany);
export type SignupBody = z.input<typeof signupBodySchema>;

export const signinBodySchema = z.object({ email_id: email, password });
export type SigninBody = z.input<typeof signinBodySchema>;

export const autologinLinkBodySchema = z.object({ email_id: email });

/** Local user data of spec section 3, sent with every sign-in and kept by the client. */
export const localUserSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  email_id: z.string(),
  user_type: z.enum(USER_TYPES),
  role: z.enum(ROLES),
  default_role: z.enum(ROLES),
  /** The name of the user's role in its company (decision 038); null for a buyer. */
  role_name: z.string().nullable(),
  /** What the role lets a sub-user do; null: not limited by a role (the owner, a buyer). */
  permissions: z.array(z.string()).nullable(),
  member_id: z.string(),
  verified: z.boolean(),
  mobile_verified: z.string(),
  complete_profile: z.number().int(),
  pending_fields: z.array(z.string()),
  parent_user: z.number().int().nullable(),
  company_id: z.number().int().nullable(),
  company_name: z.string().nullable(),
  company_type: z.enum(COMPANY_TYPES).nullable(),
  avatar_original: z.string().nullable(),
  online: z.boolean(),
});
export type LocalUser = z.infer<typeof localUserSchema>;

export const sessionSchema = z.object({
  token: z.string(),
  expires_at: z.string(),
  user: localUserSchema,
});
export type Session = z.infer<typeof sessionSchema>;

/** GET /autologin answers accessToken (spec section 7); token is the same value. */
export const autologinSessionSchema = sessionSchema.extend({ accessToken: z.string() });

export const autologinQuerySchema = z.object({ id: z.string().min(1).max(200) });
