import { z } from 'zod';
import {
  CONDITIONS_BY_TYPE,
  CRM_LIMITS,
  CRM_MESSAGES,
  FIELD_TYPE_LABELS,
  FIELD_TYPES,
  fieldSettingsSchema,
  type FieldType,
  recordTypeIdSchema,
  TAB_COLUMNS,
  TEXT_LIMITS,
} from './records.ts';

/** The form builder: a record type's form, its sections and fields, and the input palette. */

/** The input palette of GET crm/input_fields: form_input_list ids are stable. */
export const INPUT_FIELDS = FIELD_TYPES.map((type, index) => ({
  id: index + 1,
  field_type: type,
  label: FIELD_TYPE_LABELS[type],
  has_options: type === 'select' || type === 'multiselect',
  conditions: [...CONDITIONS_BY_TYPE[type]],
}));
export const inputFieldSchema = z.object({
  id: z.number().int(),
  field_type: z.enum(FIELD_TYPES),
  label: z.string(),
  has_options: z.boolean(),
  conditions: z.array(z.number().int()),
});
export const inputFieldIdOf = (type: FieldType) => FIELD_TYPES.indexOf(type) + 1;

/** A field of a form section (spec: id, name, label, is_required, unique, tooltip, option_list). */
export const formFieldSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  label: z.string(),
  field_type: z.enum(FIELD_TYPES),
  is_required: z.boolean(),
  unique: z.boolean(),
  tooltip: z.string().nullable(),
  option_list: z.array(z.string()),
  settings: fieldSettingsSchema,
  is_system: z.boolean(),
  section_id: z.number().int().nullable(),
  position: z.number().int(),
  form_input_list_id: z.number().int(),
});
export type FormField = z.infer<typeof formFieldSchema>;

export const formSectionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  tab_columns: z.enum(TAB_COLUMNS),
  position: z.number().int(),
  is_default: z.boolean(),
  form_fields: z.array(formFieldSchema),
});
export type FormSection = z.infer<typeof formSectionSchema>;

export const formSchema = z.object({
  id: z.number().int(),
  unique_id: z.string(),
  type_id: z.number().int(),
  type_name: z.string(),
  name: z.string(),
  updated_at: z.string(),
  sections: z.array(formSectionSchema),
  /** Fields taken off the form: their values are kept and they can be put back (crm/unused_input). */
  unused_fields: z.array(formFieldSchema),
});
export type Form = z.infer<typeof formSchema>;

export const formTypeQuerySchema = z.object({ type_id: recordTypeIdSchema.default(1) });
export const formListingQuerySchema = z.object({
  type_name: z.string().max(40).optional(),
  type_id: recordTypeIdSchema.optional(),
  user_id: z.coerce.number().int().optional(),
});
export const singleFormQuerySchema = z.object({
  type_id: recordTypeIdSchema.optional(),
  unique_id: z.string().max(64).optional(),
});

export const formListItemSchema = z.object({
  id: z.number().int(),
  unique_id: z.string(),
  type_id: z.number().int(),
  type_name: z.string(),
  name: z.string(),
  sections: z.number().int(),
  fields: z.number().int(),
  updated_at: z.string(),
});

const label = z
  .string({ error: CRM_MESSAGES.labelRequired })
  .trim()
  .min(1, CRM_MESSAGES.labelRequired)
  .max(TEXT_LIMITS.label, CRM_MESSAGES.labelTooLong);

export const saveFieldSchema = z.object({
  /** An existing field's id; absent for a new field. */
  id: z.number().int().positive().optional(),
  label,
  field_type: z.enum(FIELD_TYPES),
  is_required: z.boolean().default(false),
  unique: z.boolean().default(false),
  tooltip: z.string().trim().max(TEXT_LIMITS.tooltip).nullish(),
  option_list: z.array(z.string().trim().min(1).max(TEXT_LIMITS.option)).max(TEXT_LIMITS.options).default([]),
  settings: fieldSettingsSchema.default({}),
});
export type SaveField = z.output<typeof saveFieldSchema>;

export const saveSectionSchema = z.object({
  id: z.number().int().positive().optional(),
  name: z
    .string({ error: CRM_MESSAGES.sectionNameRequired })
    .trim()
    .min(1, CRM_MESSAGES.sectionNameRequired)
    .max(TEXT_LIMITS.label, CRM_MESSAGES.labelTooLong),
  tab_columns: z.enum(TAB_COLUMNS).default('multi'),
  form_fields: z.array(saveFieldSchema).max(CRM_LIMITS.fieldsPerForm, CRM_MESSAGES.tooManyFields),
});
export type SaveSection = z.output<typeof saveSectionSchema>;

/** POST crm/save_input_form: the whole layout as the builder shows it, in order. */
export const saveFormBodySchema = z.object({
  type_id: recordTypeIdSchema,
  name: z.string().trim().min(1).max(TEXT_LIMITS.label).optional(),
  sections: z
    .array(saveSectionSchema)
    .min(1, CRM_MESSAGES.lastSection)
    .max(CRM_LIMITS.sectionsPerForm, CRM_MESSAGES.tooManySections),
});
export type SaveFormBody = z.output<typeof saveFormBodySchema>;
export type SaveFormInput = z.input<typeof saveFormBodySchema>;

export const defaultFormBodySchema = z.object({ type_id: recordTypeIdSchema });
