import { useQueryClient } from '@tanstack/react-query';
import type { RecordTypeId } from '@tradeloop/contracts/crm/records';
import { crmKeys } from './api/keys.ts';
import { workKeys } from './target.ts';

/**
 * What a write to a record's e-mails, notes, files or tags makes stale: the record's work (its lists
 * and its timeline) and its detail (the tab counts).
 *
 * A read still under way began before the write and may answer without it. Invalidating alone would
 * reuse such a read when the query has no data yet (a tab opened just before the write: TanStack Query
 * cancels an in-flight fetch only over data it already has), so those reads are cancelled first and
 * asked again.
 */
export function useRefreshRecordWork(typeId: RecordTypeId, id: number) {
  const queryClient = useQueryClient();
  const refresh = async (queryKey: readonly unknown[]) => {
    await queryClient.cancelQueries({ queryKey });
    await queryClient.invalidateQueries({ queryKey });
  };
  return () => Promise.all([refresh(workKeys.record(typeId, id)), refresh(crmKeys.detail(typeId, id))]);
}
