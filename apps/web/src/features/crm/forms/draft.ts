import type { FieldSettings, FieldType, TabColumns } from '@tradeloop/contracts/crm/records';
import type { Form, FormField, SaveFormInput } from '@tradeloop/contracts/crm/forms';

/** The builder's working copy of a form; saved as a whole with POST crm/save_input_form. */
export type DraftField = {
  key: string;
  id?: number;
  name?: string;
  label: string;
  field_type: FieldType;
  is_required: boolean;
  unique: boolean;
  tooltip: string;
  option_list: string[];
  settings: FieldSettings;
  is_system: boolean;
};
export type DraftSection = { key: string; id?: number; name: string; tab_columns: TabColumns; fields: DraftField[] };
export type Draft = { sections: DraftSection[]; unused: DraftField[] };

let counter = 0;
export const newKey = (prefix: string) => `${prefix}${++counter}`;

function toDraftField(field: FormField): DraftField {
  return {
    key: `f${field.id}`,
    id: field.id,
    name: field.name,
    label: field.label,
    field_type: field.field_type,
    is_required: field.is_required,
    unique: field.unique,
    tooltip: field.tooltip ?? '',
    option_list: field.option_list,
    settings: field.settings,
    is_system: field.is_system,
  };
}

export function toDraft(form: Form): Draft {
  return {
    sections: form.sections.map((section) => ({
      key: `s${section.id}`,
      id: section.id,
      name: section.name,
      tab_columns: section.tab_columns,
      fields: section.form_fields.map(toDraftField),
    })),
    unused: form.unused_fields.map(toDraftField),
  };
}

export function newField(type: FieldType, label: string): DraftField {
  return {
    key: newKey('n'),
    label,
    field_type: type,
    is_required: false,
    unique: false,
    tooltip: '',
    option_list: type === 'select' || type === 'multiselect' ? ['Option 1', 'Option 2'] : [],
    settings: type === 'lookup' ? { lookup_type_id: 3 } : type === 'currency' ? { currency: 'USD' } : {},
    is_system: false,
  };
}

export function toSaveBody(typeId: number, draft: Draft): SaveFormInput {
  return {
    type_id: typeId,
    sections: draft.sections.map((section) => ({
      ...(section.id ? { id: section.id } : {}),
      name: section.name,
      tab_columns: section.tab_columns,
      form_fields: section.fields.map((field) => ({
        ...(field.id ? { id: field.id } : {}),
        label: field.label,
        field_type: field.field_type,
        is_required: field.is_required,
        unique: field.unique,
        tooltip: field.tooltip || null,
        option_list: field.option_list,
        settings: field.settings,
      })),
    })),
  };
}

/** Where a field key lives: a section (by index) or the unused list (-1). */
export function locate(draft: Draft, key: string): { section: number; index: number } | null {
  for (const [section, item] of draft.sections.entries()) {
    const index = item.fields.findIndex((field) => field.key === key);
    if (index !== -1) return { section, index };
  }
  const index = draft.unused.findIndex((field) => field.key === key);
  return index === -1 ? null : { section: -1, index };
}

/** Moves a field to a section at a position (or to the end), wherever it was. */
export function moveField(draft: Draft, key: string, toSection: number, toIndex?: number): Draft {
  const from = locate(draft, key);
  if (!from) return draft;
  const field = from.section === -1 ? draft.unused[from.index] : draft.sections[from.section].fields[from.index];
  const sections = draft.sections.map((section) => ({
    ...section,
    fields: section.fields.filter((item) => item.key !== key),
  }));
  const unused = draft.unused.filter((item) => item.key !== key);
  if (toSection === -1) return { sections, unused: [...unused, field] };
  const target = sections[toSection].fields;
  const index = toIndex === undefined ? target.length : Math.max(0, Math.min(toIndex, target.length));
  sections[toSection] = { ...sections[toSection], fields: [...target.slice(0, index), field, ...target.slice(index)] };
  return { sections, unused };
}
