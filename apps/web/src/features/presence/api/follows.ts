import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { FollowState, followedCompaniesSchema, followersPageSchema } from '@tradeloop/contracts/presence';
import { apiData, apiRequest } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { marketKeys } from '../../../lib/query-keys/market.ts';
import { presenceKeys } from './keys.ts';

export type FollowedCompanies = z.infer<typeof followedCompaniesSchema>;
export type FollowersPage = z.infer<typeof followersPageSchema>;

/** GET front/follower_list/ids: follow buttons, for a signed-in user. */
export function useFollowedIds() {
  const { token } = useSession();
  return useQuery({
    queryKey: presenceKeys.followedIds(),
    queryFn: ({ signal }) => apiData<{ ids: number[] }>('front/follower_list/ids', { signal }),
    enabled: !!token,
    select: (data) => new Set(data.ids),
  });
}

/** GET front/follower_list: the companies the user follows. */
export function useFollowedCompanies(page: number) {
  return useQuery({
    queryKey: presenceKeys.followedPage(page),
    queryFn: ({ signal }) => apiData<FollowedCompanies>('front/follower_list', { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET profile/followers: the seller's followers. */
export function useFollowers(page: number) {
  return useQuery({
    queryKey: presenceKeys.followers(page),
    queryFn: ({ signal }) => apiData<FollowersPage>('profile/followers', { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST front/follow, or front/delete/follower_list/{id} to stop following. */
export function useToggleFollow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ companyId, follow }: { companyId: number; follow: boolean }) =>
      follow
        ? apiRequest<FollowState>('front/follow', { method: 'POST', body: { company_id: companyId } })
        : apiRequest<FollowState>(`front/delete/follower_list/${companyId}`, { method: 'POST' }),
    onSuccess: (result) => {
      if (result.message) notifySuccess(result.message);
      void queryClient.invalidateQueries({ queryKey: presenceKeys.follows() });
      // The product page's seller card counts followers.
      void queryClient.invalidateQueries({ queryKey: marketKeys.products() });
    },
  });
}
