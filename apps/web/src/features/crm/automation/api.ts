import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AutomationRule, AutomationRuleInput, AutomationShow } from '@tradeloop/contracts/crm/automation';
import { crmData, crmRequest } from '../shared/api/client.ts';
import { crmKeys } from '../shared/api/keys.ts';

/** Query keys of automation, under the CRM's keys. */
export const automationKeys = {
  all: () => [...crmKeys.all, 'automation'] as const,
  list: () => [...automationKeys.all(), 'list'] as const,
  rule: (id: number, page: number) => [...automationKeys.all(), 'rule', id, page] as const,
};

/** GET automation/index: the rules in the order they run. */
export function automationRulesQueryOptions() {
  return queryOptions({
    queryKey: automationKeys.list(),
    queryFn: ({ signal }) => crmData<AutomationRule[]>('automation/index', { signal }),
  });
}

export function useAutomationRules() {
  return useQuery(automationRulesQueryOptions());
}

/** GET automation/show/{id}: the rule and a page of its run log. */
export function automationRuleQueryOptions(id: number, page = 1) {
  return queryOptions({
    queryKey: automationKeys.rule(id, page),
    queryFn: ({ signal }) => crmData<AutomationShow>(`automation/show/${id}`, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** `enabled: false` for a page that has no rule yet (the builder of a new one). */
export function useAutomationRule(id: number, page = 1, enabled = true) {
  return useQuery({ ...automationRuleQueryOptions(id, page), enabled });
}

/** Every write changes the list and the rule pages. */
function useAutomationWrite<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automationKeys.all() }),
  });
}

/** POST automation/create without an id, automation/update/{id} with one; field errors go on the form. */
export function useSaveAutomationRule() {
  return useAutomationWrite(({ id, body }: { id?: number; body: AutomationRuleInput }) =>
    crmRequest<AutomationRule>(id ? `automation/update/${id}` : 'automation/create', {
      method: 'POST',
      body,
      fieldErrors: 'form',
    }),
  );
}

/** POST automation/enable/{id} or disable/{id}. */
export function useSetAutomationRuleEnabled() {
  return useAutomationWrite(({ id, enabled }: { id: number; enabled: boolean }) =>
    crmRequest<AutomationRule>(`automation/${enabled ? 'enable' : 'disable'}/${id}`, { method: 'POST' }),
  );
}

export function useDeleteAutomationRule() {
  return useAutomationWrite((id: number) => crmRequest<null>(`automation/delete/${id}`, { method: 'POST' }));
}

/** POST automation/reorder: every rule's id, in the order they are to run. */
export function useReorderAutomationRules() {
  return useAutomationWrite((ids: number[]) =>
    crmRequest<AutomationRule[]>('automation/reorder', { method: 'POST', body: { ids } }),
  );
}
