import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { allViewName, CRM_DEFAULTS, crmType, type RecordTypeId } from '@tradeloop/contracts/crm/records';
import { readLocal, removeLocal, writeLocal } from '../../../lib/storage.ts';
import type { FilterRow } from '../views/components/FilterBuilder.tsx';
import type { SortState } from '../views/components/ViewControls.tsx';

/**
 * What a list shows lives in the URL (shareable, survives reloads): the view, a saved filter, ad-hoc
 * conditions, the keyword, the sort, the columns and the recycle bin. The selected view's name is
 * also kept locally under the key "view" (spec section 3), so the list reopens on it.
 */
export function viewStorageKey(typeId: RecordTypeId) {
  return typeId === CRM_DEFAULTS.typeId
    ? CRM_DEFAULTS.viewStorageKey
    : `${CRM_DEFAULTS.viewStorageKey}.${crmType(typeId).slug}`;
}

export function storedViewName(typeId: RecordTypeId) {
  return readLocal(viewStorageKey(typeId)) ?? allViewName(typeId);
}

export function storeViewName(typeId: RecordTypeId, name: string | null) {
  if (name === null || name === allViewName(typeId)) writeLocal(viewStorageKey(typeId), allViewName(typeId));
  else writeLocal(viewStorageKey(typeId), name);
}

export function forgetViewName(typeId: RecordTypeId) {
  removeLocal(viewStorageKey(typeId));
}

function parseJson<T>(text: string | null): T | undefined {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

export type ListState = {
  viewId: number | null;
  filterId: number | null;
  /** Conditions changed from the view's; null while the view's own apply. */
  filters: FilterRow[] | null;
  query: string;
  sort: SortState | null;
  columns: string[] | null;
  bin: boolean;
};

/**
 * Whether a search, a saved filter or changed conditions narrow the view, so that its count no longer says
 * what the list shows (the recycle bin lists other records, not fewer of the view's).
 */
export function isNarrowed(state: ListState) {
  return !state.bin && (state.filters !== null || state.query !== '' || state.filterId !== null);
}

export function useListState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo<ListState>(() => {
    const sort = params.get('sort')?.split(':');
    return {
      viewId: params.get('view') ? Number(params.get('view')) : null,
      filterId: params.get('filter') ? Number(params.get('filter')) : null,
      filters: parseJson<FilterRow[]>(params.get('filters')) ?? null,
      query: params.get('q') ?? '',
      sort: sort && sort[0] ? { field: sort[0], direction: sort[1] === 'desc' ? 'desc' : 'asc' } : null,
      columns: params.get('columns')?.split(',').filter(Boolean) ?? null,
      bin: params.get('bin') === '1',
    };
  }, [params]);

  const update = useCallback(
    (change: Partial<ListState>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const set = (key: string, value: string | null) =>
            value === null || value === '' ? next.delete(key) : next.set(key, value);
          if ('viewId' in change)
            set('view', change.viewId === null || change.viewId === undefined ? null : String(change.viewId));
          if ('filterId' in change) set('filter', change.filterId ? String(change.filterId) : null);
          if ('filters' in change) set('filters', change.filters ? JSON.stringify(change.filters) : null);
          if ('query' in change) set('q', change.query ?? null);
          if ('sort' in change) set('sort', change.sort ? `${change.sort.field}:${change.sort.direction}` : null);
          if ('columns' in change) set('columns', change.columns?.length ? change.columns.join(',') : null);
          if ('bin' in change) set('bin', change.bin ? '1' : null);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return [state, update] as const;
}
