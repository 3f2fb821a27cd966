import {
  type ConditionId,
  CONDITIONS_BY_TYPE,
  CRM_MESSAGES,
  type FieldType,
  type FieldValue,
  LEAD_SYSTEM_FIELDS,
  type ListField,
  type RecordTypeId,
  SYSTEM_FIELDS,
  TEXT_LIMITS,
} from '@tradeloop/contracts/crm/records';
import type { Tx } from '../../../db/client.ts';
import type { CrmHooks, FieldDef } from '../records/hooks.ts';

export type { ExternalField, FieldDef } from '../records/hooks.ts';

export function systemFieldDefs(crm: CrmHooks, typeId: RecordTypeId): FieldDef[] {
  const fields = typeId === 1 ? [...SYSTEM_FIELDS, ...LEAD_SYSTEM_FIELDS] : SYSTEM_FIELDS;
  const system = (field: { name: string; label: string; field_type: FieldType }, storage: FieldDef['storage']) => ({
    id: null,
    name: field.name,
    label: field.label,
    fieldType: field.field_type,
    isRequired: false,
    isUnique: false,
    optionList: [],
    settings: {},
    isSystem: true,
    sectionId: null,
    storage,
  });
  return [
    ...fields.map((field) => system(field, 'column')),
    ...crm
      .fields()
      .filter((field) => !field.typeIds || field.typeIds.includes(typeId))
      .map((field) => system({ ...field, field_type: field.fieldType }, 'external')),
  ];
}

/** The conditions a field can be filtered by. */
export function conditionsOf(crm: CrmHooks, field: FieldDef): readonly ConditionId[] {
  const external = field.storage === 'external' ? crm.field(field.name) : undefined;
  return external?.conditions ?? CONDITIONS_BY_TYPE[field.fieldType];
}

export function toListField(crm: CrmHooks, field: FieldDef): ListField {
  return {
    id: field.id,
    name: field.name,
    label: field.label,
    field_type: field.fieldType,
    option_list: field.optionList,
    settings: field.settings,
    is_system: field.isSystem,
    on_form: field.storage !== 'values' || field.sectionId !== null,
    conditions: [...conditionsOf(crm, field)],
  };
}

/** Fields as lists offer them: external fields with their current choices (the company's tags). */
export async function listFieldsOf(crm: CrmHooks, tx: Tx, companyId: number, fields: FieldDef[]): Promise<ListField[]> {
  return Promise.all(
    fields.map(async (field) => {
      const external = field.storage === 'external' ? crm.field(field.name) : undefined;
      return toListField(crm, external ? { ...field, optionList: await external.options(tx, companyId) } : field);
    }),
  );
}

/** Finds a field by id (number or numeric text) or by name. */
export function findField(fields: FieldDef[], key: number | string): FieldDef | undefined {
  if (typeof key === 'number' || /^\d+$/.test(key)) return fields.find((field) => field.id === Number(key));
  return fields.find((field) => field.name === key);
}

export type Normalized = { value: FieldValue | undefined } | { error: string };

export const isEmptyValue = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const PHONE_CHARS = /^\+?[\d\s().-]+$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function validDate(text: string) {
  const match = DATE.exec(text);
  if (!match) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const cleaned = value.trim().replace(/[,\s]/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(cleaned)) return undefined;
  return Number(cleaned);
}

function toIds(value: unknown): number[] | undefined {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
  const ids = items.map((item) => toNumber(typeof item === 'string' ? item.trim() : item));
  return ids.every((id) => id !== undefined && Number.isSafeInteger(id) && id > 0) ? (ids as number[]) : undefined;
}

function matchOption(field: FieldDef, value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const wanted = value.trim().toLowerCase();
  return field.optionList.find((option) => option.toLowerCase() === wanted);
}

function normalizeText(field: FieldDef, value: unknown, max: number): Normalized {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string') return { error: CRM_MESSAGES.tooLong(field.label, max) };
  const trimmed = field.fieldType === 'textarea' ? text.replace(/\s+$/, '') : text.trim();
  if (trimmed.length > max) return { error: CRM_MESSAGES.tooLong(field.label, max) };
  return { value: trimmed };
}

function normalizeUrl(field: FieldDef, value: unknown): Normalized {
  if (typeof value !== 'string') return { error: CRM_MESSAGES.notUrl(field.label) };
  const text = value.trim();
  const withScheme = /^[a-z][a-z\d+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    if (!['http:', 'https:'].includes(url.protocol) || !url.hostname.includes('.')) throw new Error('not web');
    if (withScheme.length > TEXT_LIMITS.text) return { error: CRM_MESSAGES.tooLong(field.label, TEXT_LIMITS.text) };
    return { value: withScheme };
  } catch {
    return { error: CRM_MESSAGES.notUrl(field.label) };
  }
}

