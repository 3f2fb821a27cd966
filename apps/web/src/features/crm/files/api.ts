import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { CrmRecord, RecordTypeId } from '@tradeloop/contracts/crm/records';
import { type CrmFile, UPLOAD_FIELD } from '@tradeloop/contracts/crm/files';
import { crmData, crmRequest } from '../shared/api/client.ts';
import { useRefreshRecordWork } from '../shared/content-cache.ts';
import { workKeys } from '../shared/target.ts';

/** GET crm/show_crm_images/{unique_id}/{typeId}: a record's files, newest first. */
export function filesQueryOptions(typeId: RecordTypeId, record: Pick<CrmRecord, 'id' | 'unique_id'>) {
  return queryOptions({
    queryKey: workKeys.part(typeId, record.id, 'files'),
    queryFn: ({ signal }) => crmData<CrmFile[]>(`crm/show_crm_images/${record.unique_id}/${typeId}`, { signal }),
  });
}

export function useFiles(typeId: RecordTypeId, record: Pick<CrmRecord, 'id' | 'unique_id'>) {
  return useQuery(filesQueryOptions(typeId, record));
}

/** POST crm/crm_save_file as form data (spec section 7: images[], a raw body with no content type). */
function uploadFiles(typeId: RecordTypeId, uniqueId: string, files: File[]) {
  const form = new FormData();
  form.append('unique_id', uniqueId);
  form.append('type_id', String(typeId));
  for (const file of files) form.append(UPLOAD_FIELD, file, file.name);
  return crmRequest<CrmFile[]>('crm/crm_save_file', { method: 'POST', body: form });
}

/** Uploading and deleting files; each refreshes the files, the timeline and the tab count. */
export function useFileWrites(typeId: RecordTypeId, record: Pick<CrmRecord, 'id' | 'unique_id'>) {
  const refresh = useRefreshRecordWork(typeId, record.id);
  const onSuccess = () => refresh();
  return {
    upload: useMutation({ mutationFn: (files: File[]) => uploadFiles(typeId, record.unique_id, files), onSuccess }),
    remove: useMutation({
      mutationFn: (ids: number[]) =>
        crmRequest<{ count: number }>('crm/delete_crm_images', { method: 'POST', body: { ids } }),
      onSuccess,
    }),
  };
}
