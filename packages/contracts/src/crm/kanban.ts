import { z } from 'zod';
import { CRM_LIMITS, idSchema, recordSchema, recordTypeIdSchema, refsSchema, TEXT_LIMITS } from './records.ts';

/** The kanban board of a record type: its columns, cards, settings and moves. */

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
