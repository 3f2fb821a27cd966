import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateRecordBody,
  CrmRecord,
  FieldValue,
  RecordTypeId,
  RecordValues,
} from '@tradeloop/contracts/crm/records';
import { crmRequest } from '../../shared/api/client.ts';
import { crmKeys } from '../../shared/api/keys.ts';

/** Every write to records refreshes lists, boards, details and statistics. */
function useRecordsWrite<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: crmKeys.records() }) });
}

/** POST crm/create_record (field errors go on the form). */
export function useCreateRecord() {
  return useRecordsWrite((body: CreateRecordBody) =>
    crmRequest<CrmRecord>('crm/create_record', { method: 'POST', body, fieldErrors: 'form' }),
  );
}

/** PUT crm/update_record/{id}: the edit form. */
export function useUpdateRecord() {
  return useRecordsWrite(({ id, values }: { id: number; values: RecordValues }) =>
    crmRequest<CrmRecord>(`crm/update_record/${id}`, { method: 'PUT', body: { values }, fieldErrors: 'form' }),
  );
}

export type InlineEdit = {
  record: Pick<CrmRecord, 'unique_id' | 'crm_user_form_unique_id' | 'type_id'>;
  field: { id: number | null; name: string; section_id?: number | null };
  value: FieldValue;
};

/** POST crm/update_datalisting_fields: one value, from a table cell or the detail page. */
export function useUpdateField() {
  return useRecordsWrite(({ record, field, value }: InlineEdit) =>
    crmRequest<CrmRecord>('crm/update_datalisting_fields', {
      method: 'POST',
      body: {
        unique_id: record.unique_id,
        crm_user_form_unique_id: record.crm_user_form_unique_id,
        type_id: record.type_id,
        section_form_id: field.section_id ?? null,
        form_input_list_id: field.id ?? field.name,
        value,
      },
    }),
  );
}

/** DELETE crm/delete_lead: to the recycle bin. */
export function useDeleteRecord() {
  return useRecordsWrite((record: Pick<CrmRecord, 'unique_id' | 'crm_user_form_unique_id'>) =>
    crmRequest<null>('crm/delete_lead', {
      method: 'DELETE',
      query: { unique_id: record.unique_id, crm_user_form_unique_id: record.crm_user_form_unique_id },
    }),
  );
}

export function useRestoreRecord() {
  return useRecordsWrite((record: Pick<CrmRecord, 'unique_id'>) =>
    crmRequest<CrmRecord>('crm/restore_lead', { method: 'POST', body: { unique_id: record.unique_id } }),
  );
}

type Bulk = { typeId: RecordTypeId; ids: number[] };

export function useBulkDelete() {
  return useRecordsWrite(({ typeId, ids }: Bulk) =>
    crmRequest<{ count: number }>('crm/bulk_delete', { method: 'POST', body: { type_id: typeId, ids } }),
  );
}

export function useBulkRestore() {
  return useRecordsWrite(({ typeId, ids }: Bulk) =>
    crmRequest<{ count: number }>('crm/bulk_restore', { method: 'POST', body: { type_id: typeId, ids } }),
  );
}

export function useBulkUpdate() {
  return useRecordsWrite(({ typeId, ids, field, value }: Bulk & { field: string; value: FieldValue }) =>
    crmRequest<{ count: number }>('crm/bulk_update', { method: 'POST', body: { type_id: typeId, ids, field, value } }),
  );
}

export function useBulkAssign() {
  return useRecordsWrite(({ typeId, ids, ownerId }: Bulk & { ownerId: number }) =>
    crmRequest<{ count: number }>('crm/bulk_assign', {
      method: 'POST',
      body: { type_id: typeId, ids, owner_id: ownerId },
    }),
  );
}
