import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MergeBody, MergeResult } from '@tradeloop/contracts/crm/records';
import { crmRequest } from '../../shared/api/client.ts';
import { crmKeys } from '../../shared/api/keys.ts';

/** POST crm/merge_records: the merged record folds into the kept one, everything related with it. */
export function useMergeRecords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MergeBody) => crmRequest<MergeResult>('crm/merge_records', { method: 'POST', body }),
    // Every tab of the kept record (notes, files, timeline …) changes: refresh the whole CRM.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: crmKeys.all }),
  });
}
