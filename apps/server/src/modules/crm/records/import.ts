import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { and, eq, isNull } from 'drizzle-orm';
import {
  CRM_LIMITS,
  CRM_MESSAGES,
  type CrmRecord,
  crmType,
  type ImportBody,
  type ImportReport,
  type RecordTypeId,
  type RecordValues,
  type Refs,
} from '@tradeloop/contracts/crm/records';
import type { ListingRequest } from '@tradeloop/contracts/crm/listing';
import type { Tx } from '../../../db/client.ts';
import { AppError, invalid, type FieldErrors } from '../../../platform/errors.ts';
import { phoneDigits, searchText, type FieldDef } from '../forms/fields.ts';
import { loadFields, type LoadedFields } from '../forms/service.ts';
import { listingScope, scopeRows } from '../listing/service.ts';
import { prepareValues, writeValues, type Actor } from './service.ts';
import { crmRecords } from './tables.ts';
import { contactFields, emailKey, phoneKey } from './duplicates.ts';
import { searchVector } from '../listing/tenant-index.ts';
import type { CrmHooks } from './hooks.ts';

function parseCsv(csv: string): string[][] {
  try {
    const rows = parse(csv, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
    return rows.filter((row) => row.some((cell) => cell.trim() !== ''));
  } catch {
    throw invalid({ csv: [CRM_MESSAGES.importBadFile] });
  }
}

function readRows(csv: string) {
  const rows = parseCsv(csv);
  const [header, ...data] = rows;
  if (!header || data.length === 0) throw invalid({ csv: [CRM_MESSAGES.importEmpty] });
  if (data.length > CRM_LIMITS.importRows) throw invalid({ csv: [CRM_MESSAGES.importTooManyRows] });
  return { header: header.map((cell) => cell.trim()), data };
}

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
const SYNONYMS: Record<string, string> = {
  emailaddress: 'email',
  mail: 'email',
  telephone: 'phone',
  phonenumber: 'phone',
  mobilenumber: 'mobile',
  cell: 'mobile',
  firstname: 'first_name',
  givenname: 'first_name',
  lastname: 'last_name',
  surname: 'last_name',
  familyname: 'last_name',
  companyname: 'company',
  organisation: 'company',
  organization: 'company',
  title: 'job_title',
  zip: 'postal_code',
  zipcode: 'postal_code',
  postcode: 'postal_code',
  status: 'lead_status',
  source: 'lead_source',
};

function suggestMapping(header: string[], fields: FieldDef[]) {
  const mapping: Record<string, string> = {};
  for (const column of header) {
    const key = squash(column);
    const field =
      fields.find((candidate) => squash(candidate.label) === key || squash(candidate.name) === key) ??
      fields.find((candidate) => candidate.name === SYNONYMS[key]);
    if (field && !Object.values(mapping).includes(field.name)) mapping[column] = field.name;
  }
  return mapping;
}

export async function previewImport(crm: CrmHooks, tx: Tx, companyId: number, typeId: RecordTypeId, csv: string) {
  const { header, data } = readRows(csv);
  const { formFields } = await loadFields(crm, tx, companyId, typeId);
  return {
    headers: header,
    sample_rows: data.slice(0, 5),
    total_rows: data.length,
    suggested_mapping: suggestMapping(header, formFields),
  };
}

/** The type's live records by e-mail and by phone, to find duplicates without a query per row. */
type ImportedRow = { id: number; uniqueId: string; values: RecordValues };

/** A phone as matched: E.164 (decision 064), or its digits when it has no country code. */
const matchedPhone = (value: unknown) => {
  const digits = phoneDigits(value);
  return digits.length >= 5 ? phoneKey(value) || digits : '';
};

async function duplicateIndex(tx: Tx, loaded: LoadedFields) {
  const { emails: emailFields, phones: phoneFields } = contactFields(loaded.formFields);
  const rows = await tx
    .select({ id: crmRecords.id, uniqueId: crmRecords.uniqueId, values: crmRecords.values })
    .from(crmRecords)
    .where(
      and(
        eq(crmRecords.companyId, loaded.form.companyId),
        eq(crmRecords.typeId, loaded.form.typeId),
        isNull(crmRecords.deletedAt),
      ),
    );
  const byEmail = new Map<string, ImportedRow>();
  const byPhone = new Map<string, ImportedRow>();
  const remember = (row: ImportedRow) => {
    for (const name of emailFields) {
      const email = emailKey(row.values[name]);
      if (email && !byEmail.has(email)) byEmail.set(email, row);
    }
    for (const name of phoneFields) {
      const phone = matchedPhone(row.values[name]);
      if (phone && !byPhone.has(phone)) byPhone.set(phone, row);
    }
  };
  rows.forEach(remember);
  return { emailFields, phoneFields, byEmail, byPhone, remember };
}

function checkMapping(header: string[], mapping: Record<string, string>, fields: FieldDef[]) {
  const columns: { index: number; field: string }[] = [];
  const errors: FieldErrors = {};
  for (const [column, name] of Object.entries(mapping)) {
    if (!name) continue;
    const index = header.indexOf(column);
    if (index === -1 || !fields.some((field) => field.name === name)) {
      errors[`mapping.${column}`] = [CRM_MESSAGES.fieldUnknown];
    } else columns.push({ index, field: name });
  }
  if (Object.keys(errors).length) throw invalid(errors);
  if (columns.length === 0) throw invalid({ mapping: [CRM_MESSAGES.importNoMapping] });
  return columns;
}

async function insertValues(crm: CrmHooks, tx: Tx, actor: Actor, loaded: LoadedFields, values: RecordValues) {
  const [row] = await tx
    .insert(crmRecords)
    .values({
      companyId: actor.companyId,
      typeId: loaded.form.typeId,
      formId: loaded.form.id,
      ownerId: actor.userId,
      createdBy: actor.userId,
      values,
      search: searchVector(actor.companyId, searchText(loaded.formFields, values)),
    })
    .returning({ id: crmRecords.id, uniqueId: crmRecords.uniqueId });
  await crm.recordChanged(tx, {
    kind: 'created',
    companyId: actor.companyId,
    actorId: actor.userId,
    recordId: row.id,
    typeId: loaded.form.typeId,
    ownerChosen: false,
    source: 'import',
  });
  return row;
}

/**
 * POST crm/import: each CSV row becomes a record through the form's rules. A row that matches a live
 * record by e-mail or phone is skipped, updates it, or is created anyway; every row is reported.
 * Rows are checked before anything is written, so a refused row leaves nothing behind.
 */
export async function importRecords(crm: CrmHooks, tx: Tx, actor: Actor, body: ImportBody): Promise<ImportReport> {
  const typeId = body.type_id as RecordTypeId;
  const { header, data } = readRows(body.csv);
  const loaded = await loadFields(crm, tx, actor.companyId, typeId);
  const columns = checkMapping(header, body.mapping, loaded.formFields);
  const index = await duplicateIndex(tx, loaded);
  const matchBy = body.match_by ?? 'email_or_phone';
  const report: ImportReport = { created: 0, updated: 0, skipped: 0, failed: 0, rows: [] };

  for (const [offset, cells] of data.entries()) {
    const row = offset + 2;
    const input = Object.fromEntries(columns.map(({ index: column, field }) => [field, cells[column]?.trim() ?? '']));
    const duplicate = findDuplicate(index, input, matchBy);
    try {
      if (duplicate && (body.duplicate_action ?? 'skip') === 'skip') {
        report.skipped += 1;
        report.rows.push({ row, status: 'skipped', unique_id: null, errors: null });
        continue;
      }
      if (duplicate && body.duplicate_action === 'update') {
        const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== ''));
        const values = await prepareValues(tx, actor, loaded, changes, {
          existing: duplicate.values,
          recordId: duplicate.id,
          requiredScope: 'changed',
        });
        await writeValues(crm, tx, actor, loaded, { ...duplicate, typeId }, values);
        duplicate.values = values;
        index.remember(duplicate);
        report.updated += 1;
        report.rows.push({ row, status: 'updated', unique_id: duplicate.uniqueId, errors: null });
        continue;
      }
      const values = await prepareValues(tx, actor, loaded, input, { requiredScope: 'all', applyDefaults: true });
      const created = await insertValues(crm, tx, actor, loaded, values);
      index.remember({ ...created, values });
      report.created += 1;
      report.rows.push({ row, status: 'created', unique_id: created.uniqueId, errors: null });
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode !== 422) throw error;
      report.failed += 1;
      report.rows.push({ row, status: 'failed', unique_id: null, errors: error.errors ?? { row: [error.message] } });
    }
  }
  return report;
}

