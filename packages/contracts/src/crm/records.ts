import { z } from 'zod';

/**
 * CRM record types (spec section 3): type_id 1 leads, 2 deals, 4 account contacts; the spec leaves 3
 * free, so accounts take it (docs/decisions). 5, 6 and 7 are the activity lists of a later issue.
 */
export const CRM_TYPES = [
  { id: 1, name: 'Leads', singular: 'Lead', slug: 'leads', kind: 'record' },
  { id: 2, name: 'Deals', singular: 'Deal', slug: 'deals', kind: 'record' },
  { id: 3, name: 'Accounts', singular: 'Account', slug: 'accounts', kind: 'record' },
  { id: 4, name: 'Contacts', singular: 'Contact', slug: 'contacts', kind: 'record' },
  { id: 5, name: 'Tasks', singular: 'Task', slug: 'tasks', kind: 'activity' },
  { id: 6, name: 'Meetings', singular: 'Meeting', slug: 'meetings', kind: 'activity' },
  { id: 7, name: 'Calls', singular: 'Call', slug: 'calls', kind: 'activity' },
] as const;

export const RECORD_TYPE_IDS = [1, 2, 3, 4] as const;
export type RecordTypeId = (typeof RECORD_TYPE_IDS)[number];
export const CRM_TYPE = { leads: 1, deals: 2, accounts: 3, contacts: 4 } as const;

export function crmType(typeId: RecordTypeId) {
  return CRM_TYPES.find((type) => type.id === typeId)!;
}

/** Spec section 3 and 9 defaults. */
export const CRM_DEFAULTS = {
  typeName: 'Leads',
  typeId: 1,
  kanbanTypeId: 1,
  /** The selected view's name is kept in localStorage under this key. */
  viewStorageKey: 'view',
  viewName: 'All Leads',
} as const;

/** The built-in view every list has: "All Leads", "All Deals", … */
export const allViewName = (typeId: RecordTypeId) => `All ${crmType(typeId).name}`;

/** Field types a seller can put on a form; the id is the input's form_input id. */
export const FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'currency',
  'date',
  'datetime',
  'email',
  'phone',
  'url',
  'select',
  'multiselect',
  'checkbox',
  'user',
  'lookup',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  text: 'Single line',
  textarea: 'Multi-line',
  number: 'Number',
  currency: 'Currency',
  date: 'Date',
  datetime: 'Date and time',
  email: 'E-mail',
  phone: 'Phone',
  url: 'URL',
  select: 'Pick list',
  multiselect: 'Multi-select',
  checkbox: 'Checkbox',
  user: 'User',
  lookup: 'Lookup',
};

/**
 * The fourteen filter conditions of spec section 5, by number. 2, 5, 13 and 14 are the four
 * not-equal variants: a list or a single value, with records that have no value included or not.
 */
export const FILTER_CONDITIONS = {
  1: { key: 'in', label: 'is', dateLabel: 'is on' },
  2: { key: 'not_in', label: 'is none of', dateLabel: 'is none of' },
  3: { key: 'contains', label: 'contains', dateLabel: 'contains' },
  4: { key: 'not_contains', label: 'does not contain', dateLabel: 'does not contain' },
  5: { key: 'not_equal', label: 'is not', dateLabel: 'is not on' },
  6: { key: 'ends_with', label: 'ends with', dateLabel: 'ends with' },
  7: { key: 'empty', label: 'is empty', dateLabel: 'is empty' },
  8: { key: 'not_empty', label: 'is not empty', dateLabel: 'is not empty' },
  9: { key: 'lt', label: 'less than', dateLabel: 'is before' },
  10: { key: 'gt', label: 'greater than', dateLabel: 'is after' },
  11: { key: 'lte', label: 'at most', dateLabel: 'is on or before' },
  12: { key: 'gte', label: 'at least', dateLabel: 'is on or after' },
  13: { key: 'not_equal_or_empty', label: 'is not (or empty)', dateLabel: 'is not on (or empty)' },
  14: { key: 'not_in_has_value', label: 'is none of (and not empty)', dateLabel: 'is none of (and not empty)' },
} as const;
export type ConditionId = keyof typeof FILTER_CONDITIONS;
export const CONDITION_IDS = Object.keys(FILTER_CONDITIONS).map(Number) as ConditionId[];

