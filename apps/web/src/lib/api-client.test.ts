import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LocalUser } from '@tradeloop/contracts/auth';
import { CLIENT_MESSAGES } from '@tradeloop/contracts/common-constants';
import { ROLE_MESSAGES } from '@tradeloop/contracts/accounts-roles';

/**
 * The error catalogue of spec section 8, as the api client implements it. The browser is faked:
 * storage in memory, a cookie jar behind document.cookie, fetch answering what each test says.
 */

class MemoryStorage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

const cookies = new Map<string, string>();
const fakeDocument = {
  get cookie() {
    return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  },
  set cookie(line: string) {
    const [pair = '', ...attributes] = line.split(';');
    const [name = '', ...value] = pair.split('=');
    if (attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute))) cookies.delete(name.trim());
    else cookies.set(name.trim(), value.join('='));
  },
};
const localStore = new MemoryStorage();
const sessionStore = new MemoryStorage();

vi.stubGlobal('document', fakeDocument);
vi.stubGlobal('window', {
  localStorage: localStore,
  sessionStorage: sessionStore,
  location: { protocol: 'http:', assign: vi.fn() },
  addEventListener: vi.fn(),
});

const notifyError = vi.fn();
vi.mock('./notify.ts', () => ({ notifyError, notifySuccess: vi.fn(), notifyInfo: vi.fn() }));

type Client = typeof import('./api-client.ts');
type SessionModule = typeof import('./session.ts');
let client: Client;
let session: SessionModule;

beforeAll(async () => {
  client = await import('./api-client.ts');
  session = await import('./session.ts');
});

