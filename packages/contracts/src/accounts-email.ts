import { z } from 'zod';
import { AUTH_MESSAGES, emailFieldSchema, passwordFieldSchema } from './auth.ts';

/** E-mail confirmation and e-mail change (issue #17; decision 033). The spec shows none of these texts. */
export const EMAIL_MESSAGES = {
  linkSent: 'We have sent a confirmation link to your e-mail address.',
  alreadyConfirmed: 'Your e-mail address is already confirmed.',
  confirmed: 'Your e-mail address is confirmed.',
  changeLinkSent: 'We have sent a confirmation link to the new address. Your address changes once you open it.',
  changed: 'Your e-mail address has been changed.',
  linkInvalid: 'This confirmation link is invalid or has expired.',
  sameAddress: 'This is already your e-mail address.',
  taken: AUTH_MESSAGES.emailTaken,
  wrongPassword: 'The password is incorrect.',
  tooManyLinks: 'Too many confirmation e-mails were asked for. Please try again later.',
  confirmSubject: 'Confirm your e-mail address for TradeLoop',
  changeSubject: 'Confirm your new e-mail address for TradeLoop',
  changedSubject: 'Your TradeLoop e-mail address was changed',
} as const;

export const EMAIL_LIMITS = {
  /** A link works once, within this time. */
  linkTtlMs: 24 * 60 * 60_000,
  /** Links one account may ask for (confirmation and change together) per window. */
  linksPerAccount: 5,
  linkWindowMs: 60 * 60_000,
  /** The web page a link opens; the token is its query parameter `token`. */
  confirmPath: '/user/confirm-email',
} as const;

/** POST /profile/email/change: the new address, and the password when the account has one. */
export const emailChangeBodySchema = z.object({
  email_id: emailFieldSchema,
  password: passwordFieldSchema.optional(),
});
export type EmailChangeBody = z.output<typeof emailChangeBodySchema>;

/** POST /profile/verify/email_confirm: the token of the link. */
export const emailConfirmBodySchema = z.object({
  token: z
    .string({ error: EMAIL_MESSAGES.linkInvalid })
    .trim()
    .min(1, EMAIL_MESSAGES.linkInvalid)
    .max(200, EMAIL_MESSAGES.linkInvalid),
});

export const emailLinkSentSchema = z.object({ email_id: z.string(), expires_in: z.number().int() });
export const emailConfirmedSchema = z.object({ email_id: z.string(), email_verified: z.boolean() });
