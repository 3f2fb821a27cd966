import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import {
  CRM_LIMITS,
  CRM_MESSAGES,
  crmType,
  type DynamicForm,
  type FieldValue,
  RECORD_TYPE_IDS,
  type RecordTypeId,
  type RecordValues,
} from '@tradeloop/contracts/crm/records';
import {
  type Form,
  type FormField,
  inputFieldIdOf,
  type SaveField,
  type SaveFormBody,
} from '@tradeloop/contracts/crm/forms';
import { preparedStatement, type Tx } from '../../../db/client.ts';
import { invalid, notFound } from '../../../platform/errors.ts';
import { DEFAULT_FORMS, type DefaultField } from './default-forms.ts';
import type { CrmHooks } from '../records/hooks.ts';
import { systemFieldDefs, type FieldDef } from './fields.ts';
import { crmFormFields, crmFormSections, crmForms } from './tables.ts';
import { crmRecords } from '../records/tables.ts';

type FormRow = typeof crmForms.$inferSelect;
type SectionRow = typeof crmFormSections.$inferSelect;
type FieldRow = typeof crmFormFields.$inferSelect;

/** Names a new field may not take: they are system fields of every list. */
const RESERVED_NAMES = new Set([
  'id',
  'unique_id',
  'owner_id',
  'created_at',
  'updated_at',
  'created_by',
  'is_converted',
  'tags',
]);

function fieldInsert(
  field: DefaultField,
  ids: { companyId: number; formId: number; sectionId: number },
  position: number,
) {
  return {
    companyId: ids.companyId,
    formId: ids.formId,
    sectionId: ids.sectionId,
    name: field.name,
    label: field.label,
    fieldType: field.type,
    isRequired: field.required ?? false,
    isUnique: field.unique ?? false,
    tooltip: field.tooltip ?? null,
    optionList: field.options ?? [],
    settings: field.settings ?? {},
    position,
    isSystem: field.system ?? false,
  };
}

async function createDefaultForm(tx: Tx, companyId: number, typeId: RecordTypeId) {
  const definition = DEFAULT_FORMS[typeId];
  const [form] = await tx
    .insert(crmForms)
    .values({ companyId, typeId, name: definition.name })
    .onConflictDoNothing()
    .returning();
  if (!form) return;
  for (const [position, section] of definition.sections.entries()) {
    const [created] = await tx
      .insert(crmFormSections)
      .values({
        companyId,
        formId: form.id,
        name: section.name,
        tabColumns: section.tabColumns,
        position,
        isDefault: true,
      })
      .returning({ id: crmFormSections.id });
    await tx
      .insert(crmFormFields)
      .values(
        section.fields.map((field, index) =>
          fieldInsert(field, { companyId, formId: form.id, sectionId: created.id }, index),
        ),
      );
  }
}

/** Gives a company the default lead, deal, account and contact forms it lacks (sign-up, demo data). */
export async function ensureDefaultForms(tx: Tx, companyId: number) {
  const existing = await tx.select({ typeId: crmForms.typeId }).from(crmForms).where(eq(crmForms.companyId, companyId));
  const have = new Set(existing.map((row) => row.typeId));
  for (const typeId of RECORD_TYPE_IDS) {
    if (!have.has(typeId)) await createDefaultForm(tx, companyId, typeId);
  }
}

const formByType = preparedStatement((tx) =>
  tx
    .select()
    .from(crmForms)
    .where(and(eq(crmForms.companyId, sql.placeholder('companyId')), eq(crmForms.typeId, sql.placeholder('typeId'))))
    .limit(1)
    .prepare('crm_form_by_type'),
);

export async function formOfType(tx: Tx, companyId: number, typeId: RecordTypeId): Promise<FormRow> {
  const find = () => formByType(tx).execute({ companyId, typeId });
  let [form] = await find();
  if (!form) {
    // A company made before the CRM existed gets its forms on first use.
    await createDefaultForm(tx, companyId, typeId);
    [form] = await find();
  }
  return form;
}

