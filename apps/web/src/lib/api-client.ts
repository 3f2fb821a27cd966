import { ROLE_MESSAGES } from '@tradeloop/contracts/accounts-roles-constants';
import type { Failure } from '@tradeloop/contracts/common';
import { CLIENT_MESSAGES, SERVER_MESSAGES } from '@tradeloop/contracts/common-constants';
import { getSessionId } from './activity.ts';
import { notifyError } from './notify.ts';
import { getSession, resetClientState } from './session.ts';

/**
 * The one HTTP client of the web app. It implements the error catalogue of spec section 8, so a
 * page only handles what is special to it:
 *
 * | answer                              | here                                                        |
 * |-------------------------------------|-------------------------------------------------------------|
 * | body status false with errors       | errors shown as a toast (unless the caller puts them on     |
 * |                                     | form fields: `fieldErrors: 'form'`); rejects, notified      |
 * | body status false without errors    | rejects with status false and the message, not notified     |
 * | HTTP 401                            | all local/session data and cookies cleared, to /user/signin |
 * | HTTP 302                            | toast of the server message or CLIENT_MESSAGES.redirect     |
 * | HTTP 500 or 405                     | toast CLIENT_MESSAGES.serverError; rejects with the code    |
 * | HTTP 422                            | toast CLIENT_MESSAGES.validation unless the caller takes    |
 * |                                     | the field errors; rejects with the code and the errors      |
 * | HTTP 403 ROLE_MESSAGES.forbidden    | toast of the server's message (a role's grants can change   |
 * |                                     | while signed in, decision 038); rejects, notified           |
 * | anything else                       | resolves with the body and the status                       |
 *
 * "Returns nothing" is modelled as a rejection with an ApiError whose `notified` is true, so
 * TanStack Query sees a failure while nobody shows the message twice.
 */

export type FieldErrors = NonNullable<Failure['errors']>;

export const API_BASES = {
  v1: '/api/v1',
  v2: '/api/v2',
  crm: '/crm/v1',
  chat: '/chat/v1',
} as const;

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;

export type ApiRequestOptions = {
  method?: HttpMethod;
  base?: keyof typeof API_BASES;
  query?: Record<string, QueryValue>;
  /** JSON, or FormData for uploads (sent raw: the browser sets the multipart content type). */
  body?: unknown;
  /** 'form': the caller shows `errors` on its fields, so neither they nor a 422 become a toast. */
  fieldErrors?: 'toast' | 'form';
  signal?: AbortSignal;
};

export type ApiSuccess<T> = { status: number; data: T; message?: string };

export class ApiError extends Error {
  readonly status: number;
  readonly errors?: FieldErrors;
  /** True when the user has already been told (toast or redirect). */
  readonly notified: boolean;

