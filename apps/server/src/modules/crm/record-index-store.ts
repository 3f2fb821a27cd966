import { sql } from 'drizzle-orm';
import type { RecordTypeId } from '@tradeloop/contracts/crm';
import type { Db } from '../../db/client.ts';
import { ChangeFollower, RELOAD_AFTER_MS, snapshotXmin } from '../../db/change-follower.ts';
import { rowsOf } from '../../db/sql.ts';
import type { FieldDef } from './fields.ts';
import { loadFields } from './forms-service.ts';
import { TenantRecords, type IndexedRecord } from './record-index.ts';
import { tenantKey } from './tenant-index.ts';
import { INDEXED_TYPES } from './index-query.ts';

/**
 * Keeps a process's in-memory record indexes (record-index.ts) in step with crm_records (docs/
 * decisions/021). A company's records of a type are loaded on their first filtered list, from one
 * snapshot; before each use the process reads which records transactions wrote since
 * (crm_record_changes, filled by triggers) and re-reads those. A list therefore narrows on every
 * change committed before it started, from any process.
 */

type Change = { t: string; c: number; y: RecordTypeId; r: number };
type Loaded = { records: TenantRecords; leftOut: string[]; usedAt: number };
type RecordRow = {
  id: string | number;
  deleted: boolean;
  created: number | string;
  updated: number | string;
  values: Record<string, unknown>;
  /** The search lexemes, space-separated (one string parses far faster than a text[]). */
  words: string;
};

export const RECORD_CHANGE_LOG = {
  table: sql.raw('crm_record_changes'),
  row: sql.raw(`json_build_object('t', txid::text, 'c', company_id, 'y', type_id, 'r', record_id)`),
};
const BATCH = 10_000;
/** Words starting with a digit (phones, amounts) are left to SQL, as in crm_search_words. */
const DIGIT = /\d/;
/** How long a list waits for its company's records to load before it runs in SQL instead. */
const LOAD_WAIT_MS = 1_000;
/** Companies with this many records of a type have them loaded as the server starts. */
const WARM_MINIMUM = 20_000;
const delay = (ms: number) => new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms).unref());