/** Conditions taking no value, a list of values, or one value. */
export const VALUELESS_CONDITIONS: readonly ConditionId[] = [7, 8];
export const LIST_CONDITIONS: readonly ConditionId[] = [1, 2, 14];

/** Which conditions make sense on which field type. */
export const CONDITIONS_BY_TYPE: Record<FieldType, readonly ConditionId[]> = {
  text: [1, 2, 3, 4, 5, 6, 7, 8, 13, 14],
  textarea: [3, 4, 6, 7, 8],
  email: [1, 2, 3, 4, 5, 6, 7, 8, 13, 14],
  phone: [1, 2, 3, 4, 5, 6, 7, 8, 13, 14],
  url: [1, 2, 3, 4, 5, 6, 7, 8, 13, 14],
  number: [1, 2, 5, 7, 8, 9, 10, 11, 12, 13, 14],
  currency: [1, 2, 5, 7, 8, 9, 10, 11, 12, 13, 14],
  date: [1, 2, 5, 7, 8, 9, 10, 11, 12, 13, 14],
  datetime: [1, 2, 5, 7, 8, 9, 10, 11, 12, 13, 14],
  select: [1, 2, 5, 7, 8, 13, 14],
  multiselect: [1, 2, 3, 4, 7, 8],
  checkbox: [1, 5],
  user: [1, 2, 5, 7, 8, 13, 14],
  lookup: [1, 2, 5, 7, 8, 13, 14],
};

export const TEXT_LIMITS = { text: 255, textarea: 5000, label: 60, tooltip: 255, option: 100, options: 200 } as const;
export const CRM_LIMITS = {
  sectionsPerForm: 30,
  fieldsPerForm: 200,
  filtersPerRequest: 20,
  bulkIds: 1000,
  viewsPerType: 100,
  savedFiltersPerType: 100,
  importRows: 10_000,
  importBytes: 8 * 1024 * 1024,
  exportRows: 100_000,
  queryLength: 200,
  /** A filtered list counts its matches exactly up to this many; above, it answers the bound ("10,000+"). */
  listingCountBound: 10_000,
} as const;

