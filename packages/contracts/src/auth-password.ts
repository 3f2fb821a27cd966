import { z } from 'zod';
import { emailFieldSchema, newPasswordSchema, passwordFieldSchema } from './auth.ts';

/**
 * Password reset and change (issue 45, decision 051). The spec names the page (`resetPassword`) but
 * shows none of its texts; these are ours.
 */
export const PASSWORD_MESSAGES = {
  resetLinkSent: 'If an account exists for this address, a link to reset its password is on its way.',
  linkInvalid: 'This password reset link is invalid or has expired.',
  passwordReset: 'Your password has been changed. Please sign in with the new one.',
  passwordChanged: 'Your password has been changed. Your other devices have been signed out.',
  wrongPassword: 'The current password is incorrect.',
  currentRequired: 'Please enter your current password',
  resetSubject: 'Reset your TradeLoop password',
  changedSubject: 'Your TradeLoop password was changed',
} as const;

export const PASSWORD_LIMITS = {
  /** A reset link works once, within this time. */
  linkTtlMs: 60 * 60_000,
  /** The web page a reset link opens; the token is its query parameter `token`. */
  resetPath: '/user/resetPassword',
  /** Reset requests per client address per window, before 429. */
  requestsPerAddress: 20,
  /**
   * Reset mails per account per window; over it nothing more is mailed and the answer stays the same,
   * so nobody can flood an owner's inbox, and nothing a stranger asks for touches signing in.
   */
  mailsPerAccount: 5,
  requestWindowMs: 60 * 60_000,
  /** Reset link uses per client address per window, before 429. */
  resetsPerAddress: 30,
  resetWindowMs: 15 * 60_000,
  /** Wrong current passwords per account per window in a password change, before 429 (change only). */
  changeFailuresPerAccount: 10,
  changeWindowMs: 15 * 60_000,
} as const;

/** POST /api/v1/auth/resetPassword/request: the account's address. */
export const passwordResetRequestBodySchema = z.object({ email_id: emailFieldSchema });
export type PasswordResetRequestBody = z.input<typeof passwordResetRequestBodySchema>;

const linkToken = z
  .string({ error: PASSWORD_MESSAGES.linkInvalid })
  .trim()
  .min(1, PASSWORD_MESSAGES.linkInvalid)
  .max(200, PASSWORD_MESSAGES.linkInvalid);

/** POST /api/v1/auth/resetPassword: the link's token and the new password (the sign-up rules). */
export const passwordResetBodySchema = z.object({ token: linkToken, password: newPasswordSchema });
export type PasswordResetBody = z.input<typeof passwordResetBodySchema>;
/** The reset page's form: the new password alone (the token comes from the link). */
export const newPasswordFormSchema = passwordResetBodySchema.pick({ password: true });

/** POST /api/v1/profile/password/change: the current password (when the account has one) and the new one. */
export const passwordChangeBodySchema = z.object({
  current_password: passwordFieldSchema.optional(),
  password: newPasswordSchema,
});
export type PasswordChangeBody = z.output<typeof passwordChangeBodySchema>;
export type PasswordChangeInput = z.input<typeof passwordChangeBodySchema>;

export const passwordResetDoneSchema = z.object({ email_id: z.string() });
