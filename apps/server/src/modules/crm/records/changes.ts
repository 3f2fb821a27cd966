import type { RecordValues } from '@tradeloop/contracts/crm/records';
import type { FieldChange, FieldDef } from './hooks.ts';

export type { FieldChange, RecordChange } from './hooks.ts';

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The form fields whose values differ between two versions of a record. */
export function diffValues(fields: FieldDef[], before: RecordValues, after: RecordValues): FieldChange[] {
  return fields
    .filter((field) => field.storage === 'values' && !same(before[field.name], after[field.name]))
    .map((field) => ({
      field: field.name,
      label: field.label,
      old: before[field.name] ?? null,
      new: after[field.name] ?? null,
    }));
}