function toFieldDef(row: FieldRow): FieldDef {
  return {
    id: row.id,
    name: row.name,
    label: row.label,
    fieldType: row.fieldType,
    isRequired: row.isRequired,
    isUnique: row.isUnique,
    optionList: row.optionList,
    settings: row.settings,
    isSystem: row.isSystem,
    sectionId: row.sectionId,
    storage: 'values',
  };
}

export type LoadedFields = { form: FormRow; fields: FieldDef[]; formFields: FieldDef[] };

/** A form's new updated_at: always later than the old one, so the cache key always changes. */
const touched = () => sql`greatest(now(), ${crmForms.updatedAt} + interval '1 millisecond')`;

/** The fields of a form, kept in the app's cache (CrmHooks) by the form's unique id and last change. */
async function formFieldsOf(crm: CrmHooks, tx: Tx, form: FormRow) {
  const key = `${form.uniqueId}@${form.updatedAt.getTime()}`;
  const cached = crm.cachedFormFields(key);
  if (cached) return cached;
  const rows = await tx
    .select()
    .from(crmFormFields)
    .where(eq(crmFormFields.formId, form.id))
    .orderBy(asc(crmFormFields.position), asc(crmFormFields.id));
  const fields = rows.map(toFieldDef);
  crm.cacheFormFields(key, fields);
  return fields;
}

/** Every field of a type: the form's (on it or taken off) and the system columns. */
export async function loadFields(
  crm: CrmHooks,
  tx: Tx,
  companyId: number,
  typeId: RecordTypeId,
): Promise<LoadedFields> {
  const form = await formOfType(tx, companyId, typeId);
  const formFields = await formFieldsOf(crm, tx, form);
  return { form, formFields, fields: [...formFields, ...systemFieldDefs(crm, typeId)] };
}

function toFormField(row: FieldRow): FormField {
  return {
    id: row.id,
    name: row.name,
    label: row.label,
    field_type: row.fieldType,
    is_required: row.isRequired,
    unique: row.isUnique,
    tooltip: row.tooltip,
    option_list: row.optionList,
    settings: row.settings,
    is_system: row.isSystem,
    section_id: row.sectionId,
    position: row.position,
    form_input_list_id: inputFieldIdOf(row.fieldType),
  };
}

async function formLayout(tx: Tx, form: FormRow) {
  const sections = await tx
    .select()
    .from(crmFormSections)
    .where(eq(crmFormSections.formId, form.id))
    .orderBy(asc(crmFormSections.position), asc(crmFormSections.id));
  const fields = await tx
    .select()
    .from(crmFormFields)
    .where(eq(crmFormFields.formId, form.id))
    .orderBy(asc(crmFormFields.position), asc(crmFormFields.id));
  return { sections, fields };
}

function toForm(form: FormRow, sections: SectionRow[], fields: FieldRow[]): Form {
  return {
    id: form.id,
    unique_id: form.uniqueId,
    type_id: form.typeId,
    type_name: crmType(form.typeId).name,
    name: form.name,
    updated_at: form.updatedAt.toISOString(),
    sections: sections.map((section) => ({
      id: section.id,
      name: section.name,
      tab_columns: section.tabColumns,
      position: section.position,
      is_default: section.isDefault,
      form_fields: fields.filter((field) => field.sectionId === section.id).map(toFormField),
    })),
    unused_fields: fields.filter((field) => field.sectionId === null).map(toFormField),
  };
}

export async function getForm(tx: Tx, companyId: number, typeId: RecordTypeId): Promise<Form> {
  const form = await formOfType(tx, companyId, typeId);
  const { sections, fields } = await formLayout(tx, form);
  return toForm(form, sections, fields);
}

export async function getFormByUniqueId(tx: Tx, companyId: number, uniqueId: string): Promise<Form> {
  if (!/^[0-9a-f-]{36}$/i.test(uniqueId)) throw notFound();
  const [form] = await tx
    .select()
    .from(crmForms)
    .where(and(eq(crmForms.companyId, companyId), eq(crmForms.uniqueId, uniqueId)));
  if (!form) throw notFound();
  const { sections, fields } = await formLayout(tx, form);
  return toForm(form, sections, fields);
}

