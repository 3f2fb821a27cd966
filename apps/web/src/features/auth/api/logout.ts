import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/v1/auth/logout: revokes the current token on the server. */
export function logout() {
  return apiRequest<undefined>('auth/logout');
}
