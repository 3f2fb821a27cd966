import type { ConditionId, Filter } from '@tradeloop/contracts/crm';
import type { FieldDef } from './fields.ts';
import { prepareFilter, type Compiled } from './filters.ts';
import type { FastTest, IndexQuery, SortKey, ValueTest } from './record-index.ts';
import { keywordWords } from './tenant-index.ts';

/**
 * A list's conditions and sort as a query of the in-memory record index (record-index.ts), when each
 * has an exact equivalent there; otherwise null, and the list runs in SQL alone. Every test below
 * accepts exactly what its SQL in filters.ts accepts: equalities are JSONB containment on the stored
 * value, emptiness is `values->>field IS NULL`, ranges compare JSON numbers. Free text, date ranges,
 * date-times, columns and tags are left to SQL (collation, time zones and other tables decide those).
 */

/** Field types whose values the index keeps: the ones tests below check. */
export const INDEXED_TYPES = new Set([
  'select',
  'multiselect',
  'number',
  'currency',
  'date',
  'user',
  'lookup',
  'checkbox',
]);

type Test = (stored: unknown) => boolean;

export function indexQuery(
  fields: FieldDef[],
  filters: Filter[],
  keyword: string | undefined,
  sort: { field: FieldDef; direction: 'asc' | 'desc' },
  deleted: boolean,
): IndexQuery | null {
  const tests: ValueTest[] = [];
  for (const filter of filters) {
    const compiled = prepareFilter({ companyId: 0, typeId: 1 }, fields, filter);
    const test = indexed(compiled.field) ? testOf(compiled) : null;
    if (!test) return null;
    tests.push({ field: compiled.field.name, test, oneOf: startValues(compiled), fast: fastForm(compiled) });
  }
  const sortKey = sortKeyOf(sort.field);
  const words = keywordWords(keyword);
  // The index keeps no word starting with a digit (phones, amounts): such a keyword runs in SQL.
  if (!sortKey || words.some((word) => /^\d/.test(word))) return null;
  return { deleted, words, tests, sort: sortKey, direction: sort.direction };
}

const indexed = (field: FieldDef) => field.storage === 'values' && INDEXED_TYPES.has(field.fieldType);
const present = (stored: unknown) => stored !== undefined && stored !== null;

function testOf({ field, condition, values }: Compiled): Test | null {
  if (field.fieldType === 'checkbox') {
    const wantChecked = values[0] === true ? condition === 1 : condition === 5;
    return wantChecked ? (stored) => stored === true : (stored) => stored !== true;
  }
  if (condition === 7) return (stored) => !present(stored);
  if (condition === 8) return present;
  // Containment of a scalar in a field's value is equality; of [scalar], membership of an array value.
  const multi = field.fieldType === 'multiselect' || field.settings.multiple === true;
  const [only] = values;
  const wanted = new Set<unknown>(values);
  const isWanted: Test = values.length === 1 ? (stored) => stored === only : (stored) => wanted.has(stored);
  const anyOf: Test = multi ? (stored) => Array.isArray(stored) && stored.some(isWanted) : isWanted;
  if (field.fieldType === 'multiselect') {
    if (condition === 3 || condition === 4) {
      const all: Test = (stored) => Array.isArray(stored) && values.every((value) => stored.includes(value));
      return condition === 3 ? all : (stored) => !all(stored);
    }
    return condition === 1 ? anyOf : (stored) => !anyOf(stored);
  }
  const bound = values[0];
  const ranges: Partial<Record<ConditionId, Test>> =
    field.fieldType === 'number' || field.fieldType === 'currency'
      ? {
          9: (stored) => typeof stored === 'number' && stored < (bound as number),
          10: (stored) => typeof stored === 'number' && stored > (bound as number),
          11: (stored) => typeof stored === 'number' && stored <= (bound as number),
          12: (stored) => typeof stored === 'number' && stored >= (bound as number),
        }
      : {};
  switch (condition) {
    case 1:
      return anyOf;
    case 2:
    case 13:
      return (stored) => !anyOf(stored);
    case 5:
    case 14:
      return (stored) => present(stored) && !anyOf(stored);
    default:
      return ranges[condition] ?? null;
  }
}

const COMPARISONS: Partial<Record<ConditionId, '<' | '>' | '<=' | '>='>> = { 9: '<', 10: '>', 11: '<=', 12: '>=' };

/** The test in the typed form the index scans fastest: "is one of" on single values, number comparisons. */
function fastForm({ field, condition, values }: Compiled): FastTest | undefined {
  const multi = field.fieldType === 'multiselect' || field.fieldType === 'checkbox' || field.settings.multiple === true;
  if (condition === 1 && !multi) return { in: values };
  const compare = COMPARISONS[condition];
  const numeric = field.fieldType === 'number' || field.fieldType === 'currency';
  return compare && numeric ? { compare, bound: values[0] as number } : undefined;
}

/** Values one of which every record the condition accepts holds: "is", "contains all" and "checked". */
function startValues({ field, condition, values }: Compiled): unknown[] | undefined {
  if (field.fieldType === 'checkbox') {
    const wantChecked = values[0] === true ? condition === 1 : condition === 5;
    return wantChecked ? [true] : undefined;
  }
  return condition === 1 || (condition === 3 && field.fieldType === 'multiselect') ? values : undefined;
}

function sortKeyOf(field: FieldDef): SortKey | null {
  if (field.storage === 'column') {
    return field.name === 'created_at' || field.name === 'updated_at' ? { source: field.name } : null;
  }
  if (field.storage !== 'values') return null;
  if (field.fieldType === 'number' || field.fieldType === 'currency') {
    return { source: 'value', field: field.name, key: (stored) => (typeof stored === 'number' ? stored : null) };
  }
  if (field.fieldType === 'select') {
    return {
      source: 'value',
      field: field.name,
      key: (stored) => {
        const at = typeof stored === 'string' ? field.optionList.indexOf(stored) : -1;
        return at < 0 ? null : at;
      },
    };
  }
  return null;
}
