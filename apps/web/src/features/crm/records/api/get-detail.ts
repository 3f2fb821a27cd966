import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecordDetail, RecordTypeId } from '@tradeloop/contracts/crm/records';
import { crmData } from '../../shared/api/client.ts';
import { crmKeys } from '../../shared/api/keys.ts';

/** The info call of each type (spec section 7): lead/info, account/info/{id}, contact/info-sidebar, deal/sidebar-info. */
function detailRequest(typeId: RecordTypeId, id: number): [string, Record<string, number>] {
  switch (typeId) {
    case 1:
      return ['lead/info', { lead_id: id }];
    case 2:
      return ['deal/sidebar-info', { deal_id: id }];
    case 3:
      return [`account/info/${id}`, {}];
    case 4:
      return ['contact/info-sidebar', { contact_id: id }];
  }
}

export function detailQueryOptions(typeId: RecordTypeId, id: number) {
  const [path, query] = detailRequest(typeId, id);
  return queryOptions({
    queryKey: crmKeys.detail(typeId, id),
    queryFn: ({ signal }) => crmData<RecordDetail>(path, { query, signal }),
  });
}

export function useRecordDetail(typeId: RecordTypeId, id: number) {
  return useQuery(detailQueryOptions(typeId, id));
}