const user = { id: 42, full_name: 'Priya Nair', user_type: 'others' } as LocalUser;

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(body === undefined ? null : JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  localStore.clear();
  sessionStore.clear();
  cookies.clear();
  session.resetClientState();
  notifyError.mockClear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('headers (spec section 7)', () => {
  it('sends a GET without a token with no headers at all', async () => {
    const fetchMock = answer(200, { status: true, data: [] });
    await client.apiRequest('currency');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/currency');
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toEqual({});
  });

  it('sends the bearer token, the session id cookie and the user id when signed in', async () => {
    session.saveSession({ token: 'tok-1', user });
    cookies.set('sessionId', 'abc123');
    const fetchMock = answer(200, { status: true, data: {} });
    await client.apiRequest('profile/view', { method: 'POST', body: { user_type: 'seller' } });
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toEqual({
      Authorization: 'Bearer tok-1',
      'X-Session-Hash': 'abc123',
      'x-uid': '42',
      'Content-Type': 'application/json',
    });
  });

  it('falls back to the texts session-hash and user-Id-NA', async () => {
    const fetchMock = answer(200, { status: true, data: {} });
    await client.apiRequest('auth/signin', { method: 'POST', body: {} });
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({
      'X-Session-Hash': 'session-hash',
      'x-uid': 'user-Id-NA',
    });
  });

  it('drops empty query values and joins the base and path', async () => {
    const fetchMock = answer(200, { status: true, data: {} });
    await client.apiRequest('/front/sellers', {
      query: { company_type: 'Retailers', country: null, search: '', page: 2 },
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/front/sellers?company_type=Retailers&page=2');
  });
});

describe('answers (spec section 8)', () => {
  it('resolves a success with its data and message', async () => {
    answer(200, { status: true, data: { id: 1 }, message: 'Saved.' });
    await expect(client.apiRequest('x')).resolves.toEqual({ status: 200, data: { id: 1 }, message: 'Saved.' });
  });

  it('on 401 clears local data, session data and cookies, then sends the user to sign-in', async () => {
    const onUnauthorized = vi.fn();
    client.setUnauthorizedHandler(onUnauthorized);
    session.saveSession({ token: 'expired', user });
    sessionStore.setItem('draft', 'x');
    cookies.set('sessionId', 'abc');
    answer(401, { status: false, message: 'Your session has expired. Please sign in again.' });

    const error = await client.apiRequest('profile/view').catch((caught: unknown) => caught);
    expect(client.isApiError(error) && error.status).toBe(401);
    expect(localStore.length).toBe(0);
    expect(sessionStore.length).toBe(0);
    expect(cookies.size).toBe(0);
    expect(session.getToken()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledWith('Your session has expired. Please sign in again.');
  });

  it.each([500, 405])('on %i shows the server-error toast and rejects with the code', async (status) => {
    answer(status, { status: false, message: 'boom', request_id: 'r1' });
    const error = await client.apiRequest('x').catch((caught: unknown) => caught);
    expect(client.isApiError(error) && [error.status, error.notified]).toEqual([status, true]);
    expect(notifyError).toHaveBeenCalledWith(CLIENT_MESSAGES.serverError);
  });

  it('on a 403 of the role check shows the server message once for calls close together', async () => {
    vi.useFakeTimers();
    answer(403, { status: false, message: ROLE_MESSAGES.forbidden });
    const error = await client
      .apiRequest('crm/data_listing', { method: 'POST', base: 'crm', body: {} })
      .catch((caught: unknown) => caught);
    expect(client.isApiError(error) && [error.status, error.message, error.notified]).toEqual([
      403,
      ROLE_MESSAGES.forbidden,
      true,
    ]);
    await client.apiRequest('x').catch(() => undefined);
    expect(notifyError).toHaveBeenCalledTimes(1);
    expect(notifyError).toHaveBeenCalledWith(ROLE_MESSAGES.forbidden);
    vi.advanceTimersByTime(2500);
    await client.apiRequest('x').catch(() => undefined);
    expect(notifyError).toHaveBeenCalledTimes(2);
  });

  it('leaves another 403 to the page', async () => {
    answer(403, { status: false, message: 'Only the seller can do this.' });
    const error = await client.apiRequest('x').catch((caught: unknown) => caught);
    expect(client.isApiError(error) && [error.status, error.notified]).toEqual([403, false]);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('on 302 shows the server message, or the redirect text', async () => {
    answer(302, { status: false, message: 'Moved elsewhere' });
    await client.apiRequest('x').catch(() => undefined);
    expect(notifyError).toHaveBeenLastCalledWith('Moved elsewhere');
    answer(302, undefined);
    await client.apiRequest('x').catch(() => undefined);
    expect(notifyError).toHaveBeenLastCalledWith(CLIENT_MESSAGES.redirect);
  });

  it('on 422 shows the validation toast and rejects with the code and errors', async () => {
    answer(422, { status: false, message: 'Bad', errors: { email_id: ['Please enter a valid e-mail address'] } });
    const error = await client.apiRequest('x', { method: 'POST', body: {} }).catch((caught: unknown) => caught);
    expect(client.isApiError(error) && error.status).toBe(422);
    expect(client.isApiError(error) && error.errors).toEqual({ email_id: ['Please enter a valid e-mail address'] });
    expect(notifyError).toHaveBeenCalledWith('Please enter a valid e-mail address', {
      title: CLIENT_MESSAGES.validation,
    });
  });

  it('on 422 stays quiet when the form shows the field errors itself', async () => {
    answer(422, {
      status: false,
      message: 'Bad',
      errors: { email_id: ['The e-mail address or password is incorrect.'] },
    });
    const error = await client
      .apiRequest('auth/signin', { method: 'POST', body: {}, fieldErrors: 'form' })
      .catch((caught: unknown) => caught);
    expect(notifyError).not.toHaveBeenCalled();
    expect(client.isApiError(error) && [error.notified, error.errors]).toEqual([
      false,
      { email_id: ['The e-mail address or password is incorrect.'] },
    ]);
  });

  it('shows the errors of a status-false body as a toast and returns nothing to show', async () => {
    answer(409, {
      status: false,
      message: 'Taken',
      errors: { email_id: ['An account with this e-mail already exists.'] },
    });
    const error = await client.apiRequest('x', { method: 'POST', body: {} }).catch((caught: unknown) => caught);
    expect(notifyError).toHaveBeenCalledWith('An account with this e-mail already exists.');
    expect(client.isApiError(error) && [error.status, error.notified]).toEqual([409, true]);
  });

  it('returns status false with the message when there are no errors, without a toast', async () => {
    answer(429, { status: false, message: 'Too many attempts. Please wait a little and try again.' });
    const error = await client.apiRequest('x').catch((caught: unknown) => caught);
    expect(notifyError).not.toHaveBeenCalled();
    expect(client.isApiError(error) && [error.status, error.message, error.notified]).toEqual([
      429,
      'Too many attempts. Please wait a little and try again.',
      false,
    ]);
  });

  it('returns any other answer with its body and status', async () => {
    answer(200, [{ id: 1 }]);
    await expect(client.apiRequest('x')).resolves.toEqual({ status: 200, data: [{ id: 1 }], message: undefined });
  });
});
