import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecordTypeId } from '@tradeloop/contracts/crm/records';
import type { Form, SaveFormInput } from '@tradeloop/contracts/crm/forms';
import { crmRequest } from '../../shared/api/client.ts';
import { crmKeys } from '../../shared/api/keys.ts';

/** POST crm/save_input_form ("form created successfully"); every form, field and list is refreshed. */
export function useSaveForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveFormInput) => crmRequest<Form>('crm/save_input_form', { method: 'POST', body }),
    onSuccess: (result) => {
      queryClient.setQueryData(crmKeys.form(result.data.type_id as RecordTypeId), result.data);
      void queryClient.invalidateQueries({ queryKey: crmKeys.all });
    },
  });
}

/** DELETE crm/form_section/{id}: the section's fields become unused. */
export function useDeleteSection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => crmRequest<Form>(`crm/form_section/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: crmKeys.all }),
  });
}

/** POST crm/default_form_input: the default sections and fields come back. */
export function useRestoreDefaultForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (typeId: RecordTypeId) =>
      crmRequest<Form>('crm/default_form_input', { method: 'POST', body: { type_id: typeId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: crmKeys.all }),
  });
}
