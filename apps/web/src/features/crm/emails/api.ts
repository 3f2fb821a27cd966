import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { CrmRecord, RecordTypeId } from '@tradeloop/contracts/crm/records';
import type { CrmEmail, EmailRecipient } from '@tradeloop/contracts/crm/emails';
import { crmData, crmRequest } from '../shared/api/client.ts';
import { useRefreshRecordWork } from '../shared/content-cache.ts';
import { workKeys } from '../shared/target.ts';

const PATH = 'crm/emails/create_emails';
type Target = Pick<CrmRecord, 'id' | 'unique_id'>;

/** GET crm/emails/create_emails?crm_unique_id=: drafts and sent e-mails, newest first. */
export function emailsQueryOptions(typeId: RecordTypeId, record: Target) {
  return queryOptions({
    queryKey: workKeys.part(typeId, record.id, 'emails'),
    queryFn: ({ signal }) => crmData<CrmEmail[]>(PATH, { query: { crm_unique_id: record.unique_id }, signal }),
  });
}

export function useEmails(typeId: RecordTypeId, record: Target) {
  return useQuery(emailsQueryOptions(typeId, record));
}

/** GET crm/emails/recipients: the record's addresses and its contacts'. */
export function useRecipients(typeId: RecordTypeId, record: Target) {
  return useQuery({
    queryKey: workKeys.part(typeId, record.id, 'recipients'),
    queryFn: ({ signal }) =>
      crmData<EmailRecipient[]>('crm/emails/recipients', { query: { crm_unique_id: record.unique_id }, signal }),
  });
}

export type DraftContent = { to: string[]; cc: string[]; subject: string; body: string };

/**
 * Saves a draft (spec section 4: PUT crm/emails/create_emails/{draftId} when it exists, POST
 * otherwise), sending it when asked. An autosave keeps its errors to itself (the composer shows
 * them); a send has them toasted.
 */
export function saveEmail(record: Target, draftId: number | null, content: DraftContent, send: boolean) {
  const options = { body: { ...content, send }, fieldErrors: send ? ('toast' as const) : ('form' as const) };
  return draftId === null
    ? crmRequest<CrmEmail>(PATH, {
        ...options,
        method: 'POST',
        body: { ...options.body, crm_unique_id: record.unique_id },
      })
    : crmRequest<CrmEmail>(`${PATH}/${draftId}`, { ...options, method: 'PUT' });
}

/** DELETE crm/emails/delete_myemails. */
export function useDeleteEmails(typeId: RecordTypeId, record: Target) {
  const refresh = useRefreshRecordWork(typeId, record.id);
  return useMutation({
    mutationFn: (ids: number[]) =>
      crmRequest<{ count: number }>('crm/emails/delete_myemails', { method: 'DELETE', body: { ids } }),
    onSuccess: () => refresh(),
  });
}