export class RecordIndexStore {
  private tenants = new Map<string, Loaded>();
  private loading = new Map<string, Promise<Loaded>>();
  private closed = false;
  private readonly changes: ChangeFollower<Change>;
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
    this.changes = new ChangeFollower(db, RECORD_CHANGE_LOG, (changes) => this.reread(changes));
  }

  /**
   * The company's records of the type with every change committed before this call, or null while
   * they load for longer than a list should wait (the list then runs in SQL). `fields` is the form:
   * values of fields the index does not test are left out of memory.
   */
  async records(companyId: number, typeId: RecordTypeId, fields: FieldDef[]): Promise<TenantRecords | null> {
    if (this.tenants.size && Date.now() - this.changes.lookedAt > RELOAD_AFTER_MS) this.tenants.clear();
    const key = tenantKey(companyId, typeId);
    let loaded = this.tenants.get(key);
    if (!loaded) {
      loaded = await Promise.race([this.loadOnce(companyId, typeId, fields), delay(LOAD_WAIT_MS)]);
      if (!loaded) return null;
    }
    // A load under way may have begun before the caller's latest write: look for changes after it.
    await this.changes.look();
    loaded.usedAt = Date.now();
    return loaded.records;
  }

  /**
   * Loads the record types of companies with at least `minimum` records, one after another, so their
   * first lists after a start do not wait (started as the server starts; a benchmark awaits it).
   */
  async warm(minimum = WARM_MINIMUM) {
    const large = rowsOf<{ company_id: string | number; type_id: RecordTypeId }>(
      await this.db.execute(sql`select company_id, type_id from crm_record_counts
        group by company_id, type_id having sum(delta) >= ${minimum}`),
    );
    for (const { company_id, type_id: typeId } of large) {
      if (this.closed) return;
      const companyId = Number(company_id);
      if (this.tenants.has(tenantKey(companyId, typeId))) continue;
      await this.loadOnce(companyId, typeId, (await loadFields(this.db, companyId, typeId)).fields);
    }
  }

  /** Stops warming (the server is closing). */
  close() {
    this.closed = true;
  }

  private loadOnce(companyId: number, typeId: RecordTypeId, fields: FieldDef[]): Promise<Loaded> {
    const key = tenantKey(companyId, typeId);
    let load = this.loading.get(key);
    if (!load) {
      load = this.load(companyId, typeId, fields).finally(() => this.loading.delete(key));
      this.loading.set(key, load);
    }
    return load;
  }

  private async load(companyId: number, typeId: RecordTypeId, fields: FieldDef[]): Promise<Loaded> {
    const leftOut = fields
      .filter((field) => field.storage === 'values' && !INDEXED_TYPES.has(field.fieldType))
      .map((field) => field.name);
    const records = new TenantRecords();
    const horizon = await this.db.transaction(
      async (tx) => {
        const xmin = await snapshotXmin(tx);
        for (let after = 0; ;) {
          const rows = rowsOf<RecordRow>(
            await tx.execute(sql`${recordColumns(leftOut)}
              where company_id = ${companyId} and type_id = ${typeId} and id > ${after} order by id limit ${BATCH}`),
          );
          for (const row of rows) records.upsert(toIndexed(row, companyId));
          if (rows.length < BATCH) break;
          after = Number(rows.at(-1)!.id);
        }
        return xmin;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    this.dropUnused();
    const loaded = { records, leftOut, usedAt: Date.now() };
    if (this.tenants.size === 0) this.changes.reset(horizon);
    else this.changes.rewind(horizon);
    this.tenants.set(tenantKey(companyId, typeId), loaded);
    return loaded;
  }

  /** Companies no list has used for a while leave memory. */
  private dropUnused() {
    for (const [key, loaded] of this.tenants) {
      if (Date.now() - loaded.usedAt > RELOAD_AFTER_MS) this.tenants.delete(key);
    }
  }

  /** Re-reads written records of the loaded tenants: a record no longer there leaves its index. */
  private async reread(changes: Change[]) {
    const byTenant = new Map<string, { companyId: number; ids: Set<number> }>();
    for (const change of changes) {
      const key = tenantKey(Number(change.c), change.y);
      if (!this.tenants.has(key)) continue;
      const tenant = byTenant.get(key) ?? { companyId: Number(change.c), ids: new Set<number>() };
      tenant.ids.add(Number(change.r));
      byTenant.set(key, tenant);
    }
    for (const [key, { companyId, ids }] of byTenant) {
      const loaded = this.tenants.get(key)!;
      const wanted = [...ids];
      for (let start = 0; start < wanted.length; start += BATCH) {
        const batch = wanted.slice(start, start + BATCH);
        const rows = rowsOf<RecordRow>(
          await this.db.execute(sql`${recordColumns(loaded.leftOut)}
            where company_id = ${companyId} and id = any(${sql.param(batch)}::bigint[])`),
        );
        const found = new Set<number>();
        for (const row of rows) {
          const record = toIndexed(row, companyId);
          found.add(record.id);
          loaded.records.upsert(record);
        }
        for (const id of batch) if (!found.has(id)) loaded.records.remove(id);
      }
    }
  }
}

/** What the index keeps of a record: times as microseconds (exact in a double for another 200 years). */
function recordColumns(leftOut: string[]) {
  return sql`select id, deleted_at is not null as deleted,
      (extract(epoch from created_at) * 1000000)::float8 as created,
      (extract(epoch from updated_at) * 1000000)::float8 as updated,
      values - ${sql.param(leftOut)}::text[] as values,
      array_to_string(tsvector_to_array(search), ' ') as words
    from crm_records`;
}

function toIndexed(row: RecordRow, companyId: number): IndexedRecord {
  const prefix = `${companyId}_`.length;
  return {
    id: Number(row.id),
    deleted: row.deleted,
    createdAt: Number(row.created),
    updatedAt: Number(row.updated),
    values: row.values,
    words: row.words
      ? row.words.split(' ').flatMap((lexeme) => (DIGIT.test(lexeme[prefix]) ? [] : [lexeme.slice(prefix)]))
      : [],
  };
}

const stores = new WeakMap<Db, RecordIndexStore>();

/** The record indexes of a database, one set per process. */
export function recordIndex(db: Db): RecordIndexStore {
  let store = stores.get(db);
  if (!store) stores.set(db, (store = new RecordIndexStore(db)));
  return store;
}
