import type { FieldValue, RecordTypeId, RecordValues } from '@tradeloop/contracts/crm';
import type { Tx } from '../../db/client.ts';
import type { FieldDef } from './fields.ts';

/** One value that changed: the field's name and label, before and after. */
export type FieldChange = { field: string; label: string; old: FieldValue | null; new: FieldValue | null };

/** What happened to records, told in the writing transaction so a history never misses a step. */
export type RecordChange = { companyId: number; actorId: number | null } & (
  | { kind: 'created'; recordId: number; typeId: RecordTypeId; ownerChosen: boolean; source?: string }
  | { kind: 'field_changed'; recordId: number; typeId: RecordTypeId; changes: FieldChange[] }
  | { kind: 'assigned'; recordIds: number[]; ownerId: number }
  | { kind: 'deleted' | 'restored'; recordIds: number[] }
  | {
      kind: 'converted';
      recordId: number;
      into: { contactId: number; accountId: number | null; dealId: number | null };
    }
);

type Listener = (tx: Tx, change: RecordChange) => Promise<void>;
const listeners: Listener[] = [];

/** The CRM work module keeps the timeline from these; it registers when it starts. */
export function onRecordChange(listener: Listener) {
  if (!listeners.includes(listener)) listeners.push(listener);
}

export async function recordChanged(tx: Tx, change: RecordChange) {
  for (const listener of listeners) await listener(tx, change);
}

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
