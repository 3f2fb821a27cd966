import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LeadScore, ScoringSettings, ScoringStoreBody } from '@tradeloop/contracts/crm/scoring';
import { crmData, crmRequest } from '../shared/api/client.ts';
import { crmKeys } from '../shared/api/keys.ts';
import { workKeys } from '../shared/target.ts';

/** Query keys of lead scoring, under the CRM's keys. */
export const scoringKeys = {
  settings: () => [...crmKeys.all, 'scoring-settings'] as const,
  lead: (leadId: number) => workKeys.part(1, leadId, 'score'),
};

/** While the leads are scored again after a change of weights, the page reads the progress every 1.5 s. */
const RESCORING_POLL_MS = 1_500;

/** GET score/criteria/list: groups, criteria, the company's weights and the rescoring's progress. */
export function scoringSettingsQueryOptions() {
  return queryOptions({
    queryKey: scoringKeys.settings(),
    queryFn: ({ signal }) => crmData<ScoringSettings>('score/criteria/list', { signal }),
    refetchInterval: (query) => (query.state.data?.rescoring.status === 'running' ? RESCORING_POLL_MS : false),
  });
}

export function useScoringSettings() {
  return useQuery(scoringSettingsQueryOptions());
}

/** POST score/criteria/store; lists and lead pages are read again once the leads are scored. */
export function useSaveScoring() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScoringStoreBody) =>
      crmRequest<ScoringSettings>('score/criteria/store', { method: 'POST', body }),
    onSuccess: (result) => {
      queryClient.setQueryData(scoringKeys.settings(), result.data);
      void queryClient.invalidateQueries({ queryKey: scoringKeys.settings() });
      void queryClient.invalidateQueries({ queryKey: crmKeys.records() });
      void queryClient.invalidateQueries({ queryKey: workKeys.all() });
    },
  });
}

/** GET score/lead/{id}: the lead's score, its breakdown by group and its recent changes. */
export function useLeadScore(leadId: number) {
  return useQuery({
    queryKey: scoringKeys.lead(leadId),
    queryFn: ({ signal }) => crmData<LeadScore>(`score/lead/${leadId}`, { signal }),
    staleTime: 10_000,
    // A lead not scored yet (its event is on its way) is read again until it is.
    refetchInterval: (query) => (query.state.data?.score === null ? 2_000 : false),
  });
}
