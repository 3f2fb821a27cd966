import { sql, type SQL } from 'drizzle-orm';
import type { RecordTypeId, RecordValues } from '@tradeloop/contracts/crm';
import { crmRecords, crmSearchWords } from './tables.ts';

/**
 * Tenant-scoped index keys (docs/decisions/015-crm-custom-values.md).
 *
 * Values live in crm_records.values (JSONB). Their GIN index is built over the values wrapped in
 * one more key, "<company>:<type>", so a jsonb_path_ops hash covers the tenant, the field and the
 * value together: a lookup reads only that company's postings, not every seller's. Keyword lexemes
 * carry the company the same way ("17_vertex").
 */
export const tenantKey = (companyId: number, typeId: RecordTypeId) => `${companyId}:${typeId}`;

/** The indexed expression; queries must spell it exactly like this for the index to apply. */
export const tenantValues = sql`jsonb_set('{}'::jsonb, ARRAY[${crmRecords.companyId}::text || ':' || ${crmRecords.typeId}::text], ${crmRecords.values})`;

/** Records of the tenant whose values contain `partial` (equality on one or more fields). */
export function valuesContain(companyId: number, typeId: RecordTypeId, partial: RecordValues): SQL {
  return sql`${tenantValues} @> ${JSON.stringify({ [tenantKey(companyId, typeId)]: partial })}::jsonb`;
}

const WORD = /[\p{L}\p{N}]+/gu;
const MAX_WORD = 60;

/** Lexemes of a record's text, each prefixed with its company ("17_vertex"). */
export function searchLexemes(companyId: number, text: string): string {
  const words = new Set(
    (text.toLowerCase().match(WORD) ?? []).map((word) => `${companyId}_${word.slice(0, MAX_WORD)}`),
  );
  return [...words].join(' ');
}

/** The search column's value from the lexemes above (never empty: array_to_tsvector refuses none). */
export function searchVector(companyId: number, text: string): SQL {
  const lexemes = searchLexemes(companyId, text);
  return lexemes ? sql`array_to_tsvector(string_to_array(${lexemes}, ' '))` : sql`''::tsvector`;
}

/**
 * Keyword search: every word of the query begins one of the company's lexemes, all required. The words
 * a prefix begins are looked up in crm_search_words and searched exactly: the index intersects exact
 * lexemes cheaply, while a prefix match first gathers every record it matches.
 */
export function keywordCondition(companyId: number, query: string | undefined): SQL | undefined {
  const words = keywordWords(query);
  if (!words.length) return undefined;
  const groups = words.map((word) => wordQuery(`${companyId}_${word}`, companyId));
  return sql`${crmRecords.search} @@ (${sql.join(groups, sql` || ' & ' || `)})::tsquery`;
}

/** The words of a keyword, each of which must begin a word of the record (the lexemes, less the company). */
export function keywordWords(query: string | undefined): string[] {
  return ((query ?? '').toLowerCase().match(WORD) ?? []).slice(0, 8).map((word) => word.slice(0, MAX_WORD));
}

/** Words a prefix may stand for before the search falls back to matching the prefix itself. */
const MAX_EXPANSION = 50;

/**
 * One word of a keyword as tsquery text: the lexemes it begins, or the prefix match itself when it
 * begins with a digit (such lexemes are not collected) or begins too many words to list.
 */
function wordQuery(prefix: string, companyId: number): SQL {
  // Words are letters and digits only, so quoting them cannot break out of the tsquery syntax.
  const prefixMatch = `'${prefix}':*`;
  if (/^\d+_\d/.test(prefix)) return sql`${prefixMatch}`;
  const like = `${prefix.replace(/[\\%_]/g, '\\$&')}%`;
  return sql`(select case when count(*) > ${MAX_EXPANSION} then ${prefixMatch}
      else '(' || coalesce(string_agg(quote_literal(w.lexeme), ' | '), quote_literal(${prefix}::text)) || ')' end
    from (select ${crmSearchWords.lexeme} as lexeme from ${crmSearchWords}
          where ${crmSearchWords.companyId} = ${companyId} and ${crmSearchWords.lexeme} like ${like}
          limit ${MAX_EXPANSION + 1}) w)`;
}
