import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SocialAccount, SocialSubmitBody } from '@tradeloop/contracts/presence';
import { apiData, apiRequest } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { presenceKeys } from './keys.ts';

/** POST profile/list/social: the company's profile links. */
export function useSocialAccounts() {
  return useQuery({
    queryKey: presenceKeys.social(),
    queryFn: ({ signal }) => apiData<SocialAccount[]>('profile/list/social', { method: 'POST', body: {}, signal }),
  });
}

/** POST profile/submit/social: saves the links and deletes the cleared ones, all at once. */
export function useSaveSocialAccounts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SocialSubmitBody) =>
      apiRequest<SocialAccount[]>('profile/submit/social', { method: 'POST', body, fieldErrors: 'form' }),
    onSuccess: (result) => {
      if (result.message) notifySuccess(result.message);
      queryClient.setQueryData(presenceKeys.social(), result.data);
    },
  });
}