export async function listForms(tx: Tx, companyId: number, typeId?: RecordTypeId) {
  const types = typeId ? [typeId] : [...RECORD_TYPE_IDS];
  const forms = await Promise.all(types.map((type) => formOfType(tx, companyId, type)));
  const counts = await tx
    .select({
      formId: crmFormFields.formId,
      fields: sql<number>`count(*) FILTER (WHERE ${crmFormFields.sectionId} IS NOT NULL)::int`,
      sections: sql<number>`count(DISTINCT ${crmFormFields.sectionId})::int`,
    })
    .from(crmFormFields)
    .where(
      inArray(
        crmFormFields.formId,
        forms.map((form) => form.id),
      ),
    )
    .groupBy(crmFormFields.formId);
  return forms.map((form) => {
    const count = counts.find((row) => row.formId === form.id);
    return {
      id: form.id,
      unique_id: form.uniqueId,
      type_id: form.typeId,
      type_name: crmType(form.typeId).name,
      name: form.name,
      sections: count?.sections ?? 0,
      fields: count?.fields ?? 0,
      updated_at: form.updatedAt.toISOString(),
    };
  });
}

export async function unusedFields(tx: Tx, companyId: number, formId: number): Promise<FormField[]> {
  const [form] = await tx
    .select({ id: crmForms.id })
    .from(crmForms)
    .where(and(eq(crmForms.id, formId), eq(crmForms.companyId, companyId)));
  if (!form) throw notFound();
  const rows = await tx
    .select()
    .from(crmFormFields)
    .where(and(eq(crmFormFields.formId, form.id), isNull(crmFormFields.sectionId)))
    .orderBy(asc(crmFormFields.label));
  return rows.map(toFormField);
}

/** The add or edit form of spec section 3, with each field's value (or its default on a new record). */
export function dynamicForm(form: Form, values: RecordValues | null): DynamicForm {
  const valueOf = (field: FormField): FieldValue => {
    if (values) return values[field.name] ?? (field.field_type === 'checkbox' ? false : null);
    return field.settings.default_value ?? (field.field_type === 'checkbox' ? false : null);
  };
  return {
    type_id: form.type_id,
    type_name: form.type_name,
    crm_user_form_unique_id: form.unique_id,
    sections: form.sections.map((section) => ({
      id: section.id,
      name: section.name,
      tab_columns: section.tab_columns,
      form_fields: section.form_fields.map((field) => ({
        id: field.id,
        value: valueOf(field),
        required: field.is_required,
        type: field.field_type,
        label: field.label,
        section_form_id: section.id,
        form_input_list_id: field.form_input_list_id,
        name: field.name,
        crm_user_form_unique_id: form.unique_id,
        unique: field.unique,
        tooltip: field.tooltip,
        option_list: field.option_list,
        settings: field.settings,
        is_system: field.is_system,
      })),
    })),
  };
}

// ── saving a layout ───────────────────────────────────────────────────────────────────────────

function newFieldName(label: string, taken: Set<string>) {
  const base =
    label
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 40) || 'field';
  const start = /^\d/.test(base) ? `f_${base}` : base;
  let name = start;
  for (let n = 2; taken.has(name) || RESERVED_NAMES.has(name); n += 1) name = `${start}_${n}`;
  taken.add(name);
  return name;
}

const UNIQUE_TYPES = new Set(['text', 'email', 'phone', 'url', 'number', 'currency', 'date', 'select']);

function checkField(field: SaveField, existing: FieldRow | undefined, path: string) {
  const errors: Record<string, string[]> = {};
  const options = field.option_list ?? [];
  if (existing && existing.fieldType !== field.field_type) errors[path] = [CRM_MESSAGES.fieldTypeLocked];
  else if ((field.field_type === 'select' || field.field_type === 'multiselect') && options.length === 0) {
    errors[`${path}.option_list`] = [CRM_MESSAGES.optionsRequired];
  } else if (new Set(options.map((option) => option.toLowerCase())).size !== options.length) {
    errors[`${path}.option_list`] = [CRM_MESSAGES.optionsDuplicate];
  } else if (field.field_type === 'lookup' && !field.settings?.lookup_type_id) {
    errors[`${path}.settings`] = [CRM_MESSAGES.lookupTypeRequired];
  }
  return errors;
}

