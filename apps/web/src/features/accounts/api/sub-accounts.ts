import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  passwordSetSchema,
  SubAccount,
  subAccountDeletedSchema,
  SubAccountInviteBody,
} from '@tradeloop/contracts/accounts-subaccounts';
import { apiData, apiRequest } from '../../../lib/api-client.ts';
import { accountsKeys } from './keys.ts';

/** GET /api/v1/sub_account/list: the company's sub-users. */
export const subAccountsQueryOptions = () =>
  queryOptions({
    queryKey: accountsKeys.subAccounts(),
    queryFn: ({ signal }) => apiData<SubAccount[]>('sub_account/list', { signal }),
  });

export function useSubAccounts() {
  return useQuery(subAccountsQueryOptions());
}

/** POST /api/v1/sub_account/create: invites a team member; the list is read again. */
export function useInviteSubAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SubAccountInviteBody) =>
      apiRequest<SubAccount>('sub_account/create', { method: 'POST', body, fieldErrors: 'form' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountsKeys.subAccounts() }),
        queryClient.invalidateQueries({ queryKey: accountsKeys.auditLog() }),
      ]),
  });
}

/** POST /api/v1/sub_account/delete with `user_id` as a comma list; the list is read again. */
export function useDeleteSubAccounts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      apiRequest<z.infer<typeof subAccountDeletedSchema>>('sub_account/delete', {
        method: 'POST',
        body: { user_id: ids.join(',') },
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountsKeys.subAccounts() }),
        queryClient.invalidateQueries({ queryKey: accountsKeys.auditLog() }),
      ]),
  });
}

/** POST /api/v1/sub_account/set_password: the invitation link's token and the new password. */
export function useSetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      apiRequest<z.infer<typeof passwordSetSchema>>('sub_account/set_password', {
        method: 'POST',
        body,
        fieldErrors: 'form',
      }),
  });
}
