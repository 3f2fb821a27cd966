import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, UpdateProfileBody } from '@tradeloop/contracts/accounts';
import { apiRequest } from '../../../lib/api-client.ts';
import { getSession } from '../../../lib/session.ts';
import { syncStoredUser } from './get-profile.ts';
import { accountsKeys } from './keys.ts';

/** PATCH /api/v1/profile/updateProfile with the changed fields; answers the whole profile. */
export function updateProfile(body: UpdateProfileBody) {
  return apiRequest<Profile>('profile/updateProfile', { method: 'PATCH', body, fieldErrors: 'form' });
}

/** Replaces the cached profile with the answer, so no list needs invalidating. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (result) => {
      queryClient.setQueryData(accountsKeys.profile(getSession().user?.id ?? null), result.data);
      syncStoredUser(result.data);
    },
  });
}
