import { z } from 'zod';
import { page, PAGE_SIZES } from '../common.ts';
import { recordSchema, userRefSchema } from './records.ts';
import { TAG_COLOURS } from './tags.ts';

/**
 * Lead management (spec sections 3, 4 and 7): the company's lead statuses, assigning leads by hand
 * and by rules, the classification of leads, and the lead threads through which marketplace quote
 * requests and chat enquiries arrive in the CRM (docs/decisions/017).
 */

export const LEAD_MESSAGES = {
  statusNameRequired: 'Please enter a status name',
  statusNameTooLong: 'A status name has at most 50 characters',
  statusNameTaken: 'A status with this name already exists',
  statusBothFlags: 'A status cannot count as converted and as lost at once',
  statusInUse: (count: number) =>
    `${count === 1 ? 'One lead has' : `${count} leads have`} this status: choose a status to move ${count === 1 ? 'it' : 'them'} to`,
  replacementSame: 'Choose another status to move the leads to',
  lastStatus: 'Keep at least one lead status',
  reorderIncomplete: 'Send every item once, in the new order',
  statusCreated: 'Status added',
  statusUpdated: 'Status saved',
  statusDeleted: 'Status deleted',
  orderSaved: 'Order saved',
  leadStatusUpdated: 'Lead status updated',
  leadRequired: 'Choose at least one lead',
  userNotMember: 'Choose a user of your company',
  leadsAssigned: (count: number, name: string) =>
    count === 1 ? `Lead assigned to ${name}` : `${count} leads assigned to ${name}`,
  ruleNameRequired: 'Please enter a rule name',
  ruleUsersRequired: 'Choose at least one user to assign leads to',
  ruleTerritoriesRequired: 'Choose at least one territory',
  ruleCategoriesRequired: 'Choose at least one category',
  unknownTerritory: 'Territories are numbered 1 to 8',
  unknownCategory: 'This category does not exist',
  ruleCreated: 'Rule added',
  ruleUpdated: 'Rule saved',
  ruleDeleted: 'Rule deleted',
  threadNameRequired: 'Please give the entry a title',
  threadAdded: 'Entry added',
  productNotYours: 'Choose one of your products',
  chatJoined: 'You joined the conversation',
} as const;

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

// ── statuses ──────────────────────────────────────────────────────────────────────────────────

/** Colours a status can take: the theme's palette names, the same as a tag's. */
export const STATUS_COLOURS = TAG_COLOURS;
export type StatusColour = (typeof STATUS_COLOURS)[number];

export const STATUS_NAME_MAX = 50;

export const leadStatusSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  colour: z.string(),
  position: z.number().int(),
  is_converted: z.boolean(),
  is_lost: z.boolean(),
  /** Live leads holding this status. */
  lead_count: z.number().int(),
});
export type LeadStatus = z.infer<typeof leadStatusSchema>;

const statusName = z
  .string({ error: LEAD_MESSAGES.statusNameRequired })
  .trim()
  .min(1, LEAD_MESSAGES.statusNameRequired)
  .max(STATUS_NAME_MAX, LEAD_MESSAGES.statusNameTooLong);

export const statusStoreBodySchema = z
  .object({
    name: statusName,
    colour: z.enum(STATUS_COLOURS).default('blue'),
    is_converted: z.boolean().default(false),
    is_lost: z.boolean().default(false),
  })
  .refine((body) => !(body.is_converted && body.is_lost), {
    message: LEAD_MESSAGES.statusBothFlags,
    path: ['is_lost'],
  });
export type StatusStoreBody = z.input<typeof statusStoreBodySchema>;

export const statusUpdateBodySchema = z.object({
  name: statusName.optional(),
  colour: z.enum(STATUS_COLOURS).optional(),
  is_converted: z.boolean().optional(),
  is_lost: z.boolean().optional(),
});
export type StatusUpdateBody = z.input<typeof statusUpdateBodySchema>;

/** DELETE status-settings/destroy/{id}?replacement_id=: where the leads holding the status go. */
export const statusDestroyQuerySchema = z.object({ replacement_id: id.optional() });

/** Every id of the list once, in the new order. */
export const reorderBodySchema = z.object({ ids: z.array(id).min(1).max(200) });

// ── lead status and assignment ────────────────────────────────────────────────────────────────