function normalizeDateTime(field: FieldDef, value: unknown): Normalized {
  if (typeof value !== 'string' && typeof value !== 'number') return { error: CRM_MESSAGES.notDateTime(field.label) };
  const date = new Date(typeof value === 'string' && validDate(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1000 || date.getUTCFullYear() > 9999) {
    return { error: CRM_MESSAGES.notDateTime(field.label) };
  }
  return { value: date.toISOString() };
}

function normalizeMulti(field: FieldDef, value: unknown): Normalized {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[;,]/) : [value];
  const chosen = new Set<string>();
  for (const item of items) {
    if (typeof item === 'string' && item.trim() === '') continue;
    const option = matchOption(field, item);
    if (!option) return { error: CRM_MESSAGES.notOption(field.label) };
    chosen.add(option);
  }
  // Kept in the options' order, so equal choices are equal values.
  const ordered = field.optionList.filter((option) => chosen.has(option));
  return { value: ordered.length ? ordered : undefined };
}

function normalizeCheckbox(field: FieldDef, value: unknown): Normalized {
  if (typeof value === 'boolean') return { value };
  const text = String(value).trim().toLowerCase();
  if (['true', '1', 'yes', 'y', 'on', 'checked'].includes(text)) return { value: true };
  if (['false', '0', 'no', 'n', 'off', 'unchecked'].includes(text)) return { value: false };
  return { error: CRM_MESSAGES.notBoolean(field.label) };
}

/**
 * Checks a value against its field's type and turns it into the stored form (trimmed text,
 * lower-case e-mail, ISO dates, canonical options). Empty gives undefined: empty values are not stored.
 * References (user, lookup) are checked against the database by the caller.
 */
export function normalizeValue(field: FieldDef, value: unknown): Normalized {
  if (isEmptyValue(value)) return { value: field.fieldType === 'checkbox' ? false : undefined };
  switch (field.fieldType) {
    case 'text':
      return normalizeText(field, value, TEXT_LIMITS.text);
    case 'textarea':
      return normalizeText(field, value, TEXT_LIMITS.textarea);
    case 'number': {
      const number = toNumber(value);
      if (number === undefined || Math.abs(number) >= 1e15) return { error: CRM_MESSAGES.notNumber(field.label) };
      return { value: number };
    }
    case 'currency': {
      const amount = toNumber(value);
      if (amount === undefined || Math.abs(amount) >= 1e13 || Math.round(amount * 100) / 100 !== amount) {
        return { error: CRM_MESSAGES.notMoney(field.label) };
      }
      return { value: amount };
    }
    case 'date':
      return typeof value === 'string' && validDate(value.trim())
        ? { value: value.trim() }
        : { error: CRM_MESSAGES.notDate(field.label) };
    case 'datetime':
      return normalizeDateTime(field, value);
    case 'email': {
      const email = typeof value === 'string' ? value.trim().toLowerCase() : '';
      return EMAIL.test(email) && email.length <= 254
        ? { value: email }
        : { error: CRM_MESSAGES.notEmail(field.label) };
    }
    case 'phone': {
      const phone = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
      const digits = phone.replace(/\D/g, '').length;
      return PHONE_CHARS.test(phone) && digits >= 5 && digits <= 20 && phone.length <= 40
        ? { value: phone }
        : { error: CRM_MESSAGES.notPhone(field.label) };
    }
    case 'url':
      return normalizeUrl(field, value);
    case 'select': {
      const option = matchOption(field, value);
      return option ? { value: option } : { error: CRM_MESSAGES.notOption(field.label) };
    }
    case 'multiselect':
      return normalizeMulti(field, value);
    case 'checkbox':
      return normalizeCheckbox(field, value);
    case 'user': {
      const ids = toIds(value);
      return ids?.length === 1 ? { value: ids[0] } : { error: CRM_MESSAGES.notUser(field.label) };
    }
    case 'lookup': {
      const ids = toIds(value);
      if (!ids) return { error: CRM_MESSAGES.notRecord(field.label) };
      if (field.settings.multiple) return { value: [...new Set(ids)] };
      return ids.length === 1 ? { value: ids[0] } : { error: CRM_MESSAGES.notRecord(field.label) };
    }
  }
}

/** Digits of a phone number, for duplicate detection. */
export const phoneDigits = (value: unknown) => (typeof value === 'string' ? value.replace(/\D/g, '') : '');

/** Text that goes into the keyword index: every value, punctuation as word breaks, phones also as digits. */
export function searchText(fields: FieldDef[], values: Record<string, FieldValue>): string {
  const parts: string[] = [];
  for (const field of fields) {
    const value = values[field.name];
    if (isEmptyValue(value) || ['checkbox', 'user', 'lookup'].includes(field.fieldType)) continue;
    const text = Array.isArray(value) ? value.join(' ') : String(value);
    parts.push(text);
    if (field.fieldType === 'phone') {
      // Digits in full, and without the "+CC" country part, so "98220 12345" finds "+91 98220-12345".
      parts.push(phoneDigits(text), phoneDigits(text.replace(/^\s*\+\d{1,4}[\s-]+/, '')));
    }
  }
  return parts
    .join(' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .slice(0, 20_000);
}
