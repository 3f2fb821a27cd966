import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { CLIENT_MESSAGES, SERVER_MESSAGES } from '@tradeloop/contracts/common';
import type { CrmRecord, RecordTypeId } from '@tradeloop/contracts/crm';
import { UPLOAD_FIELD, type CrmFile } from '@tradeloop/contracts/crm-content';
import { getSessionId } from '../../../lib/activity.ts';
import {
  API_BASES,
  ApiError,
  NO_SESSION_HASH,
  NO_USER_ID,
  describeErrors,
  type FieldErrors,
} from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { PATHS } from '../../../lib/paths.ts';
import { getSession, resetClientState } from '../../../lib/session.ts';
import { crmData, crmRequest } from '../../crm/api/client.ts';
import { useRefreshRecordWork } from '../content-cache.ts';
import { workKeys } from '../target.ts';

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

/**
 * POST crm/crm_save_file as form data (spec section 7: images[], a raw body with no content type, the
 * browser sets the boundary). Failures follow the client's catalogue: 401 signs out, 5xx toasts,
 * a refused file (422) toasts the server's message naming it.
 */
async function uploadFiles(typeId: RecordTypeId, uniqueId: string, files: File[]) {
  const form = new FormData();
  form.append('unique_id', uniqueId);
  form.append('type_id', String(typeId));
  for (const file of files) form.append(UPLOAD_FIELD, file, file.name);
  const { token, user } = getSession();
  let response: Response;
  try {
    response = await fetch(`${API_BASES.crm}/crm/crm_save_file`, {
      method: 'POST',
      body: form,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        'X-Session-Hash': getSessionId() ?? NO_SESSION_HASH,
        'x-uid': user ? String(user.id) : NO_USER_ID,
      },
    });
  } catch {
    notifyError(CLIENT_MESSAGES.serverError);
    throw new ApiError(0, CLIENT_MESSAGES.serverError, { notified: true });
  }
  const body = (await response.json().catch(() => null)) as {
    data?: CrmFile[];
    message?: string;
    errors?: FieldErrors;
  } | null;
  if (response.ok && body?.data) return { data: body.data, message: body.message };
  if (response.status === 401) {
    resetClientState();
    window.location.assign(PATHS.signin);
    throw new ApiError(401, body?.message ?? SERVER_MESSAGES.sessionExpired, { notified: true });
  }
  const message =
    response.status >= 500
      ? CLIENT_MESSAGES.serverError
      : body?.errors
        ? describeErrors(body.errors)
        : (body?.message ?? CLIENT_MESSAGES.validation);
  notifyError(message);
  throw new ApiError(response.status, message, { errors: body?.errors, notified: true });
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