/** POST lead/lead-status-update (spec section 7), also from inside a thread. */
export const leadStatusUpdateBodySchema = z.object({
  lead_id: id,
  status_id: id,
  thread_id: id.optional(),
});

export const leadStatusUpdatedSchema = z.object({ lead: recordSchema, status: leadStatusSchema });

/** POST lead/assign: one lead or several, to a user or sub-user of the company. */
export const leadAssignBodySchema = z
  .object({
    lead_id: id.optional(),
    lead_ids: z.array(id).max(500).optional(),
    user_id: id,
  })
  .refine((body) => body.lead_id !== undefined || (body.lead_ids?.length ?? 0) > 0, {
    message: LEAD_MESSAGES.leadRequired,
    path: ['lead_id'],
  });

export const leadAssignedSchema = z.object({ count: z.number().int(), owner: userRefSchema });

// ── assignment rules ──────────────────────────────────────────────────────────────────────────

export const ASSIGNMENT_MODES = ['round_robin', 'territory', 'category'] as const;
export type AssignmentMode = (typeof ASSIGNMENT_MODES)[number];
export const ASSIGNMENT_MODE_LABELS: Record<AssignmentMode, string> = {
  round_robin: 'Round robin (every new lead)',
  territory: 'By territory (the lead’s country)',
  category: 'By product category (quote requests)',
};

/** Territory ids of spec section 3 (North America … Australia and Oceania). */
export const TERRITORY_IDS = [1, 2, 3, 4, 5, 6, 7, 8] as const;

export const assignmentRuleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mode: z.enum(ASSIGNMENT_MODES),
  match_ids: z.array(z.number().int()),
  user_ids: z.array(z.number().int()),
  users: z.array(userRefSchema),
  /** Whose turn is next. */
  next_user: userRefSchema.nullable(),
  position: z.number().int(),
  is_active: z.boolean(),
});
export type AssignmentRule = z.infer<typeof assignmentRuleSchema>;

export const assignmentRuleBodySchema = z
  .object({
    name: z.string({ error: LEAD_MESSAGES.ruleNameRequired }).trim().min(1, LEAD_MESSAGES.ruleNameRequired).max(100),
    mode: z.enum(ASSIGNMENT_MODES),
    match_ids: z.array(id).max(500).default([]),
    user_ids: z.array(id).min(1, LEAD_MESSAGES.ruleUsersRequired).max(100),
    is_active: z.boolean().default(true),
  })
  .superRefine((body, context) => {
    if (body.mode === 'territory') {
      if (body.match_ids.length === 0)
        context.addIssue({ code: 'custom', path: ['match_ids'], message: LEAD_MESSAGES.ruleTerritoriesRequired });
      else if (body.match_ids.some((value) => !(TERRITORY_IDS as readonly number[]).includes(value)))
        context.addIssue({ code: 'custom', path: ['match_ids'], message: LEAD_MESSAGES.unknownTerritory });
    }
    if (body.mode === 'category' && body.match_ids.length === 0)
      context.addIssue({ code: 'custom', path: ['match_ids'], message: LEAD_MESSAGES.ruleCategoriesRequired });
  });
export type AssignmentRuleBody = z.input<typeof assignmentRuleBodySchema>;

// ── classification ────────────────────────────────────────────────────────────────────────────

/** GET lead/group-classification: live leads by status (in status order) and by source. */
export const groupClassificationSchema = z.object({
  by_status: z.array(
    z.object({
      /** Null for leads whose status is not (any more) one of the company's statuses. */
      id: z.number().int().nullable(),
      name: z.string(),
      colour: z.string(),
      is_converted: z.boolean(),
      is_lost: z.boolean(),
      count: z.number().int(),
    }),
  ),
  by_source: z.array(z.object({ source: z.string().nullable(), count: z.number().int() })),
  totals: z.object({
    total: z.number().int(),
    open: z.number().int(),
    converted: z.number().int(),
    lost: z.number().int(),
  }),
});
export type GroupClassification = z.infer<typeof groupClassificationSchema>;

// ── threads ───────────────────────────────────────────────────────────────────────────────────

