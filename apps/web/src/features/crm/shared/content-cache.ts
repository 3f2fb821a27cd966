import { useQueryClient } from '@tanstack/react-query';
import type { RecordTypeId } from '@tradeloop/contracts/crm/records';
import { crmKeys } from './api/keys.ts';
import { workKeys } from './target.ts';

/**
 * What a write to a record's e-mails, notes, files or tags makes stale: the record's work (its lists
 * and its timeline) and its detail (the tab counts).
 */
export function useRefreshRecordWork(typeId: RecordTypeId, id: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: workKeys.record(typeId, id) }),
      queryClient.invalidateQueries({ queryKey: crmKeys.detail(typeId, id) }),
    ]);
}