function findDuplicate(index: Awaited<ReturnType<typeof duplicateIndex>>, input: RecordValues, matchBy: string) {
  if (matchBy !== 'phone') {
    for (const name of index.emailFields) {
      const email = emailKey(input[name]);
      const found = email ? index.byEmail.get(email) : undefined;
      if (found) return found;
    }
  }
  if (matchBy !== 'email') {
    for (const name of index.phoneFields) {
      const phone = matchedPhone(input[name]);
      const found = phone ? index.byPhone.get(phone) : undefined;
      if (found) return found;
    }
  }
  return undefined;
}

// ── export ────────────────────────────────────────────────────────────────────────────────────

function cellText(field: FieldDef, record: CrmRecord, refs: Refs): string {
  if (field.storage === 'column') {
    if (field.name === 'owner_id') return record.owner?.full_name ?? '';
    if (field.name === 'created_at') return record.created_at;
    if (field.name === 'updated_at') return record.updated_at;
    if (field.name === 'is_converted') return record.converted_at ? 'Yes' : 'No';
    return '';
  }
  const value = record.values[field.name];
  if (value === undefined || value === null) return '';
  const items = Array.isArray(value) ? value : [value];
  if (field.fieldType === 'user') return items.map((id) => refs.users[String(id)] ?? String(id)).join('; ');
  if (field.fieldType === 'lookup') return items.map((id) => refs.records[String(id)]?.title ?? String(id)).join('; ');
  if (field.fieldType === 'checkbox') return value ? 'Yes' : 'No';
  return items.map(String).join('; ');
}

