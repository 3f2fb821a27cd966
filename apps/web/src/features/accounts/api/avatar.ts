import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@tradeloop/contracts/accounts';
import { apiRequest, type ApiSuccess } from '../../../lib/api-client.ts';
import { getSession } from '../../../lib/session.ts';
import { uploadFile } from '../../../lib/file-transfer.ts';
import { syncStoredUser } from './get-profile.ts';
import { accountsKeys } from './keys.ts';

/** POST profile/avatar (a PNG or JPEG, field `file`) or profile/avatar/delete; both answer the whole profile. */
export function useAvatar() {
  const queryClient = useQueryClient();
  const saved = (result: Pick<ApiSuccess<Profile>, 'data' | 'message'>) => {
    queryClient.setQueryData(accountsKeys.profile(getSession().user?.id ?? null), result.data);
    syncStoredUser(result.data);
  };
  return {
    upload: useMutation({ mutationFn: (file: File) => uploadFile<Profile>('profile/avatar', file), onSuccess: saved }),
    remove: useMutation({
      mutationFn: () => apiRequest<Profile>('profile/avatar/delete', { method: 'POST' }),
      onSuccess: saved,
    }),
  };
}
