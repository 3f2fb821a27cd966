import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CrmRecord } from '@tradeloop/contracts/crm/records';
import type { leadAssignedSchema, LeadStatus } from '@tradeloop/contracts/crm/leads';
import { crmRequest } from '../../shared/api/client.ts';
import { crmKeys } from '../../shared/api/keys.ts';
import { workKeys } from '../../shared/target.ts';
import { leadKeys } from './keys.ts';

/** After a lead moves or changes hands: its page, lists and boards, its history and threads, the counts. */
function useLeadWrite<TInput extends { leadId: number }, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_result, input) => {
      void queryClient.invalidateQueries({ queryKey: workKeys.record(1, input.leadId) });
      void queryClient.invalidateQueries({ queryKey: crmKeys.records() });
      void queryClient.invalidateQueries({ queryKey: leadKeys.statuses() });
      void queryClient.invalidateQueries({ queryKey: leadKeys.classification() });
    },
  });
}

/** POST lead/lead-status-update, from the lead page or from inside one of its threads. */
export function useSetLeadStatus() {
  return useLeadWrite(({ leadId, statusId, threadId }: { leadId: number; statusId: number; threadId?: number }) =>
    crmRequest<{ lead: CrmRecord; status: LeadStatus }>('lead/lead-status-update', {
      method: 'POST',
      body: { lead_id: leadId, status_id: statusId, thread_id: threadId },
    }),
  );
}

/** POST lead/assign: the lead to a user or sub-user of the company. */
export function useAssignLead() {
  return useLeadWrite(({ leadId, userId }: { leadId: number; userId: number }) =>
    crmRequest<z.infer<typeof leadAssignedSchema>>('lead/assign', {
      method: 'POST',
      body: { lead_id: leadId, user_id: userId },
    }),
  );
}
