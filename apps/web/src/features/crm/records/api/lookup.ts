import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Listing } from '@tradeloop/contracts/crm/listing';
import type { RecordTypeId } from '@tradeloop/contracts/crm/records';
import { crmData } from '../../shared/api/client.ts';
import { crmKeys } from '../../shared/api/keys.ts';

/** GET lead/list/main: records of a type for lookup pickers, newest first, matching a keyword. */
export function lookupQueryOptions(typeId: RecordTypeId, query: string) {
  return queryOptions({
    queryKey: crmKeys.lookup(typeId, query),
    queryFn: async ({ signal }) =>
      (await crmData<Listing>('lead/list/main', { query: { type_id: typeId, query }, signal })).data.map((record) => ({
        id: record.id,
        title: record.title,
      })),
    staleTime: 60_000,
  });
}

export function useLookupOptions(typeId: RecordTypeId, query: string, enabled: boolean) {
  return useQuery({ ...lookupQueryOptions(typeId, query), enabled });
}
