import { z } from 'zod';
import { actorSchema, CONTENT_LIMITS, CONTENT_MESSAGES } from './records.ts';

/** E-mails of a CRM record: drafts the composer saves, sending, the list and deleting (spec sections 3 and 7). */

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const optionalId = id.optional();
const uniqueId = z
  .string({ error: CONTENT_MESSAGES.recordRequired })
  .trim()
  .min(1, CONTENT_MESSAGES.recordRequired)
  .max(64);
const ids = (required: string) =>
  z.object({ ids: z.array(id, { error: required }).min(1, required).max(CONTENT_LIMITS.bulkIds) }, { error: required });

// ── e-mails ───────────────────────────────────────────────────────────────────────────────────

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const address = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, CONTENT_MESSAGES.emailAddressInvalid)
  .regex(EMAIL, CONTENT_MESSAGES.emailAddressInvalid);
const addresses = z.array(address).max(CONTENT_LIMITS.emailRecipientsMax, CONTENT_MESSAGES.emailTooManyRecipients);

/** An e-mail address as the composer checks it before adding it to To or Cc. */
export const isEmailAddress = (value: string) => address.safeParse(value).success;

/** The fields of a draft; whatever a save leaves out keeps its saved value. */
const draftFields = {
  to: addresses.optional(),
  cc: addresses.optional(),
  subject: z.string().trim().max(CONTENT_LIMITS.emailSubjectMaxChars, CONTENT_MESSAGES.emailSubjectTooLong).optional(),
  /** HTML from the rich-text editor; the server keeps only safe markup. */
  body: z.string().max(CONTENT_LIMITS.emailBodyMaxChars, CONTENT_MESSAGES.emailBodyTooLong).optional(),
  /** true sends the e-mail after saving it. */
  send: z.boolean().default(false),
};

/** POST crm/emails/create_emails: a new draft, or the draft `id` updated (spec section 4). */
export const emailSaveBodySchema = z.object({
  id: optionalId,
  crm_unique_id: uniqueId,
  ...draftFields,
});
export type EmailSaveBody = z.input<typeof emailSaveBodySchema>;

/** PUT crm/emails/create_emails/{draftId}. */
export const emailUpdateBodySchema = z.object({ crm_unique_id: uniqueId.optional(), ...draftFields });
export const emailDraftParamsSchema = z.object({ draftId: id });

export const EMAIL_STATUSES = ['draft', 'sent', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const crmEmailSchema = z.object({
  id: z.number().int(),
  record_id: z.number().int(),
  status: z.enum(EMAIL_STATUSES),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  subject: z.string(),
  body: z.string(),
  author: actorSchema,
  outbox_id: z.number().int().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CrmEmail = z.infer<typeof crmEmailSchema>;

export const emailListQuerySchema = z.object({ crm_unique_id: uniqueId });
export const emailShowQuerySchema = z.object({ id });
export const emailDeleteBodySchema = ids(CONTENT_MESSAGES.emailsRequired);

export const emailRecipientSchema = z.object({
  email: z.string(),
  name: z.string(),
  /** Where the address comes from: the record itself or a related contact. */
  source: z.enum(['record', 'contact']),
});
export type EmailRecipient = z.infer<typeof emailRecipientSchema>;