export const CRM_MESSAGES = {
  formCreated: 'form created successfully',
  formRestored: 'Default fields restored',
  sectionDeleted: 'Section deleted successfully',
  sectionHoldsSystemFields: 'This section holds fields every record needs. Move them to another section first.',
  lastSection: 'A form needs at least one section.',
  sectionNameRequired: 'Please enter a section name',
  labelRequired: 'Please enter a field label',
  labelTooLong: `A label can be at most ${TEXT_LIMITS.label} characters`,
  optionsRequired: 'Please add at least one option',
  optionsDuplicate: 'Duplicate options/terms are not allowed.',
  fieldTypeLocked: 'The type of an existing field cannot be changed',
  systemFieldRemoved: 'This field is needed by every record and cannot be removed from the form',
  fieldUnknown: 'This field does not exist in the form',
  fieldDuplicated: 'A field can appear only once in a form',
  lookupTypeRequired: 'Please choose which records this lookup points to',
  tooManyFields: `A form can hold at most ${CRM_LIMITS.fieldsPerForm} fields`,
  tooManySections: `A form can hold at most ${CRM_LIMITS.sectionsPerForm} sections`,
  recordCreated: (singular: string) => `${singular} created successfully`,
  recordUpdated: 'Changes saved',
  recordDeleted: 'Record deleted. You can restore it from Recently deleted.',
  recordRestored: 'Record restored',
  recordsDeleted: (n: number) => `${n} ${n === 1 ? 'record' : 'records'} deleted`,
  recordsRestored: (n: number) => `${n} ${n === 1 ? 'record' : 'records'} restored`,
  recordsUpdated: (n: number) => `${n} ${n === 1 ? 'record' : 'records'} updated`,
  recordsAssigned: (n: number, name: string) => `${n} ${n === 1 ? 'record' : 'records'} assigned to ${name}`,
  noneSelected: 'Please select at least one record',
  required: (label: string) => `${label} is required`,
  unique: (label: string) => `${label} must be unique: another record already has this value`,
  tooLong: (label: string, max: number) => `${label} can be at most ${max} characters`,
  notNumber: (label: string) => `${label} must be a number`,
  notMoney: (label: string) => `${label} must be an amount with at most two decimals`,
  notDate: (label: string) => `${label} must be a date (YYYY-MM-DD)`,
  notDateTime: (label: string) => `${label} must be a date and time`,
  notEmail: (label: string) => `${label} must be a valid e-mail address`,
  notPhone: (label: string) => `${label} must be a valid phone number`,
  notUrl: (label: string) => `${label} must be a valid web address`,
  notOption: (label: string) => `${label} must be one of its listed options`,
  notBoolean: (label: string) => `${label} must be checked or unchecked`,
  notUser: (label: string) => `${label} must be a user of your company`,
  notRecord: (label: string) => `${label} must point to an existing record`,
  conditionNotApplicable: (label: string, condition: string) => `"${condition}" cannot be used on ${label}`,
  conditionNeedsValue: (label: string) => `Please enter a value to filter ${label} by`,
  conditionBadValue: (label: string) => `The filter value for ${label} does not fit the field`,
  sortUnknown: 'This column cannot be sorted',
  viewSaved: 'View saved',
  viewUpdated: 'View updated',
  viewDeleted: 'View deleted',
  viewNameRequired: 'Please enter a view name',
  viewNameTaken: 'A view with this name already exists',
  viewNameReserved: 'This name is used by the built-in view',
  filterSaved: 'Filter saved',
  filterDeleted: 'Filter deleted',
  filterNameRequired: 'Please enter a filter name',
  filterNameTaken: 'A saved filter with this name already exists',
  filtersRequired: 'Please add at least one condition',
  tooManyViews: `At most ${CRM_LIMITS.viewsPerType} views per list`,
  visibilityInvalid: 'Choose who sees it: private (only you) or company (everyone in the company)',
  sharedViewLocked:
    'Only its author or someone who manages CRM settings can change or delete a view or filter shared with the company',
  onlyAuthorMakesPrivate: 'Only its author can make a shared view or filter private',
  kanbanSaved: 'Board settings saved',
  kanbanMoved: 'Card moved',
  kanbanNoGroupField: 'Add a pick-list field to this form to group its board by',
  kanbanGroupFieldInvalid: 'A board can only be grouped by a pick-list field',
  convertOnlyLeads: 'Only leads can be converted',
  converted: 'Lead converted',
  alreadyConverted: 'This lead has already been converted',
  mergeSameRecord: 'Choose another record to merge with',
  mergeOtherType: 'Only records of the same type can be merged',
  mergeConverted: 'A converted lead cannot be merged: merge the contacts it became instead',
  merged: (title: string) => `Merged into ${title}`,
  accountRequired: 'Please choose the account to link the contact to',
  importEmpty: 'The file holds no rows to import',
  importTooManyRows: `A file can hold at most ${CRM_LIMITS.importRows.toLocaleString('en-US')} rows`,
  importBadFile: 'The file could not be read as CSV',
  importNoMapping: 'Please map at least one column to a field',
  importDone: (created: number, updated: number, skipped: number, failed: number) =>
    `Import finished: ${created} created, ${updated} updated, ${skipped} skipped, ${failed} failed`,
} as const;

// ── values ────────────────────────────────────────────────────────────────────────────────────

/** A stored field value: empty values are never stored, so a missing key means "empty". */
export const fieldValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.union([z.string(), z.number()])),
  z.null(),
]);
export type FieldValue = z.infer<typeof fieldValueSchema>;
export const recordValuesSchema = z.record(z.string(), fieldValueSchema);
export type RecordValues = z.infer<typeof recordValuesSchema>;

