import { z } from 'zod';
import { recordTypeIdSchema } from './crm.ts';
import { actorSchema } from './crm-work.ts';

/**
 * What a salesperson keeps on a CRM record besides its fields: e-mails (drafts and sent), notes,
 * files and tags. Spec sections 3, 4, 5 and 7 (CRM: emails, tags, notes, files).
 */

export const CONTENT_LIMITS = {
  noteMaxChars: 10_000,
  /** How much of a note its timeline line quotes. */
  noteExcerptChars: 120,
  emailSubjectMaxChars: 255,
  emailBodyMaxChars: 200_000,
  emailRecipientsMax: 50,
  fileMaxBytes: 10 * 1_048_576,
  filesPerUpload: 10,
  fileNameMaxChars: 150,
  tagNameMaxChars: 40,
  tagsPerRecord: 50,
  bulkIds: 1000,
  /** Milliseconds after the last keystroke before the composer saves its draft. */
  draftSaveDelayMs: 1000,
} as const;

/** Mantine palette names a tag may take; a tag created without one gets one from its name. */
export const TAG_COLOURS = [
  'gray',
  'red',
  'pink',
  'grape',
  'violet',
  'indigo',
  'blue',
  'cyan',
  'teal',
  'green',
  'lime',
  'yellow',
  'orange',
] as const;
export type TagColour = (typeof TAG_COLOURS)[number];

/** The same name always gets the same colour, so a tag looks alike wherever it is created. */
export function colourOfTagName(name: string): TagColour {
  let hash = 0;
  for (const char of name.trim().toLowerCase()) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return TAG_COLOURS[1 + (hash % (TAG_COLOURS.length - 1))];
}

const mb = CONTENT_LIMITS.fileMaxBytes / 1_048_576;

export const CONTENT_MESSAGES = {
  // Spec sections 4 and 5, verbatim.
  tagsDeleted: 'Tags Deleted Successfully',
  emptyFields: 'Empty Fields',
  // Ours.
  recordRequired: 'Choose the record this belongs to',
  noteRequired: 'Please write a note',
  noteTooLong: `A note can be at most ${CONTENT_LIMITS.noteMaxChars.toLocaleString('en-US')} characters`,
  noteAdded: 'Note added',
  noteUpdated: 'Note updated',
  noteDeleted: 'Note deleted',
  emailAddressInvalid: 'Please enter valid e-mail addresses',
  emailTooManyRecipients: `An e-mail can have at most ${CONTENT_LIMITS.emailRecipientsMax} recipients in To and in Cc`,
  emailRecipientRequired: 'Please add at least one recipient',
  emailSubjectRequired: 'Please enter a subject',
  emailSubjectTooLong: `A subject can be at most ${CONTENT_LIMITS.emailSubjectMaxChars} characters`,
  emailBodyTooLong: 'This e-mail is too long',
  emailOtherRecord: 'This draft belongs to another record',
  emailAlreadySent: 'This e-mail has been sent and can no longer be changed',
  draftSaved: 'Draft saved',
  emailSent: 'E-mail sent',
  emailFailed: 'The e-mail could not be sent. It is kept as a draft: please try again.',
  emailsRequired: 'Please select at least one e-mail',
  emailsDeleted: (n: number) => `${n} ${n === 1 ? 'e-mail' : 'e-mails'} deleted`,
  filesRequired: 'Please choose at least one file',
  fileTooLarge: `Each file can be at most ${mb} MB`,
  tooManyFiles: `At most ${CONTENT_LIMITS.filesPerUpload} files can be uploaded at a time`,
  fileExecutable: 'Programs and scripts cannot be uploaded',
  fileTypeNotAllowed:
    'This kind of file cannot be uploaded. Allowed: images (PNG, JPEG, WebP, GIF), PDF, Word, Excel, PowerPoint, CSV and text files',
  imageUnreadable: 'This image could not be read; it may be damaged',
  fileRefused: (fileName: string, reason: string) => `${fileName}: ${reason}`,
  filesUploaded: (n: number) => `${n} ${n === 1 ? 'file' : 'files'} uploaded`,
  filesSelectionRequired: 'Please select at least one file',
  filesDeleted: (n: number) => `${n} ${n === 1 ? 'file' : 'files'} deleted`,
  tagNameRequired: 'Please enter a tag name',
  tagNameTooLong: `A tag name can be at most ${CONTENT_LIMITS.tagNameMaxChars} characters`,
  tagNameTaken: 'A tag with this name already exists',
  tagColourInvalid: 'Please choose one of the tag colours',
  tagCreated: 'Tag created',
  tagsSaved: 'Tags saved',
  tooManyTags: `A record can have at most ${CONTENT_LIMITS.tagsPerRecord} tags`,
} as const;

