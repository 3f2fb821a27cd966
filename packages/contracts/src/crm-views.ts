import { z } from 'zod';
import {
  analyticsSchema,
  CRM_LIMITS,
  CRM_MESSAGES,
  filtersSchema,
  idSchema,
  recordSchema,
  recordTypeIdSchema,
  refsSchema,
  relatedSchema,
  sortSchema,
  TEXT_LIMITS,
} from './crm.ts';
import { dynamicSectionSchema } from './crm-forms.ts';

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
});
export type SaveFilterBody = z.output<typeof saveFilterBodySchema>;

/** The saved-filter response of spec section 3. */
export const savedFiltersSchema = z.object({
  savedFilterRequests: z.array(savedFilterSchema),
  saved: savedFilterSchema.nullable(),
  total_results: z.number().int(),
});

// ── kanban ────────────────────────────────────────────────────────────────────────────────────

export const kanbanQuerySchema = z.object({
  type_id: recordTypeIdSchema.optional(),
  group_by: z.string().max(80).optional(),
  /** One column's next page, for loading more cards as it scrolls; "" is the "no value" column. */
  column: z.string().max(TEXT_LIMITS.option).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(50).default(10),
  query: z.string().trim().max(CRM_LIMITS.queryLength).optional(),
  filter_id: idSchema.optional(),
});

export const kanbanCardSchema = recordSchema.extend({
  /** Spec section 4: every card is unselected when the board loads. */
  selected: z.boolean(),
  amount: z.number().nullable(),
});
export type KanbanCard = z.infer<typeof kanbanCardSchema>;

export const kanbanColumnSchema = z.object({
  /** The option value; "" for records with no value. */
  value: z.string(),
  label: z.string(),
  count: z.number().int(),
  /** Sum of the amounts of the column's deals (deals only). */
  amount: z.number().nullable(),
  cards: z.array(kanbanCardSchema),
  currentPage: z.number().int(),
  lastPage: z.number().int(),
  perPage: z.number().int(),
});
export type KanbanColumn = z.infer<typeof kanbanColumnSchema>;

export const kanbanBoardSchema = z.object({
  type_id: z.number().int(),
  group_by: z.object({ name: z.string(), label: z.string() }),
  group_options: z.array(z.object({ name: z.string(), label: z.string() })),
  amount_field: z.string().nullable(),
  currency: z.string().nullable(),
  columns: z.array(kanbanColumnSchema),
  refs: refsSchema,
});
export type KanbanBoard = z.infer<typeof kanbanBoardSchema>;

export const storeKanbanBodySchema = z.object({
  type_id: recordTypeIdSchema.default(1),
  group_by: z.string().max(80).optional(),
});
export const kanbanSettingsSchema = z.object({
  type_id: z.number().int(),
  group_by: z.record(z.string(), z.string()),
});

export const kanbanMoveBodySchema = z.object({
  unique_id: z.string().min(1).max(64),
  type_id: recordTypeIdSchema,
  group_by: z.string().max(80).optional(),
  /** The destination column's value; "" empties the field. */
  value: z.string().max(TEXT_LIMITS.option),
});

// ── detail ────────────────────────────────────────────────────────────────────────────────────

export const recordDetailSchema = z.object({
  record: recordSchema,
  sections: z.array(dynamicSectionSchema),
  related: relatedSchema,
  analytics: analyticsSchema,
  refs: refsSchema,
});
export type RecordDetail = z.infer<typeof recordDetailSchema>;

/** GET lead/info: the spec's lead_detail, lead_analyitics, check_survey_mail_status and lead_data. */
export const leadInfoSchema = recordDetailSchema.extend({
  lead_detail: z.object({
    form_data: z.record(z.string(), z.unknown()),
    form_fields: z.array(dynamicSectionSchema),
  }),
  lead_analyitics: analyticsSchema,
  check_survey_mail_status: z.boolean(),
  lead_data: recordSchema,
});

// ── import and export ─────────────────────────────────────────────────────────────────────────

export const DUPLICATE_ACTIONS = ['skip', 'update', 'create'] as const;
export const MATCH_BY = ['email', 'phone', 'email_or_phone'] as const;

export const importPreviewBodySchema = z.object({
  type_id: recordTypeIdSchema,
  csv: z.string().max(CRM_LIMITS.importBytes),
});
export const importPreviewSchema = z.object({
  headers: z.array(z.string()),
  sample_rows: z.array(z.array(z.string())),
  total_rows: z.number().int(),
  /** CSV header → field name, guessed from labels and names. */
  suggested_mapping: z.record(z.string(), z.string()),
});

export const importBodySchema = z.object({
  type_id: recordTypeIdSchema,
  csv: z.string().max(CRM_LIMITS.importBytes),
  /** CSV header → field name; unmapped or "" headers are ignored. */
  mapping: z.record(z.string().max(200), z.string().max(80)),
  duplicate_action: z.enum(DUPLICATE_ACTIONS).default('skip'),
  match_by: z.enum(MATCH_BY).default('email_or_phone'),
});
export type ImportBody = z.output<typeof importBodySchema>;

export const importRowResultSchema = z.object({
  /** 1-based line of the data row (the header is line 1, so the first row is 2). */
  row: z.number().int(),
  status: z.enum(['created', 'updated', 'skipped', 'failed']),
  unique_id: z.string().nullable(),
  errors: z.record(z.string(), z.array(z.string())).nullable(),
});
export const importReportSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  rows: z.array(importRowResultSchema),
});
export type ImportReport = z.infer<typeof importReportSchema>;
