import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@tradeloop/contracts/accounts';
import type { LocalUser } from '@tradeloop/contracts/auth';
import { apiData } from '../../../lib/api-client.ts';
import { updateStoredUser, useSession } from '../../../lib/session.ts';
import { accountsKeys } from './keys.ts';

/**
 * The signed-in user's profile (spec section 7): sellers and sub-users POST profile/view with
 * their user_type; buyers (and a session without local user data) GET profile/view.
 * The answer refreshes the local user data (avatar, online flag, completion).
 */
export async function fetchProfile(user: LocalUser | null, signal?: AbortSignal): Promise<Profile> {
  const profile =
    user && (user.user_type === 'seller' || user.user_type === 'subuser')
      ? await apiData<Profile>('profile/view', { method: 'POST', body: { user_type: user.user_type }, signal })
      : await apiData<Profile>('profile/view', { signal });
  syncStoredUser(profile);
  return profile;
}

export function syncStoredUser(profile: Profile) {
  updateStoredUser({
    full_name: profile.full_name,
    email_id: profile.email_id,
    verified: profile.email_verified,
    avatar_original: profile.avatar_original,
    online: profile.online,
    complete_profile: profile.complete_profile,
    pending_fields: profile.pending_fields,
    mobile_verified: profile.mobile_verified,
    company_name: profile.company_name,
  });
}

export function profileQueryOptions(user: LocalUser | null) {
  return queryOptions({
    queryKey: accountsKeys.profile(user?.id ?? null),
    queryFn: ({ signal }) => fetchProfile(user, signal),
  });
}

export function useProfile() {
  const { token, user } = useSession();
  return useQuery({ ...profileQueryOptions(user), enabled: token !== null });
}
