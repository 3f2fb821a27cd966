import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecordTypeId } from '@tradeloop/contracts/crm/records';
import { colourOfTagName, type CrmTag, type TagColour, type TagIndexItem } from '@tradeloop/contracts/crm/tags';
import { crmData, crmRequest } from '../shared/api/client.ts';
import { crmKeys } from '../shared/api/keys.ts';
import { workKeys } from '../shared/target.ts';

export const tagKeys = { index: () => [...crmKeys.all, 'tags'] as const };

/** GET tag/index: the company's tags with how many records carry each. */
export const tagIndexQueryOptions = () =>
  queryOptions({
    queryKey: tagKeys.index(),
    queryFn: ({ signal }) => crmData<TagIndexItem[]>('tag/index', { signal }),
  });

export function useTagIndex() {
  return useQuery(tagIndexQueryOptions());
}

type RecordTags = { record_id: number; tags: CrmTag[] };

/** GET crm/crm_tags/create_crm_tags/{id}: a record's tags. */
export function useRecordTags(typeId: RecordTypeId, id: number) {
  return useQuery({
    queryKey: workKeys.part(typeId, id, 'tags'),
    queryFn: ({ signal }) => crmData<RecordTags>(`crm/crm_tags/create_crm_tags/${id}`, { signal }),
  });
}

/**
 * A change to tags makes stale: the tag list and its counts, the Tags choices of list filters and the
 * Tags column of listings (crm fields and records), and the work of records (their tags and timeline).
 */
function useRefreshTags() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [tagKeys.index(), crmKeys.forms(), crmKeys.records(), workKeys.all()].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/**
 * PUT crm/crm_tags/create_crm_tags/{id} with the names the record's tags become (names missing are
 * created). The panel shows the new tags at once, so a second change builds on the first.
 */
export function useSetRecordTags(typeId: RecordTypeId, id: number) {
  const refresh = useRefreshTags();
  const queryClient = useQueryClient();
  const key = workKeys.part(typeId, id, 'tags');
  return useMutation({
    mutationFn: (names: string[]) =>
      crmRequest<RecordTags>(`crm/crm_tags/create_crm_tags/${id}`, { method: 'PUT', body: { names } }),
    onMutate: async (names) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<RecordTags>(key);
      const known = new Map((before?.tags ?? []).map((tag) => [tag.name.toLowerCase(), tag]));
      const tags = names.map(
        (name, n) => known.get(name.toLowerCase()) ?? { id: -1 - n, name, colour: colourOfTagName(name) },
      );
      queryClient.setQueryData<RecordTags>(key, { record_id: id, tags });
      return { before };
    },
    onError: (_error, _names, context) => queryClient.setQueryData(key, context?.before),
    onSuccess: (result) => {
      queryClient.setQueryData(key, result.data);
      return refresh();
    },
  });
}

/** POST tag/create. */
export function useCreateTag() {
  const refresh = useRefreshTags();
  return useMutation({
    mutationFn: (body: { name: string; colour?: TagColour }) =>
      crmRequest<CrmTag>('tag/create', { method: 'POST', body, fieldErrors: 'form' }),
    onSuccess: () => refresh(),
  });
}

/** POST crm/crm_tags/bulk_delete ('Tags Deleted Successfully'). */
export function useBulkDeleteTags() {
  const refresh = useRefreshTags();
  return useMutation({
    mutationFn: (ids: number[]) =>
      crmRequest<{ count: number }>('crm/crm_tags/bulk_delete', { method: 'POST', body: { ids } }),
    onSuccess: () => refresh(),
  });
}