export const fieldSettingsSchema = z.object({
  /** currency: ISO code of the amount, USD when absent. */
  currency: z.string().length(3).optional(),
  /** lookup: which record type the field points to. */
  lookup_type_id: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).optional(),
  /** lookup: several records (a deal's contacts). */
  multiple: z.boolean().optional(),
  /** value a new record gets when the form leaves the field empty. */
  default_value: fieldValueSchema.optional(),
});
export type FieldSettings = z.infer<typeof fieldSettingsSchema>;

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const recordTypeIdSchema = z.coerce
  .number()
  .int()
  .refine((value): value is RecordTypeId => (RECORD_TYPE_IDS as readonly number[]).includes(value), {
    message: 'type_id must be 1 (leads), 2 (deals), 3 (accounts) or 4 (contacts)',
  })
  .transform((value) => value as RecordTypeId);
export const idSchema = id;
export const idParamsSchema = z.object({ id });

// ── records ───────────────────────────────────────────────────────────────────────────────────

export const userRefSchema = z.object({ id: z.number().int(), full_name: z.string() });
export const recordRefSchema = z.object({
  id: z.number().int(),
  unique_id: z.string(),
  type_id: z.number().int(),
  title: z.string(),
});
export type RecordRef = z.infer<typeof recordRefSchema>;

export const recordSchema = z.object({
  id: z.number().int(),
  unique_id: z.string(),
  crm_user_form_unique_id: z.string(),
  type_id: z.number().int(),
  title: z.string(),
  owner: userRefSchema.nullable(),
  values: recordValuesSchema,
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
  converted_at: z.string().nullable(),
  source_lead_id: z.number().int().nullable(),
});
export type CrmRecord = z.infer<typeof recordSchema>;

/** Names of users and titles of records that the rows' user and lookup values point to. */
export const refsSchema = z.object({
  users: z.record(z.string(), z.string()),
  records: z.record(z.string(), recordRefSchema),
});
export type Refs = z.infer<typeof refsSchema>;

/** Fields of the records table that are not on the form but can be shown, filtered and sorted. */
export const SYSTEM_FIELDS = [
  { name: 'owner_id', label: 'Owner', field_type: 'user' },
  { name: 'created_at', label: 'Created', field_type: 'datetime' },
  { name: 'updated_at', label: 'Last modified', field_type: 'datetime' },
  { name: 'created_by', label: 'Created by', field_type: 'user' },
] as const satisfies readonly { name: string; label: string; field_type: FieldType }[];
export const LEAD_SYSTEM_FIELDS = [{ name: 'is_converted', label: 'Converted', field_type: 'checkbox' }] as const;

/** A field as lists, filters and columns see it (form fields and system fields). */
export const listFieldSchema = z.object({
  id: z.number().int().nullable(),
  name: z.string(),
  label: z.string(),
  field_type: z.enum(FIELD_TYPES),
  option_list: z.array(z.string()),
  settings: fieldSettingsSchema,
  is_system: z.boolean(),
  /** false for fields taken off the form: their values stay and can still be filtered. */
  on_form: z.boolean(),
  conditions: z.array(z.number().int()),
});
export type ListField = z.infer<typeof listFieldSchema>;

export const fieldsQuerySchema = z.object({ type_id: recordTypeIdSchema.default(1) });

export const createRecordBodySchema = z.object({
  type_id: recordTypeIdSchema,
  crm_user_form_unique_id: z.string().max(64).optional(),
  values: recordValuesSchema,
  owner_id: id.nullish(),
});
export type CreateRecordBody = z.input<typeof createRecordBodySchema>;

export const updateRecordBodySchema = z.object({ values: recordValuesSchema });

/** Inline edit of one value (spec section 7). */
export const updateFieldBodySchema = z.object({
  unique_id: z.string().min(1).max(64),
  section_form_id: z.coerce.number().int().nullish(),
  value: fieldValueSchema.optional(),
  crm_user_form_unique_id: z.string().max(64).optional(),
  type_id: recordTypeIdSchema.optional(),
  form_input_list_id: z.union([id, z.string().min(1).max(80)]),
});
export type UpdateFieldBody = z.input<typeof updateFieldBodySchema>;

export const deleteRecordQuerySchema = z.object({
  unique_id: z.string().min(1).max(64),
  crm_user_form_unique_id: z.string().max(64).optional(),
});

