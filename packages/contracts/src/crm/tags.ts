import { z } from 'zod';
import { CONTENT_LIMITS, CONTENT_MESSAGES } from './records.ts';

/** Tags: the company's tags and the tags of a record (spec sections 4 and 5). */

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

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const ids = (required: string) =>
  z.object({ ids: z.array(id, { error: required }).min(1, required).max(CONTENT_LIMITS.bulkIds) }, { error: required });

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
