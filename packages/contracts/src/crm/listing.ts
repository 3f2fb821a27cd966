import { z } from 'zod';
import { CRM_LIMITS, recordSchema, type RecordTypeId, recordTypeIdSchema, refsSchema } from './records.ts';
import { filtersSchema, sortSchema } from './views.ts';

/** The lists of leads, deals, accounts and contacts: the listing request (view, filters, sort, page) and its answer. */

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const listingBodySchema = z.object({
  type_name: z.string().max(40).optional(),
  type_id: recordTypeIdSchema.default(1),
  custom_view_id: id.nullish(),
  filters: filtersSchema.optional(),
  filter_id: id.nullish(),
  query: z.string().trim().max(CRM_LIMITS.queryLength).optional(),
  per_page: z.coerce.number().int().min(1).max(100).default(100),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  sort: sortSchema.nullish(),
  /** true lists the recycle bin (soft-deleted records). */
  deleted: z.coerce.boolean().optional(),
  /** Columns to show instead of the view's; rows carry only these values (and the title's). */
  columns: z.array(z.string().min(1).max(80)).max(60).optional(),
});
export type ListingBody = z.input<typeof listingBodySchema>;
/** A listing request as services take it (the body after parsing, most parts optional). */
export type ListingRequest = Partial<Omit<z.output<typeof listingBodySchema>, 'type_id'>> & { type_id: RecordTypeId };

export const listingSchema = z.object({
  data: z.array(recordSchema),
  currentPage: z.number().int(),
  lastPage: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
  total_results: z.number().int(),
  /** true: more records match than a list counts (CRM_LIMITS.listingCountBound); `total` is that bound, shown as "10,000+". */
  total_bounded: z.boolean(),
  columns: z.array(z.string()),
  sort: z.object({ field: z.string(), direction: z.enum(['asc', 'desc']) }),
  refs: refsSchema,
});
export type Listing = z.infer<typeof listingSchema>;

/** Query of the GET list aliases (deal/list): the listing body as query parameters. */
export const listingQuerySchema = z.object({
  type_name: z.string().max(40).optional(),
  custom_view_id: id.optional(),
  filter_id: id.optional(),
  query: z.string().trim().max(CRM_LIMITS.queryLength).optional(),
  per_page: z.coerce.number().int().min(1).max(100).default(100),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /** JSON array of filters. */
  filters: z.string().max(20_000).optional(),
  sort_by: z.string().max(80).optional(),
  sort_direction: z.enum(['asc', 'desc']).optional(),
});
