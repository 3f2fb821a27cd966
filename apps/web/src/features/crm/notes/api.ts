import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { RecordTypeId } from '@tradeloop/contracts/crm/records';
import type { CrmNote } from '@tradeloop/contracts/crm/notes';
import { crmData, crmRequest } from '../shared/api/client.ts';
import { useRefreshRecordWork } from '../shared/content-cache.ts';
import { targetParams, workKeys } from '../shared/target.ts';

const PATH = 'crm/notes/create_notes';

/** GET crm/notes/create_notes: a record's notes, newest first. */
export function notesQueryOptions(typeId: RecordTypeId, id: number) {
  return queryOptions({
    queryKey: workKeys.part(typeId, id, 'notes'),
    queryFn: ({ signal }) => crmData<CrmNote[]>(PATH, { query: targetParams(typeId, id), signal }),
  });
}

export function useNotes(typeId: RecordTypeId, id: number) {
  return useQuery(notesQueryOptions(typeId, id));
}

/** POST, PUT and DELETE crm/notes/create_notes; each refreshes the notes, the timeline and the tab count. */
export function useNoteWrites(typeId: RecordTypeId, id: number) {
  const refresh = useRefreshRecordWork(typeId, id);
  const onSuccess = () => refresh();
  return {
    create: useMutation({
      mutationFn: (message: string) =>
        crmRequest<CrmNote>(PATH, { method: 'POST', body: { ...targetParams(typeId, id), message } }),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: (note: { id: number; message: string }) => crmRequest<CrmNote>(PATH, { method: 'PUT', body: note }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (noteId: number) => crmRequest<{ id: number }>(PATH, { method: 'DELETE', query: { id: noteId } }),
      onSuccess,
    }),
  };
}