/** The one-line history entries (crm_timeline.summary) that e-mails, notes, files and tags write. */
export const CONTENT_TIMELINE = {
  emailSent: (subject: string, to: string[]) => `E-mail sent: ${subject || '(no subject)'} to ${to.join(', ')}`,
  note: (action: 'added' | 'updated' | 'removed', message: string) => {
    const line = message.replace(/\s+/g, ' ').trim();
    const excerpt =
      line.length > CONTENT_LIMITS.noteExcerptChars ? `${line.slice(0, CONTENT_LIMITS.noteExcerptChars)}…` : line;
    const verb = { added: 'Note added', updated: 'Note edited', removed: 'Note removed' }[action];
    return `${verb}: ${excerpt}`;
  },
  fileAdded: (name: string) => `File added: ${name}`,
  fileRemoved: (name: string) => `File removed: ${name}`,
  tagAdded: (name: string) => `Tag added: ${name}`,
  tagRemoved: (name: string) => `Tag removed: ${name}`,
} as const;

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const optionalId = id.optional();
const uniqueId = z
  .string({ error: CONTENT_MESSAGES.recordRequired })
  .trim()
  .min(1, CONTENT_MESSAGES.recordRequired)
  .max(64);
const ids = (required: string) =>
  z.object({ ids: z.array(id, { error: required }).min(1, required).max(CONTENT_LIMITS.bulkIds) }, { error: required });
export const countSchema = z.object({ count: z.number().int() });

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

// ── tags ──────────────────────────────────────────────────────────────────────────────────────

const tagName = z
  .string({ error: CONTENT_MESSAGES.tagNameRequired })
  .trim()
  .min(1, CONTENT_MESSAGES.tagNameRequired)
  .max(CONTENT_LIMITS.tagNameMaxChars, CONTENT_MESSAGES.tagNameTooLong);

export const tagCreateBodySchema = z.object({
  name: tagName,
  colour: z.enum(TAG_COLOURS, { error: CONTENT_MESSAGES.tagColourInvalid }).optional(),
});

export const crmTagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  colour: z.string(),
});
export type CrmTag = z.infer<typeof crmTagSchema>;

export const tagIndexItemSchema = crmTagSchema.extend({
  /** How many live records carry the tag. */
  usage_count: z.number().int(),
  created_at: z.string(),
});
export type TagIndexItem = z.infer<typeof tagIndexItemSchema>;

export const recordIdParamsSchema = z.object({ id });

/** PUT crm/crm_tags/create_crm_tags/{id}: the record's tags become exactly these (names missing are created). */
export const recordTagsBodySchema = z.object({
  tag_ids: z.array(id).max(CONTENT_LIMITS.tagsPerRecord, CONTENT_MESSAGES.tooManyTags).default([]),
  names: z.array(tagName).max(CONTENT_LIMITS.tagsPerRecord, CONTENT_MESSAGES.tooManyTags).default([]),
});
export type RecordTagsBody = z.input<typeof recordTagsBodySchema>;

export const recordTagsSchema = z.object({ record_id: z.number().int(), tags: z.array(crmTagSchema) });

/** crm/crm_tags/bulk_delete: no ids answers 'Empty Fields' (spec section 5). */
export const tagBulkDeleteBodySchema = ids(CONTENT_MESSAGES.emptyFields);

/** The list field that lets views show and filter records by tag. */
export const TAGS_FIELD = { name: 'tags', label: 'Tags' } as const;
