import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AssignmentRule, AssignmentRuleBody } from '@tradeloop/contracts/crm/leads';
import { crmData, crmRequest } from '../../shared/api/client.ts';
import { leadKeys } from './keys.ts';

/** GET lead/assignment-rules: in the order they are tried. */
export function rulesQueryOptions() {
  return queryOptions({
    queryKey: leadKeys.rules(),
    queryFn: ({ signal }) => crmData<AssignmentRule[]>('lead/assignment-rules', { signal }),
  });
}

export function useAssignmentRules() {
  return useQuery(rulesQueryOptions());
}

function useRulesWrite<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: leadKeys.rules() }) });
}

/** POST lead/assignment-rules without an id, PUT lead/assignment-rules/{id} with one. */
export function useSaveRule() {
  return useRulesWrite(({ id, body }: { id?: number; body: AssignmentRuleBody }) =>
    crmRequest<AssignmentRule>(id ? `lead/assignment-rules/${id}` : 'lead/assignment-rules', {
      method: id ? 'PUT' : 'POST',
      body,
      fieldErrors: 'form',
    }),
  );
}

export function useDeleteRule() {
  return useRulesWrite((id: number) => crmRequest<null>(`lead/assignment-rules/${id}`, { method: 'DELETE' }));
}

/** POST lead/assignment-rules/reorder. */
export function useReorderRules() {
  return useRulesWrite((ids: number[]) =>
    crmRequest<AssignmentRule[]>('lead/assignment-rules/reorder', { method: 'POST', body: { ids } }),
  );
}
