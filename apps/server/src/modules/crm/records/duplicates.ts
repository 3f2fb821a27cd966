import { asc, lt, or, sql, type SQL } from 'drizzle-orm';
import type { RecordRef, RecordTypeId, RecordValues } from '@tradeloop/contracts/crm/records';
import { toE164 } from '@tradeloop/contracts/phone';
import type { Tx } from '../../../db/client.ts';
import type { FieldDef } from '../forms/fields.ts';
import { valuesContain } from '../listing/tenant-index.ts';
import { visibleRecordsSql } from './permissions.ts';
import { liveRefRows, toRef } from './read.ts';
import { crmRecords } from './tables.ts';

/*
 * Possible duplicates (decision 064): records of one type that share an e-mail (any case) or a phone
 * number (in E.164) in any of the form's e-mail and phone fields. Computed when asked, never stored, so
 * an edit, a deletion or a merge changes the answer at once.
 */

const MAX_DUPLICATES = 10;

/** An e-mail as compared: trimmed, lower case ('' for none). */
export const emailKey = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : '');

/** A phone number as compared: E.164 ('' when it has no country code to go by). */
export const phoneKey = (value: unknown) => toE164(value) ?? '';

/** The names of a form's e-mail fields and phone fields. */
export function contactFields(formFields: FieldDef[]) {
  return {
    emails: formFields.filter((field) => field.fieldType === 'email').map((field) => field.name),
    phones: formFields.filter((field) => field.fieldType === 'phone').map((field) => field.name),
  };
}
export type ContactFields = ReturnType<typeof contactFields>;

/** The e-mails and E.164 phones a record's values hold in those fields. */
export function contactKeys(fields: ContactFields, values: RecordValues) {
  const keys = (names: string[], key: (value: unknown) => string) =>
    new Set(names.map((name) => key(values[name])).filter(Boolean));
  return { emails: keys(fields.emails, emailKey), phones: keys(fields.phones, phoneKey) };
}
export type ContactKeys = ReturnType<typeof contactKeys>;

const shares = (fields: ContactFields, keys: ContactKeys, values: RecordValues) => {
  const other = contactKeys(fields, values);
  return (
    [...other.emails].some((email) => keys.emails.has(email)) ||
    [...other.phones].some((phone) => keys.phones.has(phone))
  );
};

/**
 * Live records of the type that share an e-mail or phone with `keys`, oldest first. Both lookups use
 * the tenant GIN index: an e-mail its exact value key (e-mails are stored lower case), a phone the
 * keyword lexeme of its digits, which the index holds for every phone however it was typed
 * (searchText); the candidates are then compared in E.164.
 */
export async function recordsSharingContact(
  tx: Tx,
  companyId: number,
  typeId: RecordTypeId,
  fields: ContactFields,
  keys: ContactKeys,
  options: { before?: number; visibleOnly?: boolean } = {},
) {
  const conditions: SQL[] = [
    ...[...keys.emails].flatMap((email) =>
      fields.emails.map((name) => valuesContain(companyId, typeId, { [name]: email })),
    ),
    // E.164 is "+" and digits only, so the quoted lexeme cannot break out of the tsquery syntax.
    ...(fields.phones.length ? [...keys.phones] : []).map(
      (phone) => sql`${crmRecords.search} @@ ${`'${companyId}_${phone.slice(1)}'`}::tsquery`,
    ),
  ];
  if (conditions.length === 0) return [];
  const rows = await liveRefRows(
    tx,
    companyId,
    typeId,
    options.before === undefined ? undefined : lt(crmRecords.id, options.before),
    options.visibleOnly ? visibleRecordsSql(typeId) : undefined,
    or(...conditions),
  )
    .orderBy(asc(crmRecords.id))
    .limit(MAX_DUPLICATES * 5);
  return rows.filter((row) => shares(fields, keys, row.values)).slice(0, MAX_DUPLICATES);
}

/** The records a record possibly duplicates: older live ones of its type sharing an e-mail or phone it holds. */
export async function duplicatesOf(
  tx: Tx,
  companyId: number,
  formFields: FieldDef[],
  row: { id: number; typeId: RecordTypeId; values: RecordValues },
): Promise<RecordRef[]> {
  const fields = contactFields(formFields);
  const rows = await recordsSharingContact(tx, companyId, row.typeId, fields, contactKeys(fields, row.values), {
    before: row.id,
    visibleOnly: true,
  });
  return rows.map(toRef);
}
