import { CLIENT_MESSAGES, SERVER_MESSAGES } from '@tradeloop/contracts/common';
import { ApiError, API_BASES, type FieldErrors } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { getSession, resetClientState } from '../../../lib/session.ts';

/**
 * Multipart uploads and file downloads, which the JSON client does not send. Spec section 7: "raw
 * body for file upload, with no content type" (the browser sets the multipart boundary). Failures
 * follow the client's catalogue: 401 signs out, 5xx toasts, 422 rejects with the field errors.
 */
function authHeaders(): Record<string, string> {
  const { token } = getSession();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

async function failure(response: Response): Promise<never> {
  const body = (await response.json().catch(() => null)) as { message?: string; errors?: FieldErrors } | null;
  if (response.status === 401) {
    resetClientState();
    window.location.assign('/user/signin');
    throw new ApiError(401, body?.message ?? SERVER_MESSAGES.sessionExpired, { notified: true });
  }
  if (response.status >= 500) {
    notifyError(CLIENT_MESSAGES.serverError);
    throw new ApiError(response.status, CLIENT_MESSAGES.serverError, { notified: true });
  }
  throw new ApiError(response.status, body?.message ?? CLIENT_MESSAGES.validation, { errors: body?.errors });
}

export async function uploadFile<T>(path: string, file: File, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(`${API_BASES.v1}/${path}`, { method: 'POST', headers: authHeaders(), body: form });
  } catch {
    notifyError(CLIENT_MESSAGES.serverError);
    throw new ApiError(0, CLIENT_MESSAGES.serverError, { notified: true });
  }
  if (!response.ok) return failure(response);
  const body = (await response.json()) as { data: T; message?: string };
  return { data: body.data, message: body.message };
}

/** Fetches a file with the bearer token and hands it to the browser as a download. */
export async function downloadFile(path: string, query: Record<string, string> = {}) {
  const search = new URLSearchParams(query).toString();
  const response = await fetch(`${API_BASES.v1}/${path}${search ? `?${search}` : ''}`, { headers: authHeaders() });
  if (!response.ok) return failure(response);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'download.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