/** Spreadsheet programs run cells that start like a formula; a leading apostrophe keeps them text. */
const safeCell = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** POST crm/export: a view (or any listing) as CSV, with its columns or every field. */
export async function exportCsv(crm: CrmHooks, tx: Tx, viewer: Actor, body: ListingRequest & { all_fields?: boolean }) {
  const { companyId } = viewer;
  const scope = await listingScope(crm, tx, viewer, body);
  const fields = scope.loaded.fields;
  const header = body.all_fields
    ? fields.filter((field) => field.storage === 'column' || field.sectionId !== null)
    : scope.columns.map((name) => fields.find((field) => field.name === name)!);
  const chunks = [stringify([['Record ID', ...header.map((field) => field.label)]])];
  const batch = 2000;
  let exported = 0;
  for (let offset = 0; offset < CRM_LIMITS.exportRows; offset += batch) {
    const { rows, refs } = await scopeRows(crm, tx, companyId, scope, batch, offset);
    exported += rows.length;
    chunks.push(
      stringify(
        rows.map((record) => [record.unique_id, ...header.map((field) => safeCell(cellText(field, record, refs)))]),
      ),
    );
    if (rows.length < batch) break;
  }
  return {
    csv: chunks.join(''),
    rows: exported,
    filename: `${crmType(body.type_id).slug}-${new Date().toISOString().slice(0, 10)}.csv`,
  };
}