const bulkIds = z.array(id).min(1, CRM_MESSAGES.noneSelected).max(CRM_LIMITS.bulkIds);
export const bulkIdsBodySchema = z.object({ type_id: recordTypeIdSchema, ids: bulkIds });
export const bulkUpdateBodySchema = z.object({
  type_id: recordTypeIdSchema,
  ids: bulkIds,
  field: z.string().min(1).max(80),
  value: fieldValueSchema.optional(),
});
export const bulkAssignBodySchema = z.object({ type_id: recordTypeIdSchema, ids: bulkIds, owner_id: id });
export const bulkResultSchema = z.object({ count: z.number().int() });

export const userListItemSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  email_id: z.string(),
  user_type: z.string(),
});

export const simpleListQuerySchema = z.object({
  lead_id: id.optional(),
  contact_id: id.optional(),
  account_id: id.optional(),
  query: z.string().trim().max(CRM_LIMITS.queryLength).optional(),
  type_id: recordTypeIdSchema.optional(),
});

// ── detail ────────────────────────────────────────────────────────────────────────────────────

/** Activity counts per record; the activities module fills them in (zero until it exists). */
export const analyticsSchema = z.object({
  notes: z.number().int(),
  files: z.number().int(),
  tasks: z.number().int(),
  meetings: z.number().int(),
  calls: z.number().int(),
  emails: z.number().int(),
});
export type Analytics = z.infer<typeof analyticsSchema>;

export const relatedSchema = z.object({
  account: recordRefSchema.nullable(),
  contacts: z.array(recordRefSchema),
  deals: z.array(recordRefSchema.extend({ amount: z.number().nullable(), stage: z.string().nullable() })),
  leads: z.array(recordRefSchema),
  source_lead: recordRefSchema.nullable(),
  converted_to: z.object({
    contact: recordRefSchema.nullable(),
    account: recordRefSchema.nullable(),
    deal: recordRefSchema.nullable(),
  }),
});
export type Related = z.infer<typeof relatedSchema>;

export const infoQuerySchema = {
  lead: z.object({ lead_id: id }),
  contact: z.object({ contact_id: id }),
  deal: z.object({ deal_id: id }),
};

export const convertBodySchema = z.object({
  lead_id: id,
  /** Link the contact to this account instead of creating one. */
  account_id: id.nullish(),
  create_deal: z.boolean().default(false),
  deal: z
    .object({
      deal_name: z.string().trim().max(TEXT_LIMITS.text).optional(),
      amount: z.number().nonnegative().optional(),
      stage: z.string().max(TEXT_LIMITS.option).optional(),
      closing_date: z.string().max(10).optional(),
    })
    .optional(),
});
export type ConvertBody = z.output<typeof convertBodySchema>;

export const conversionSchema = z.object({
  lead: recordRefSchema,
  contact: recordRefSchema,
  account: recordRefSchema.nullable(),
  deal: recordRefSchema.nullable(),
});

/** Which record's value a merge keeps for a field: the kept record's or the merged one's. */
export const MERGE_SIDES = ['kept', 'merged'] as const;
export type MergeSide = (typeof MERGE_SIDES)[number];

/**
 * POST crm/merge_records: `merged_id` is folded into `kept_id` (same type). Values: the kept record's,
 * its empty fields filled from the merged one, except where `choices` names a field's side.
 */
export const mergeBodySchema = z.object({
  kept_id: id,
  merged_id: id,
  choices: z.record(z.string().max(TEXT_LIMITS.option), z.enum(MERGE_SIDES)).default({}),
});
export type MergeBody = z.output<typeof mergeBodySchema>;

/** What a merge moved from the merged record to the kept one, by kind (notes, files, threads …). */
export const mergeResultSchema = z.object({
  kept: recordRefSchema,
  merged: recordRefSchema,
  moved: z.record(z.string(), z.number()),
});
export type MergeResult = z.infer<typeof mergeResultSchema>;

// ── titles ────────────────────────────────────────────────────────────────────────────────────

/** A record's title: the first group of fields with a value, joined by a space. */
export const TITLE_FIELDS: Record<RecordTypeId, string[][]> = {
  1: [['first_name', 'last_name'], ['company'], ['email']],
  2: [['deal_name']],
  3: [['account_name']],
  4: [['first_name', 'last_name'], ['email']],
};

