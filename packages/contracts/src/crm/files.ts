import { z } from 'zod';
import { actorSchema, CONTENT_LIMITS, CONTENT_MESSAGES, recordTypeIdSchema } from './records.ts';

/** Files of a CRM record: uploading, listing, previews and deleting (spec sections 3 and 7). */

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const uniqueId = z
  .string({ error: CONTENT_MESSAGES.recordRequired })
  .trim()
  .min(1, CONTENT_MESSAGES.recordRequired)
  .max(64);
const ids = (required: string) =>
  z.object({ ids: z.array(id, { error: required }).min(1, required).max(CONTENT_LIMITS.bulkIds) }, { error: required });

// ── files ─────────────────────────────────────────────────────────────────────────────────────

export const FILE_PREVIEWS = ['image', 'pdf', 'other'] as const;
export type FilePreview = (typeof FILE_PREVIEWS)[number];

/** The form-data field of POST crm/crm_save_file that holds the files (spec section 7). */
export const UPLOAD_FIELD = 'images[]';

/** What the file picker offers; the server decides by content. */
export const FILE_ACCEPT =
  'image/png,image/jpeg,image/webp,image/gif,application/pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.csv,.txt';

export const fileListParamsSchema = z.object({
  unique_id: z.string().trim().min(1).max(64),
  typeId: recordTypeIdSchema,
});
/** The text fields of POST crm/crm_save_file, beside its images[] files. */
export const fileUploadFieldsSchema = z.object({
  unique_id: uniqueId,
  type_id: recordTypeIdSchema.optional(),
});
export const fileDeleteBodySchema = ids(CONTENT_MESSAGES.filesSelectionRequired);

export const crmFileSchema = z.object({
  id: z.number().int(),
  record_id: z.number().int(),
  file_name: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  /** Where the browser opens or downloads the file: an address nobody can guess. */
  url: z.string(),
  /** A small picture of an image file. */
  thumb_url: z.string().nullable(),
  preview: z.enum(FILE_PREVIEWS),
  uploaded_by: actorSchema,
  created_at: z.string(),
});
export type CrmFile = z.infer<typeof crmFileSchema>;
