import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Job, JobQueue } from '@tradeloop/contracts/jobs';
import { apiData, apiRequest } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';

/** The operator's view of background work (decision 049). */
const jobKeys = {
  all: ['operator', 'jobs'] as const,
  queues: ['operator', 'jobs', 'queues'] as const,
  failed: ['operator', 'jobs', 'failed'] as const,
};

export type JobPage = { data: Job[]; currentPage: number; lastPage: number; perPage: number; total: number };
export type FailedJobFilter = { event?: string; company?: number; page: number };

/** GET operator/jobs/queues, asked again every 5 s while the page is open. */
export function useJobQueues(enabled: boolean) {
  return useQuery({
    queryKey: jobKeys.queues,
    queryFn: ({ signal }) => apiData<JobQueue[]>('operator/jobs/queues', { signal }),
    enabled,
    refetchInterval: 5_000,
  });
}

/**
 * GET operator/jobs?status=failed: failed deliveries, newest first, by event name or company; asked again
 * every 5 s, as the queues are, so a delivery that fails while the page is open shows up.
 */
export function useFailedJobs(filter: FailedJobFilter, enabled: boolean) {
  return useQuery({
    queryKey: [...jobKeys.failed, filter],
    queryFn: ({ signal }) =>
      apiData<JobPage>('operator/jobs', {
        query: {
          status: 'failed',
          page: filter.page,
          per_page: 25,
          ...(filter.event ? { event: filter.event } : {}),
          ...(filter.company ? { company: filter.company } : {}),
        },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
  });
}

/** POST operator/jobs/retry/{id} or operator/jobs/discard/{id}. */
export function useJobAction(action: 'retry' | 'discard') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason?: string }) =>
      apiRequest<{ id: number }>(`operator/jobs/${action}/${id}`, {
        method: 'POST',
        body: action === 'discard' ? (reason ? { reason } : {}) : undefined,
      }),
    onSuccess: (result) => {
      if (result.message) notifySuccess(result.message);
      void queryClient.invalidateQueries({ queryKey: jobKeys.all });
    },
  });
}
