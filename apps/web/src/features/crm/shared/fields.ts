import type {
  DynamicField,
  FieldSettings,
  FieldType,
  FieldValue,
  ListField,
  Refs,
} from '@tradeloop/contracts/crm/records';
import { dateText, dateTimeLabel, money } from '../../../lib/format.ts';

/** A field as the screens use it, whether it comes from a list (crm/fields) or a form. */
export type UiField = {
  id: number | null;
  name: string;
  label: string;
  type: FieldType;
  required: boolean;
  tooltip: string | null;
  options: string[];
  settings: FieldSettings;
  sectionId: number | null;
  isSystem: boolean;
  /** Record columns (owner, dates) rather than form values. */
  isColumn: boolean;
  conditions: number[];
};

export function fromListField(field: ListField): UiField {
  return {
    id: field.id,
    name: field.name,
    label: field.label,
    type: field.field_type,
    required: false,
    tooltip: null,
    options: field.option_list,
    settings: field.settings,
    sectionId: null,
    isSystem: field.is_system,
    isColumn: field.id === null,
    conditions: field.conditions,
  };
}

export function fromDynamicField(field: DynamicField): UiField {
  return {
    id: field.id,
    name: field.name,
    label: field.label,
    type: field.type,
    required: field.required,
    tooltip: field.tooltip,
    options: field.option_list,
    settings: field.settings,
    sectionId: field.section_form_id,
    isSystem: field.is_system,
    isColumn: false,
    conditions: [],
  };
}

export function formatMoney(amount: number, currency = 'USD') {
  return money(amount, { code: currency });
}

/** A value as text for cells, cards and exports; empty values give "". */
export function valueText(field: UiField, value: FieldValue | undefined, refs?: Refs): string {
  if (value === undefined || value === null || value === '') return '';
  const items = Array.isArray(value) ? value : [value];
  switch (field.type) {
    case 'currency':
      return typeof value === 'number' ? formatMoney(value, field.settings.currency) : String(value);
    case 'number':
      return typeof value === 'number' ? value.toLocaleString() : String(value);
    case 'date':
      return typeof value === 'string' ? dateText(value) : '';
    case 'datetime':
      return typeof value === 'string' ? dateTimeLabel(value) : '';
    case 'checkbox':
      return value ? 'Yes' : 'No';
    case 'user':
      return items.map((id) => refs?.users[String(id)] ?? `User ${id}`).join(', ');
    case 'lookup':
      return items.map((id) => refs?.records[String(id)]?.title ?? `#${id}`).join(', ');
    default:
      return items.map(String).join(', ');
  }
}

/** `datetime-local` inputs speak local time without a zone; values are stored as UTC ISO strings. */
export function toLocalInput(iso: string) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

export function fromLocalInput(local: string) {
  if (!local) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Palette colours of common pick-list values, so statuses and stages read at a glance. */
const TONES: Record<string, string> = {
  New: 'blue',
  Contacted: 'cyan',
  Qualified: 'teal',
  'Proposal Sent': 'violet',
  Unqualified: 'gray',
  Converted: 'green',
  Hot: 'red',
  Warm: 'orange',
  Cold: 'blue',
  Qualification: 'blue',
  'Needs Analysis': 'cyan',
  Proposal: 'violet',
  Negotiation: 'orange',
  'Closed Won': 'green',
  'Closed Lost': 'gray',
  Customer: 'green',
  Prospect: 'blue',
};

export function toneOf(option: string) {
  return TONES[option] ?? 'brand';
}
