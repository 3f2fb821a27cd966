import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListField, RecordTypeId } from '@tradeloop/contracts/crm/records';
import { crmData } from '../../shared/api/client.ts';
import { crmKeys } from '../../shared/api/keys.ts';

/** GET crm/fields: what a list can show, filter and sort by (form fields and record columns). */
export function fieldsQueryOptions(typeId: RecordTypeId) {
  return queryOptions({
    queryKey: crmKeys.fields(typeId),
    queryFn: ({ signal }) => crmData<ListField[]>('crm/fields', { query: { type_id: typeId }, signal }),
  });
}

export function useFields(typeId: RecordTypeId) {
  return useQuery(fieldsQueryOptions(typeId));
}
