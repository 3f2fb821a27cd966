import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { deleteStatusSchema } from '@tradeloop/contracts/accounts';
import { apiData } from '../../../lib/api-client.ts';
import { accountsKeys } from './keys.ts';

type DeleteStatus = z.infer<typeof deleteStatusSchema>;

/** GET /api/v1/profile/verify/user_delete_status: whether the signed-in account was deleted. */
export function deleteStatusQueryOptions(userId: number | null) {
  return queryOptions({
    queryKey: accountsKeys.deleteStatus(userId),
    queryFn: ({ signal }) =>
      apiData<DeleteStatus>('profile/verify/user_delete_status', {
        query: userId === null ? undefined : { user_id: userId },
        signal,
      }),
    staleTime: Infinity,
    retry: false,
  });
}