/** The settings a system field must keep (what it points to), whatever the builder sends. */
function keptSettings(field: SaveField, existing: FieldRow | undefined) {
  const settings = { ...(field.settings ?? {}) };
  if (existing?.isSystem && existing.fieldType === 'lookup') {
    settings.lookup_type_id = existing.settings.lookup_type_id;
    settings.multiple = existing.settings.multiple;
  }
  return settings;
}

async function assertNoDuplicates(tx: Tx, form: FormRow, field: FieldRow) {
  const duplicated = await tx
    .select({ one: sql`1` })
    .from(crmRecords)
    .where(
      and(
        eq(crmRecords.companyId, form.companyId),
        eq(crmRecords.typeId, form.typeId),
        isNull(crmRecords.deletedAt),
        sql`${crmRecords.values} ? ${field.name}::text`,
      ),
    )
    .groupBy(sql`lower(${crmRecords.values}->>${field.name}::text)`)
    .having(sql`count(*) > 1`)
    .limit(1);
  if (duplicated.length > 0) throw invalid({ [field.name]: [CRM_MESSAGES.unique(field.label)] });
}

/** POST crm/save_input_form: the builder's whole layout, in one transaction. */
export async function saveForm(tx: Tx, companyId: number, body: SaveFormBody): Promise<Form> {
  const typeId = body.type_id as RecordTypeId;
  const form = await formOfType(tx, companyId, typeId);
  await tx.select({ id: crmForms.id }).from(crmForms).where(eq(crmForms.id, form.id)).for('update');
  const { sections: oldSections, fields: oldFields } = await formLayout(tx, form);
  const sectionById = new Map(oldSections.map((section) => [section.id, section]));
  const fieldById = new Map(oldFields.map((field) => [field.id, field]));

  const errors: Record<string, string[]> = {};
  const seen = new Set<number>();
  body.sections.forEach((section, s) => {
    if (section.id !== undefined && !sectionById.has(section.id)) throw notFound();
    section.form_fields.forEach((field, f) => {
      if (field.id === undefined)
        return Object.assign(errors, checkField(field, undefined, `sections.${s}.form_fields.${f}`));
      if (!fieldById.has(field.id)) throw notFound();
      if (seen.has(field.id)) errors[`sections.${s}.form_fields.${f}`] = [CRM_MESSAGES.fieldDuplicated];
      seen.add(field.id);
      Object.assign(errors, checkField(field, fieldById.get(field.id), `sections.${s}.form_fields.${f}`));
    });
  });
  for (const field of oldFields) {
    if (field.isSystem && !seen.has(field.id)) errors[field.name] = [CRM_MESSAGES.systemFieldRemoved];
  }
  const total =
    body.sections.reduce((sum, section) => sum + section.form_fields.length, 0) + oldFields.length - seen.size;
  if (total > CRM_LIMITS.fieldsPerForm) errors.sections = [CRM_MESSAGES.tooManyFields];
  if (Object.keys(errors).length > 0) throw invalid(errors);

  const names = new Set(oldFields.map((field) => field.name));
  const keptSections = new Set<number>();
  for (const [position, section] of body.sections.entries()) {
    let sectionId = section.id;
    if (sectionId === undefined) {
      const [created] = await tx
        .insert(crmFormSections)
        .values({
          companyId,
          formId: form.id,
          name: section.name,
          tabColumns: section.tab_columns ?? 'multi',
          position,
        })
        .returning({ id: crmFormSections.id });
      sectionId = created.id;
    } else {
      await tx
        .update(crmFormSections)
        .set({ name: section.name, tabColumns: section.tab_columns ?? 'multi', position })
        .where(eq(crmFormSections.id, sectionId));
    }
    keptSections.add(sectionId);
    for (const [index, field] of section.form_fields.entries()) {
      const existing = field.id === undefined ? undefined : fieldById.get(field.id);
      const unique = UNIQUE_TYPES.has(field.field_type) && (field.unique ?? false);
      const changes = {
        sectionId,
        label: field.label,
        isRequired: field.is_required ?? false,
        isUnique: unique,
        tooltip: field.tooltip || null,
        optionList: field.option_list ?? [],
        settings: keptSettings(field, existing),
        position: index,
        updatedAt: new Date(),
      };
      if (existing) {
        if (unique && !existing.isUnique) await assertNoDuplicates(tx, form, existing);
        await tx.update(crmFormFields).set(changes).where(eq(crmFormFields.id, existing.id));
      } else {
        const [created] = await tx
          .insert(crmFormFields)
          .values({
            ...changes,
            companyId,
            formId: form.id,
            name: newFieldName(field.label, names),
            fieldType: field.field_type,
          })
          .returning({ id: crmFormFields.id });
        seen.add(created.id);
      }
    }
  }
  // Fields left out of the layout go to "unused": their values stay on the records.
  await tx
    .update(crmFormFields)
    .set({ sectionId: null, updatedAt: new Date() })
    .where(and(eq(crmFormFields.formId, form.id), notInArray(crmFormFields.id, [...seen])));
  const dropped = oldSections.filter((section) => !keptSections.has(section.id)).map((section) => section.id);
  if (dropped.length) await tx.delete(crmFormSections).where(inArray(crmFormSections.id, dropped));
  await tx
    .update(crmForms)
    .set({ name: body.name ?? form.name, updatedAt: touched() })
    .where(eq(crmForms.id, form.id));
  return getForm(tx, companyId, typeId);
}

