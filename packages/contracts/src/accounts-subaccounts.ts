import { z } from 'zod';
import { roleIdSchema } from './accounts-roles.ts';
import { AUTH_MESSAGES, emailFieldSchema, newPasswordSchema } from './auth.ts';

/** Sub-accounts (issue #17; decision 034). The spec shows none of these texts. */
export const SUB_ACCOUNT_MESSAGES = {
  invited: 'Invitation sent. Your team member sets a password through the e-mailed link.',
  deleted: 'Sub-accounts deleted successfully.',
  idsRequired: 'Please choose at least one sub-account',
  passwordSet: 'Your password is set. You can sign in now.',
  linkInvalid: 'This invitation link is invalid or has expired.',
  emailTaken: AUTH_MESSAGES.emailTaken,
  inviteSubject: 'You are invited to join your team on TradeLoop',
} as const;

export const SUB_ACCOUNT_LIMITS = {
  /** An invitation link works once, within this time. */
  inviteTtlMs: 7 * 24 * 60 * 60_000,
  /** The web page an invitation opens; the token is its query parameter `token`. */
  setPasswordPath: '/user/set-password',
} as const;

export const SUB_ACCOUNT_STATUSES = ['invited', 'active'] as const;

export const subAccountInviteBodySchema = z.object({
  full_name: z
    .string({ error: AUTH_MESSAGES.fullNameRequired })
    .trim()
    .min(1, AUTH_MESSAGES.fullNameRequired)
    .max(100, AUTH_MESSAGES.fullNameTooLong),
  email_id: emailFieldSchema,
  /** The role it gets: one of the company's, not the owner's (DEFAULT_SUB_ACCOUNT_ROLE when absent). */
  role_id: roleIdSchema.optional(),
});
export type SubAccountInviteBody = z.output<typeof subAccountInviteBodySchema>;

export const subAccountSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  email_id: z.string(),
  /** The name of its role. */
  role: z.string(),
  role_id: z.number().int().nullable(),
  /** invited: the password is not set yet. */
  status: z.enum(SUB_ACCOUNT_STATUSES),
  created_at: z.string(),
});
export type SubAccount = z.infer<typeof subAccountSchema>;

/** POST sub_account/delete: `user_id` is a comma list (spec section 7). */
export const subAccountDeleteBodySchema = z.object({
  user_id: z
    .union([z.string(), z.number()], { error: SUB_ACCOUNT_MESSAGES.idsRequired })
    .transform((value) =>
      String(value)
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string())
        .min(1, SUB_ACCOUNT_MESSAGES.idsRequired)
        .max(100, SUB_ACCOUNT_MESSAGES.idsRequired)
        .refine((ids) => ids.every((id) => /^\d{1,15}$/.test(id)), SUB_ACCOUNT_MESSAGES.idsRequired)
        .transform((ids) => ids.map(Number)),
    ),
});

export const subAccountDeletedSchema = z.object({ deleted: z.array(z.number().int()) });

/** POST sub_account/set_password: the invitation's token and the new password. */
export const setPasswordBodySchema = z.object({
  token: z
    .string({ error: SUB_ACCOUNT_MESSAGES.linkInvalid })
    .trim()
    .min(1, SUB_ACCOUNT_MESSAGES.linkInvalid)
    .max(200, SUB_ACCOUNT_MESSAGES.linkInvalid),
  password: newPasswordSchema,
});

export const passwordSetSchema = z.object({ email_id: z.string() });
