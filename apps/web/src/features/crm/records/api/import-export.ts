import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ListingBody } from '@tradeloop/contracts/crm/listing';
import type {
  importBodySchema,
  importPreviewSchema,
  ImportReport,
  RecordTypeId,
} from '@tradeloop/contracts/crm/records';
import { API_BASES, NO_SESSION_HASH, NO_USER_ID } from '../../../../lib/api-client.ts';
import { getSessionId } from '../../../../lib/activity.ts';
import { notifyError } from '../../../../lib/notify.ts';
import { getSession } from '../../../../lib/session.ts';
import { CLIENT_MESSAGES } from '@tradeloop/contracts/common-constants';
import { crmRequest } from '../../shared/api/client.ts';
import { crmKeys } from '../../shared/api/keys.ts';

export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** POST crm/import/preview: headers, sample rows and a suggested mapping. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: (body: { type_id: RecordTypeId; csv: string }) =>
      crmRequest<ImportPreview>('crm/import/preview', { method: 'POST', body }),
  });
}

/** POST crm/import: a per-row report. */
export function useImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof importBodySchema>) =>
      crmRequest<ImportReport>('crm/import', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: crmKeys.records() }),
  });
}

/**
 * POST crm/export answers a CSV file, not JSON, so it is fetched directly (same headers as the
 * app's client) and handed to the browser as a download.
 */
export async function downloadExport(body: ListingBody & { all_fields?: boolean }) {
  const { token, user } = getSession();
  const response = await fetch(`${API_BASES.crm}/crm/export`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      'X-Session-Hash': getSessionId() ?? NO_SESSION_HASH,
      'x-uid': user ? String(user.id) : NO_USER_ID,
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    notifyError(CLIENT_MESSAGES.serverError);
    return;
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'export.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}