/** type_1 quote request, type_2 chat enquiry, type_3 entered by hand (docs/decisions/017). */
/** Type 3 holds what did not come through a product: entries a seller adds by hand and buying requests (decision 055). */
export const THREAD_TYPE = { quote: 1, chat: 2, manual: 3, buyingRequest: 3 } as const;
export const THREAD_TYPE_IDS = [1, 2, 3] as const;
export type ThreadTypeId = (typeof THREAD_TYPE_IDS)[number];
export const THREAD_TYPE_LABELS: Record<ThreadTypeId, string> = {
  1: 'Quote request',
  2: 'Chat enquiry',
  3: 'Manual',
};

/** Lead sources of the loop (options of the lead form's lead_source field). */
export const LOOP_SOURCES = {
  quote: 'Marketplace Quote',
  chat: 'Marketplace Chat',
  buyingRequest: 'Marketplace Buying Request',
} as const;

const text = z.string().nullable();

/** Who asked: from the buyer's profile (types 1 and 2) or the lead (type 3). */
export const threadContactSchema = z
  .object({
    name: text,
    first_name: text,
    last_name: text,
    email: text,
    phone: text,
    mobile: text,
    company: text,
    company_type: text,
    country: text,
    country_code: text,
    city: text,
    user_id: z.number().int().nullable(),
  })
  .partial();
export type ThreadContact = z.infer<typeof threadContactSchema>;

const money = z.number().nullable();

/** What was asked about: the product as configured, with quantity and price when the request has them. */
export const threadProductSchema = z
  .object({
    product_id: z.number().int().nullable(),
    name: z.string(),
    pre_title_name: text,
    slug: text,
    url: text,
    image: text,
    combination: text,
    attributes: z.array(z.object({ name: z.string(), value: z.string() })),
    quantity: money,
    unit: text,
    unit_price: money,
    total: money,
    currency: z.object({ code: z.string(), symbol: z.string() }).nullable(),
    price_term: text,
    needed_by: text,
    categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
    /** Related products the buyer added to the same request. */
    related: z.array(z.object({ name: z.string(), quantity: z.number(), unit: text, total: money, combination: text })),
  })
  .partial();
export type ThreadProduct = z.infer<typeof threadProductSchema>;

export const threadSchema = z.object({
  id: z.number().int(),
  unique_id: z.string(),
  thread_type: z.number().int(),
  /** The spec's names: type_1, type_2, type_3. */
  type: z.enum(['type_1', 'type_2', 'type_3']),
  thread_name: z.string(),
  lead_source: z.string(),
  contact_details: threadContactSchema,
  product_details: threadProductSchema,
  message: z.string().nullable(),
  enquiry_id: z.number().int().nullable(),
  room_id: z.number().int().nullable(),
  buyer_user_id: z.number().int().nullable(),
  created_by: userRefSchema.nullable(),
  created_at: z.string(),
  lead: z.object({
    id: z.number().int(),
    unique_id: z.string(),
    title: z.string(),
    status: z.string().nullable(),
  }),
});
export type LeadThread = z.infer<typeof threadSchema>;

export const THREAD_SORTS = ['newest', 'oldest'] as const;

export const threadIndexQuerySchema = z.object({
  sort_by: z.enum(THREAD_SORTS).default('newest'),
  lead_id: id.optional(),
  type: z.coerce
    .number()
    .int()
    .refine((value) => (THREAD_TYPE_IDS as readonly number[]).includes(value), {
      message: 'type must be 1, 2 or 3',
    })
    .optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(PAGE_SIZES.crmList).default(PAGE_SIZES.crmList),
});

export const threadPageSchema = page(threadSchema);

/** POST thread/store: a type_3 entry written by hand on a lead. */
export const threadStoreBodySchema = z.object({
  lead_id: id,
  thread_name: z
    .string({ error: LEAD_MESSAGES.threadNameRequired })
    .trim()
    .min(1, LEAD_MESSAGES.threadNameRequired)
    .max(200),
  message: z.string().trim().max(5000).optional(),
  product_id: id.optional(),
  quantity: z.coerce.number().positive().max(1_000_000_000).optional(),
});
export type ThreadStoreBody = z.input<typeof threadStoreBodySchema>;

/** POST thread/{id}/chat (decision 062): the thread's room, and whether the caller has just joined it. */
export const threadChatSchema = z.object({ room_id: z.number().int(), joined: z.boolean() });
export type ThreadChat = z.infer<typeof threadChatSchema>;
