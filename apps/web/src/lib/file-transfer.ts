import { CLIENT_MESSAGES, SERVER_MESSAGES } from '@tradeloop/contracts/common-constants';
import { ApiError, API_BASES, apiRequest, type FieldErrors } from './api-client.ts';
import { notifyError } from './notify.ts';
import { getSession, resetClientState } from './session.ts';

/**
 * File uploads (through the shared client, which sends form data raw) and downloads (a blob the
 * JSON client does not read). Download failures follow the client's catalogue: 401 signs out, 5xx
 * toasts, 422 rejects with the field errors.
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

/** POST form data with one file (field `file`) and plain fields; 422 rejects with the field errors. */
export async function uploadFile<T>(path: string, file: File, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, file.name);
  const { data, message } = await apiRequest<T>(path, { method: 'POST', body: form, fieldErrors: 'form' });
  return { data, message };
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
