import { z } from 'zod';
import { actorSchema, CONTENT_LIMITS, CONTENT_MESSAGES } from './records.ts';

/** Notes of a CRM record (spec sections 3 and 7). */

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const optionalId = id.optional();
const uniqueId = z
  .string({ error: CONTENT_MESSAGES.recordRequired })
  .trim()
  .min(1, CONTENT_MESSAGES.recordRequired)
  .max(64);

// ── notes ─────────────────────────────────────────────────────────────────────────────────────

/** The record a note call names: crm_unique_id, or one of lead_id, contact_id, account_id, deal_id. */
const noteTarget = {
  crm_unique_id: uniqueId.optional(),
  lead_id: optionalId,
  contact_id: optionalId,
  account_id: optionalId,
  deal_id: optionalId,
};
const noteMessage = z
  .string({ error: CONTENT_MESSAGES.noteRequired })
  .trim()
  .min(1, CONTENT_MESSAGES.noteRequired)
  .max(CONTENT_LIMITS.noteMaxChars, CONTENT_MESSAGES.noteTooLong);

export const noteListQuerySchema = z.object(noteTarget);
export const noteCreateBodySchema = z.object({ ...noteTarget, message: noteMessage });
/** PUT crm/notes/create_notes: the note's id travels in the body, beside its new message. */
export const noteUpdateBodySchema = z.object({ id, message: noteMessage });
/** DELETE crm/notes/create_notes?id=. */
export const noteDeleteQuerySchema = z.object({ id });

export const crmNoteSchema = z.object({
  id: z.number().int(),
  record_id: z.number().int(),
  message: z.string(),
  author: actorSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type CrmNote = z.infer<typeof crmNoteSchema>;
