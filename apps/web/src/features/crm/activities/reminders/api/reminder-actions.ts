import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Reminder, StoreReminderBody } from '@tradeloop/contracts/crm/activities';
import { crmRequest } from '../../../shared/api/client.ts';
import { reminderKeys } from './keys.ts';

/** Every reminder write refreshes the bell, the lists and "My day". */
function useReminderWrite<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: reminderKeys.all() }) });
}

/** POST reminder/store (field errors go on the form). */
export function useStoreReminder() {
  return useReminderWrite((body: StoreReminderBody) =>
    crmRequest<Reminder>('reminder/store', { method: 'POST', body, fieldErrors: 'form' }),
  );
}

/** POST reminder/dismiss/{id}. */
export function useDismissReminder() {
  return useReminderWrite((id: number) => crmRequest<Reminder>(`reminder/dismiss/${id}`, { method: 'POST' }));
}

/** DELETE reminder/destroy/{id}. */
export function useDestroyReminder() {
  return useReminderWrite((id: number) => crmRequest<{ id: number }>(`reminder/destroy/${id}`, { method: 'DELETE' }));
}