export function recordTitle(typeId: RecordTypeId, values: RecordValues): string {
  for (const group of TITLE_FIELDS[typeId]) {
    const parts = group.map((name) => values[name]).filter((value) => typeof value === 'string' && value.trim());
    if (parts.length > 0) return parts.join(' ');
  }
  return `Untitled ${crmType(typeId).singular.toLowerCase()}`;
}

export const TAB_COLUMNS = ['single', 'multi'] as const;
export type TabColumns = (typeof TAB_COLUMNS)[number];

/** The dynamic form field of spec section 3, as add and edit forms receive it. */
export const dynamicFieldSchema = z.object({
  id: z.number().int(),
  value: fieldValueSchema,
  required: z.boolean(),
  type: z.enum(FIELD_TYPES),
  label: z.string(),
  section_form_id: z.number().int(),
  form_input_list_id: z.number().int(),
  name: z.string(),
  crm_user_form_unique_id: z.string(),
  unique: z.boolean(),
  tooltip: z.string().nullable(),
  option_list: z.array(z.string()),
  settings: fieldSettingsSchema,
  is_system: z.boolean(),
});
export type DynamicField = z.infer<typeof dynamicFieldSchema>;

export const dynamicSectionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  tab_columns: z.enum(TAB_COLUMNS),
  form_fields: z.array(dynamicFieldSchema),
});
export type DynamicSection = z.infer<typeof dynamicSectionSchema>;

export const dynamicFormSchema = z.object({
  type_id: z.number().int(),
  type_name: z.string(),
  crm_user_form_unique_id: z.string(),
  sections: z.array(dynamicSectionSchema),
});
export type DynamicForm = z.infer<typeof dynamicFormSchema>;

// ── the record page ──────────────────────────────────────────────────────────────────────────────

/** The lead page's notice before the leads it possibly duplicates (decision 064). */
export const DUPLICATE_NOTICE = 'Possible duplicate of';

export const recordDetailSchema = z.object({
  record: recordSchema,
  sections: z.array(dynamicSectionSchema),
  related: relatedSchema,
  /** Leads: older live leads sharing an e-mail or phone (E.164) with this one, "Possible duplicate of …". */
  duplicate_of: z.array(recordRefSchema),
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

// ── work on a record ──────────────────────────────────────────────────────────────────────────

/**
 * What the calls that work on a record share (activities, e-mails, notes, files, tags, statuses,
 * threads, the timeline): how a call names the record, and who did something.
 */

export const CRM_WORK_MESSAGES = {
  recordRequired: 'Choose a lead, contact, account or deal',
  activityRequired: 'Please describe the activity',
} as const;

const optionalId = z.coerce.number().int().positive().optional();

/** One of lead_id, contact_id, account_id or deal_id (spec: crm/activities/list), plus type_id. */
export const recordTargetQuerySchema = z.object({
  lead_id: optionalId,
  contact_id: optionalId,
  account_id: optionalId,
  deal_id: optionalId,
  type_id: z.coerce.number().int().optional(),
});
export type RecordTargetQuery = z.infer<typeof recordTargetQuerySchema>;

/** The record a target names, and the type it must have. */
export function targetOf(query: RecordTargetQuery): { id: number; typeId: RecordTypeId } | null {
  if (query.lead_id) return { id: query.lead_id, typeId: CRM_TYPE.leads };
  if (query.contact_id) return { id: query.contact_id, typeId: CRM_TYPE.contacts };
  if (query.account_id) return { id: query.account_id, typeId: CRM_TYPE.accounts };
  if (query.deal_id) return { id: query.deal_id, typeId: CRM_TYPE.deals };
  return null;
}

export const actorSchema = z.object({ id: z.number(), full_name: z.string() }).nullable();

// ── what a record keeps besides its fields ────────────────────────────────────────────────────

/**
 * What e-mails (drafts and sent), notes, files and tags share: their limits, messages and timeline
 * lines. Spec sections 3, 4, 5 and 7 (CRM: emails, tags, notes, files); each has its contract in
 * emails.ts, notes.ts, files.ts and tags.ts.
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
export const countSchema = z.object({ count: z.number().int() });