/** DELETE crm/form_section/{id}: its fields go to "unused"; system fields must be moved out first. */
export async function deleteSection(tx: Tx, companyId: number, sectionId: number): Promise<RecordTypeId> {
  const [section] = await tx
    .select()
    .from(crmFormSections)
    .where(and(eq(crmFormSections.id, sectionId), eq(crmFormSections.companyId, companyId)));
  if (!section) throw notFound();
  const fields = await tx.select().from(crmFormFields).where(eq(crmFormFields.sectionId, section.id));
  if (fields.some((field) => field.isSystem)) {
    throw invalid({ section: [CRM_MESSAGES.sectionHoldsSystemFields] });
  }
  const [{ sections }] = await tx
    .select({ sections: sql<number>`count(*)::int` })
    .from(crmFormSections)
    .where(eq(crmFormSections.formId, section.formId));
  if (sections <= 1) throw invalid({ section: [CRM_MESSAGES.lastSection] });
  await tx.update(crmFormFields).set({ sectionId: null }).where(eq(crmFormFields.sectionId, section.id));
  await tx.delete(crmFormSections).where(eq(crmFormSections.id, section.id));
  const [form] = await tx
    .update(crmForms)
    .set({ updatedAt: touched() })
    .where(eq(crmForms.id, section.formId))
    .returning({ typeId: crmForms.typeId });
  return form.typeId;
}

/**
 * POST crm/default_form_input: puts the default sections and fields back. Default fields that were
 * taken off return to their section; existing custom fields and sections stay as they are.
 */
export async function restoreDefaultForm(tx: Tx, companyId: number, typeId: RecordTypeId): Promise<Form> {
  const form = await formOfType(tx, companyId, typeId);
  const { sections, fields } = await formLayout(tx, form);
  const byName = new Map(fields.map((field) => [field.name, field]));
  let nextPosition = sections.length;
  for (const definition of DEFAULT_FORMS[typeId].sections) {
    let section = sections.find((row) => row.name.toLowerCase() === definition.name.toLowerCase());
    if (!section) {
      [section] = await tx
        .insert(crmFormSections)
        .values({
          companyId,
          formId: form.id,
          name: definition.name,
          tabColumns: definition.tabColumns,
          position: nextPosition++,
          isDefault: true,
        })
        .returning();
    }
    for (const [index, field] of definition.fields.entries()) {
      const existing = byName.get(field.name);
      if (!existing) {
        await tx
          .insert(crmFormFields)
          .values(fieldInsert(field, { companyId, formId: form.id, sectionId: section.id }, 100 + index));
      } else if (existing.sectionId === null) {
        await tx
          .update(crmFormFields)
          .set({ sectionId: section.id, updatedAt: new Date() })
          .where(eq(crmFormFields.id, existing.id));
      }
    }
  }
  await tx.update(crmForms).set({ updatedAt: touched() }).where(eq(crmForms.id, form.id));
  return getForm(tx, companyId, typeId);
}
