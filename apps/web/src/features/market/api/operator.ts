import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberType, OperatorSellersPage, OperatorStatus } from '@tradeloop/contracts/market';
import { apiData, apiRequest } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { marketKeys } from '../../../lib/query-keys/market.ts';

/** Query keys of the operator's pages, apart from the marketplace's: its changes need not ask again who is an operator. */
const operatorKeys = {
  me: ['operator', 'me'] as const,
  sellers: ['operator', 'sellers'] as const,
};

/** GET operator/me: whether the signed-in user is a platform operator (asked once per session); undefined until known. */
export function useIsOperator(): boolean | undefined {
  const { token } = useSession();
  const status = useQuery({
    queryKey: operatorKeys.me,
    queryFn: ({ signal }) => apiData<OperatorStatus>('operator/me', { signal }),
    enabled: !!token,
    staleTime: Infinity,
  });
  return token ? status.data?.operator : false;
}

/** GET operator/sellers: sellers with their member type, by search words, one page. */
export function useOperatorSellers(search: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...operatorKeys.sellers, search, page],
    queryFn: ({ signal }) => apiData<OperatorSellersPage>('operator/sellers', { query: { search, page }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** POST operator/sellers/member_type: verifies a seller, or takes it back; lists and products show it. */
export function useSetMemberType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { company_id: number; member_type: MemberType }) =>
      apiRequest<unknown>('operator/sellers/member_type', { method: 'POST', body }),
    onSuccess: (result) => {
      if (result.message) notifySuccess(result.message);
      void queryClient.invalidateQueries({ queryKey: operatorKeys.sellers });
      void queryClient.invalidateQueries({ queryKey: marketKeys.all });
    },
  });
}
