import { useQuery } from '@tanstack/react-query';
import type { OperatorStatus } from '@tradeloop/contracts/market';
import { apiData } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { marketKeys } from './keys.ts';

/** GET operator/me: whether the signed-in user is a platform operator (asked once per session); undefined until known. */
export function useIsOperator(): boolean | undefined {
  const { token } = useSession();
  const status = useQuery({
    queryKey: [...marketKeys.all, 'operator'],
    queryFn: ({ signal }) => apiData<OperatorStatus>('operator/me', { signal }),
    enabled: !!token,
    staleTime: Infinity,
  });
  return token ? status.data?.operator : false;
}
