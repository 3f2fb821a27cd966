import { sql, type SQL } from 'drizzle-orm';
import type { RecordTypeId, RecordValues } from '@tradeloop/contracts/crm/records';
import { crmRecords } from '../records/tables.ts';
import { crmSearchWords } from './tables.ts';

/**
 * Tenant-scoped index keys (docs/decisions/015-crm-custom-values.md, 028).
 *
 * Values live in crm_records.values (JSONB). Their GIN index holds one exact key per value (and per
 * element of a list), prefixed with the tenant: `17:1 "status"="New"` (crm_value_keys, migration
 * 0038). A lookup reads only that company's postings, not every seller's, and since the keys are exact
 * the index's answer needs no recheck. Keyword lexemes carry the company the same way ("17_vertex").
 */

/** The indexed expression; queries must spell it exactly like this for the index to apply. */
const valueKeys = sql`crm_value_keys(${crmRecords.companyId}, ${crmRecords.typeId}, ${crmRecords.values})`;

/**
 * Records of the tenant whose values contain `partial` (equality on one or more fields; a list value
 * asks for each of its elements). The wanted keys are `partial`'s exact keys, made as crm_value_keys
 * makes them (crm_exact_keys, migration 0040): a string's folded key would add a posting list to
 * intersect and no record to the answer.
 */
export function valuesContain(companyId: number, typeId: RecordTypeId, partial: RecordValues): SQL {
  return sql`${valueKeys} @> crm_exact_keys(${companyId}::bigint, ${typeId}::smallint, ${JSON.stringify(partial)}::jsonb)`;
}

/**
 * Records of the tenant whose `field` holds, lower-cased, one of `texts` (themselves lower-case): "is",
 * "contains" and "ends with" on a text field. A string value has its exact key and, when lower-casing
 * changes it, a folded one (migration 0039); crm_text_keys makes both for each text, so the same index
 * answers these conditions exactly.
 */
export function textsHeld(companyId: number, typeId: RecordTypeId, field: string, texts: string[]): SQL {
  return sql`${valueKeys} && crm_text_keys(${companyId}::bigint, ${typeId}::smallint, ${field}::text, ${sql.param(texts)}::text[])`;
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
  // The range, in text_pattern_ops' operators, reaches the index even in a plan made before the prefix is known
  // (planned-reads.ts); `like` alone only does when the plan sees its pattern.
  const { lexeme } = crmSearchWords;
  return sql`(select case when count(*) > ${MAX_EXPANSION} then ${prefixMatch}
      else '(' || coalesce(string_agg(quote_literal(w.lexeme), ' | '), quote_literal(${prefix}::text)) || ')' end
    from (select ${lexeme} as lexeme from ${crmSearchWords}
          where ${crmSearchWords.companyId} = ${companyId}
            and ${lexeme} ~>=~ ${prefix}::text and ${lexeme} ~<~ ${prefixEnd(prefix)}::text
          limit ${MAX_EXPANSION + 1}) w)`;
}

/** The first text after every text that begins with `prefix`, in byte order (UTF-8 keeps code point order). */
function prefixEnd(prefix: string) {
  const characters = Array.from(prefix);
  const last = characters.pop()!.codePointAt(0)!;
  return characters.join('') + String.fromCodePoint(last + 1);
}
