import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { userListItemSchema } from '@tradeloop/contracts/crm/records';
import { crmData } from './client.ts';
import { crmKeys } from './keys.ts';

export type CrmUser = z.infer<typeof userListItemSchema>;

/** GET crm/userList: people of the company, for owners and user fields. */
export function usersQueryOptions() {
  return queryOptions({
    queryKey: crmKeys.users(),
    queryFn: ({ signal }) => crmData<CrmUser[]>('crm/userList', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useCrmUsers() {
  return useQuery(usersQueryOptions());
}
