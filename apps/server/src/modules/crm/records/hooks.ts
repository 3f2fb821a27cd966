import type { SQL } from 'drizzle-orm';
import type {
  Analytics,
  ConditionId,
  FieldSettings,
  FieldType,
  FieldValue,
  RecordTypeId,
} from '@tradeloop/contracts/crm/records';
import type { Tx } from '../../../db/client.ts';

/*
 * The hooks by which the CRM's features reach each other without importing each other: the records
 * tell of their changes, the tags of tags put on, the record page asks for counts, the lists ask for
 * fields kept elsewhere. One `CrmHooks` per app (crm/module.ts makes it and connects the features);
 * the services are given it, so two apps in one process never share a listener.
 */

/** A field as the server reasons about it: a form field (value in `values`) or a records column. */
export type FieldDef = {
  id: number | null;
  name: string;
  label: string;
  fieldType: FieldType;
  isRequired: boolean;
  isUnique: boolean;
  optionList: string[];
  settings: FieldSettings;
  isSystem: boolean;
  sectionId: number | null;
  /**
   * 'column': owner_id, created_at… live in columns of crm_records, not in values.
   * 'external': kept by another feature (tags, the lead score), which filters and fills it (`CrmHooks.addField`).
   */
  storage: 'values' | 'column' | 'external';
};

/** One value that changed: the field's name and label, before and after. */
export type FieldChange = { field: string; label: string; old: FieldValue | null; new: FieldValue | null };

/** What happened to records, told in the writing transaction so a history never misses a step. */
export type RecordChange = { companyId: number; actorId: number | null } & (
  | { kind: 'created'; recordId: number; typeId: RecordTypeId; ownerChosen: boolean; source?: string }
  | { kind: 'field_changed'; recordId: number; typeId: RecordTypeId; changes: FieldChange[] }
  | { kind: 'assigned'; recordIds: number[]; ownerId: number }
  | { kind: 'deleted' | 'restored'; recordIds: number[] }
  | {
      kind: 'merged';
      recordId: number;
      typeId: RecordTypeId;
      merged: { id: number; title: string };
      moved: Record<string, number>;
    }
  | {
      kind: 'converted';
      recordId: number;
      into: { contactId: number; accountId: number | null; dealId: number | null };
    }
);
export type RecordChangeListener = (tx: Tx, change: RecordChange) => Promise<void>;

/**
 * Everything related to record `from` re-homed onto record `to` (a merge, a conversion: records/rehome.ts),
 * in the writing transaction. A module that keeps rows on CRM records outside the CRM (the orders' quotations)
 * moves its own and answers how many of each kind it moved.
 */
export type RecordMove = {
  companyId: number;
  from: { id: number; typeId: RecordTypeId };
  to: { id: number; typeId: RecordTypeId };
};
export type RecordMover = (tx: Tx, move: RecordMove) => Promise<Record<string, number>>;

/** A tag put on a record, told in the writing transaction (automation turns it into an event). */
export type TagAdded = { companyId: number; recordId: number; typeId: number; tagId: number; tagName: string };
export type TagListener = (tx: Tx, added: TagAdded) => Promise<void>;

/** Activity counts of a record (notes, tasks, calls…), from the features that keep them. */
export type AnalyticsProvider = (
  tx: Tx,
  companyId: number,
  record: { id: number; typeId: RecordTypeId },
) => Promise<Partial<Analytics>>;

/**
 * A field of the lists whose values live outside crm_records (a record's tags, the lead score): the
 * list offers it as a column and a filter, and asks its feature for values and conditions, which read
 * that feature's tables.
 */
export type ExternalField = {
  name: string;
  label: string;
  fieldType: FieldType;
  conditions: readonly ConditionId[];
  /** SQL on crm_records for one condition; `values` are the filter's, trimmed text. */
  condition: (companyId: number, condition: ConditionId, values: string[]) => SQL;
  /** The values of some records, by record id (records without one are left out). */
  values: (tx: Tx, companyId: number, recordIds: number[]) => Promise<Map<number, FieldValue>>;
  /** The choices a filter offers. */
  options: (tx: Tx, companyId: number) => Promise<string[]>;
  /** The record types whose lists have it (all when left out). */
  typeIds?: readonly RecordTypeId[];
  /** ORDER BY key on crm_records (the lead score); without it the field does not sort. */
  sort?: () => SQL;
  /** Kanban cards carry its value too (the lead score). */
  onCards?: boolean;
};

const FIELD_CACHE_SIZE = 2000;

/** The hooks of one app's CRM: empty when made; crm/module.ts fills them. */
export class CrmHooks {
  readonly #recordListeners: RecordChangeListener[] = [];
  readonly #tagListeners: TagListener[] = [];
  readonly #analytics: AnalyticsProvider[] = [];
  readonly #movers: RecordMover[] = [];
  readonly #fields = new Map<string, ExternalField>();
  /**
   * Fields of a form by its unique id and last change: every list call needs them, and every change to
   * a form moves its updated_at, so an entry is right exactly while its key matches the row.
   */
  readonly #formFields = new Map<string, FieldDef[]>();

  onRecordChange(listener: RecordChangeListener) {
    this.#recordListeners.push(listener);
  }

  async recordChanged(tx: Tx, change: RecordChange) {
    for (const listener of this.#recordListeners) await listener(tx, change);
  }

  onTagAdded(listener: TagListener) {
    this.#tagListeners.push(listener);
  }

  async tagAdded(tx: Tx, added: TagAdded) {
    for (const listener of this.#tagListeners) await listener(tx, added);
  }

  /** Another module's rows on records, re-homed with the CRM's own (records/rehome.ts). */
  onRehome(mover: RecordMover) {
    this.#movers.push(mover);
  }

  async rehomed(tx: Tx, move: RecordMove) {
    const moved: Record<string, number> = {};
    for (const mover of this.#movers) Object.assign(moved, await mover(tx, move));
    return moved;
  }

  addAnalytics(provider: AnalyticsProvider) {
    this.#analytics.push(provider);
  }

  /** The record page's tab counts: zero for every kind no feature counts. */
  async analyticsOf(tx: Tx, companyId: number, record: { id: number; typeId: RecordTypeId }): Promise<Analytics> {
    const counts: Analytics = { notes: 0, files: 0, tasks: 0, meetings: 0, calls: 0, emails: 0 };
    for (const provider of this.#analytics) Object.assign(counts, await provider(tx, companyId, record));
    return counts;
  }

  addField(field: ExternalField) {
    this.#fields.set(field.name, field);
  }

  field(name: string): ExternalField | undefined {
    return this.#fields.get(name);
  }

  fields(): ExternalField[] {
    return [...this.#fields.values()];
  }

  cachedFormFields(key: string) {
    return this.#formFields.get(key);
  }

  cacheFormFields(key: string, fields: FieldDef[]) {
    if (this.#formFields.size >= FIELD_CACHE_SIZE) this.#formFields.delete(this.#formFields.keys().next().value!);
    this.#formFields.set(key, fields);
  }
}
