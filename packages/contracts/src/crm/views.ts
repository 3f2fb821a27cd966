import { z } from 'zod';
import {
  type ConditionId,
  CRM_LIMITS,
  CRM_MESSAGES,
  idSchema,
  recordTypeIdSchema,
  TEXT_LIMITS,
  userRefSchema,
} from './records.ts';

/** Filters and sorting, a list's custom views and its saved filters. */

// ── filters and sorting ───────────────────────────────────────────────────────────────────────

/** Filter of spec section 3: id (a field's id or name), condition, value. */
export const filterSchema = z.object({
  id: z.union([z.number().int().positive(), z.string().trim().min(1).max(80)]),
  condition: z.coerce
    .number()
    .int()
    .min(1)
    .max(14)
    .transform((value) => value as ConditionId),
  value: z
    .union([
      z.string().max(TEXT_LIMITS.text),
      z.number(),
      z.boolean(),
      z.array(z.union([z.string().max(TEXT_LIMITS.text), z.number()])).max(100),
      z.null(),
    ])
    .optional(),
});
export type Filter = z.output<typeof filterSchema>;
export type FilterInput = z.input<typeof filterSchema>;
export const filtersSchema = z.array(filterSchema).max(CRM_LIMITS.filtersPerRequest);

export const sortSchema = z.object({
  field: z.string().trim().min(1).max(80),
  direction: z.enum(['asc', 'desc']).default('asc'),
});
export type Sort = z.output<typeof sortSchema>;

// ── who sees and changes a view or saved filter (docs/decisions/058) ─────────────────────────

/** private: only its author sees it; company: everyone in the company sees it. */
export const VISIBILITIES = ['private', 'company'] as const;
export type Visibility = (typeof VISIBILITIES)[number];
export const visibilitySchema = z.enum(VISIBILITIES, { error: CRM_MESSAGES.visibilityInvalid });

/** What every saved view and filter tells about its owner, and whether the caller may change it. */
const ownedSchema = {
  visibility: z.enum(VISIBILITIES),
  /** Its author; null for the built-in view and for one whose author was removed. */
  owner: userRefSchema.nullable(),
  /** Whether the caller may change or delete it: its author, or (shared ones) a holder of crm.settings. */
  can_edit: z.boolean(),
};

// ── custom views ──────────────────────────────────────────────────────────────────────────────

export const viewSchema = z.object({
  /** null for the built-in "All …" view. */
  id: z.number().int().nullable(),
  type_id: z.number().int(),
  name: z.string(),
  columns: z.array(z.string()),
  sort: z.object({ field: z.string(), direction: z.enum(['asc', 'desc']) }).nullable(),
  filters: z.array(
    z.object({ id: z.union([z.number(), z.string()]), condition: z.number().int(), value: z.unknown().optional() }),
  ),
  is_system: z.boolean(),
  total_results: z.number().int(),
  ...ownedSchema,
});
export type View = z.infer<typeof viewSchema>;

export const viewsQuerySchema = z.object({ type_id: recordTypeIdSchema.default(1) });

const viewName = z
  .string({ error: CRM_MESSAGES.viewNameRequired })
  .trim()
  .min(1, CRM_MESSAGES.viewNameRequired)
  .max(TEXT_LIMITS.label, CRM_MESSAGES.labelTooLong);

/** POST lead/custom-index-save creates; PUT lead/custom-index-save/{id} updates. */
export const saveViewBodySchema = z.object({
  type_id: recordTypeIdSchema.default(1),
  name: viewName,
  columns: z.array(z.string().min(1).max(80)).max(60).default([]),
  sort: sortSchema.nullish(),
  filters: filtersSchema.default([]),
  /** Who sees it: a new view is private unless its author shares it; absent on update, it stays as it was. */
  visibility: visibilitySchema.optional(),
});
export type SaveViewBody = z.output<typeof saveViewBodySchema>;

// ── saved filters ─────────────────────────────────────────────────────────────────────────────

export const savedFilterSchema = z.object({
  id: z.number().int(),
  type_id: z.number().int(),
  name: z.string(),
  filters: z.array(
    z.object({ id: z.union([z.number(), z.string()]), condition: z.number().int(), value: z.unknown().optional() }),
  ),
  total_results: z.number().int(),
  ...ownedSchema,
});
export type SavedFilter = z.infer<typeof savedFilterSchema>;

export const saveFilterBodySchema = z.object({
  /** Present to update a saved filter, absent to create one. */
  id: idSchema.optional(),
  type_id: recordTypeIdSchema.default(1),
  name: z
    .string({ error: CRM_MESSAGES.filterNameRequired })
    .trim()
    .min(1, CRM_MESSAGES.filterNameRequired)
    .max(TEXT_LIMITS.label, CRM_MESSAGES.labelTooLong),
  filters: filtersSchema.min(1, CRM_MESSAGES.filtersRequired),
  /** Who sees it: a new filter is private unless its author shares it; absent on update, it stays as it was. */
  visibility: visibilitySchema.optional(),
});
export type SaveFilterBody = z.output<typeof saveFilterBodySchema>;

/** The saved-filter response of spec section 3. */
export const savedFiltersSchema = z.object({
  savedFilterRequests: z.array(savedFilterSchema),
  saved: savedFilterSchema.nullable(),
  total_results: z.number().int(),
});
