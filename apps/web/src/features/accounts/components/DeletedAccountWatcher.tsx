import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { AUTH_MESSAGES } from '@tradeloop/contracts/auth-constants';
import { notifyError } from '../../../lib/notify.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { resetClientState, useSession } from '../../../lib/session.ts';
import { PATHS } from '../../../lib/paths.ts';
import { deleteStatusQueryOptions } from '../api/get-delete-status.ts';

/**
 * Once per visit, asks whether the signed-in account still exists (spec section 8: a deleted
 * account clears all local data, session data and cookies). A 401 is handled by the api client.
 */
export function DeletedAccountWatcher() {
  const { user } = useSession();
  const navigate = useNavigate();
  const { data } = useQuery(deleteStatusQueryOptions(user?.id ?? null));

  useEffect(() => {
    if (!data?.user_deleted_status) return;
    resetClientState();
    queryClient.clear();
    notifyError(AUTH_MESSAGES.accountDeleted);
    void navigate(PATHS.signin, { replace: true });
  }, [data, navigate]);

  return null;
}