  constructor(status: number, message: string, options: { errors?: FieldErrors; notified?: boolean } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = options.errors;
    this.notified = options.notified ?? false;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type UnauthorizedHandler = (message: string) => void;

let handleUnauthorized: UnauthorizedHandler = () => window.location.assign('/user/signin');
let lastUnauthorizedAt = 0;
/** A page that makes several calls its role lacks says so once, not once per call. */
let lastForbiddenAt = 0;

/** The app decides how to reach the sign-in page (router navigation instead of a reload). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  handleUnauthorized = handler;
}

type Transport = (url: string, init: RequestInit) => Promise<Response>;

let transport: Transport = (url, init) => fetch(url, init);

/**
 * How requests reach the API: `fetch` in the browser; the server's rendering of public pages
 * (decision 029) answers them in process, signed out.
 */
export function setApiTransport(next: Transport) {
  transport = next;
}

export const NO_USER_ID = 'user-Id-NA';
export const NO_SESSION_HASH = 'session-hash';

function buildUrl(base: keyof typeof API_BASES, path: string, query?: Record<string, QueryValue>) {
  const url = `${API_BASES[base]}/${path.replace(/^\/+/, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/** Spec section 7: bearer token when one exists, session context headers; a GET without a token has none. */
function buildHeaders(method: HttpMethod, body: unknown): Record<string, string> {
  const { token, user } = getSession();
  const headers: Record<string, string> = {};
  if (token || method !== 'GET') {
    if (token) headers.Authorization = `Bearer ${token}`;
    headers['X-Session-Hash'] = getSessionId() ?? NO_SESSION_HASH;
    headers['x-uid'] = user ? String(user.id) : NO_USER_ID;
  }
  if (body !== undefined && !(body instanceof FormData)) headers['Content-Type'] = 'application/json';
  return headers;
}

type Envelope = { status: boolean; data?: unknown; message?: string; errors?: FieldErrors };

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as { status?: unknown }).status === 'boolean';
}

function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const message = (body as { message?: unknown }).message;
  return typeof message === 'string' && message ? message : undefined;
}

function hasErrors(errors: FieldErrors | undefined): errors is FieldErrors {
  return !!errors && Object.values(errors).some((messages) => messages.length > 0);
}

/** The field errors of a failure as one readable toast text. */
export function describeErrors(errors: FieldErrors): string {
  return [...new Set(Object.values(errors).flat())].join(' ');
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<ApiSuccess<T>> {
  const method = options.method ?? 'GET';
  const hasBody = options.body !== undefined;
  const fieldsOnForm = options.fieldErrors === 'form';

  let response: Response;
  try {
    response = await transport(buildUrl(options.base ?? 'v1', path, options.query), {
      method,
      headers: buildHeaders(method, options.body),
      body: options.body instanceof FormData ? options.body : hasBody ? JSON.stringify(options.body) : undefined,
      redirect: 'manual',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    notifyError(CLIENT_MESSAGES.serverError);
    throw new ApiError(0, CLIENT_MESSAGES.serverError, { notified: true });
  }

  const status = response.type === 'opaqueredirect' ? 302 : response.status;
  const body = await readBody(response);
  const message = messageOf(body);

  if (status === 401) {
    resetClientState();
    const now = Date.now();
    if (now - lastUnauthorizedAt > 2000) {
      lastUnauthorizedAt = now;
      handleUnauthorized(message ?? SERVER_MESSAGES.sessionExpired);
    }
    throw new ApiError(401, message ?? SERVER_MESSAGES.sessionExpired, { notified: true });
  }

  if (status === 302) {
    const text = message ?? CLIENT_MESSAGES.redirect;
    notifyError(text);
    throw new ApiError(302, text, { notified: true });
  }

  if (status === 500 || status === 405 || (status >= 500 && !isEnvelope(body))) {
    notifyError(CLIENT_MESSAGES.serverError);
    throw new ApiError(status, CLIENT_MESSAGES.serverError, { notified: true });
  }

  if (status === 403 && message === ROLE_MESSAGES.forbidden) {
    const now = Date.now();
    if (now - lastForbiddenAt > 2000) {
      lastForbiddenAt = now;
      notifyError(message);
    }
    throw new ApiError(403, message, { notified: true });
  }

  const errors = isEnvelope(body) && hasErrors(body.errors) ? body.errors : undefined;

  if (status === 422) {
    if (!fieldsOnForm)
      notifyError(errors ? describeErrors(errors) : (message ?? CLIENT_MESSAGES.validation), {
        title: CLIENT_MESSAGES.validation,
      });
    throw new ApiError(422, message ?? CLIENT_MESSAGES.validation, { errors, notified: !fieldsOnForm });
  }

  if (isEnvelope(body) && body.status === false) {
    if (errors) {
      if (!fieldsOnForm) notifyError(describeErrors(errors));
      throw new ApiError(status, message ?? describeErrors(errors), { errors, notified: !fieldsOnForm });
    }
    throw new ApiError(status, message ?? CLIENT_MESSAGES.redirect);
  }

  if (isEnvelope(body)) return { status, data: body.data as T, message };

  // Anything else: the body and the status, as the server sent them.
  if (response.ok) return { status, data: body as T, message };
  throw new ApiError(status, message ?? CLIENT_MESSAGES.redirect);
}

/** For query functions: the data of a successful answer. */
export async function apiData<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const result = await apiRequest<T>(path, options);
  return result.data;
}
