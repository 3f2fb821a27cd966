import type { z } from 'zod';
import type { autologinSessionSchema } from '@tradeloop/contracts/auth';
import { apiRequest } from '../../../lib/api-client.ts';

export type AutologinSession = z.infer<typeof autologinSessionSchema>;

/** GET /api/v1/autologin?id=<link token>: a used or expired token answers 401. */
export function autologin(linkToken: string) {
  return apiRequest<AutologinSession>('autologin', { query: { id: linkToken } });
}
