import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InterestsBody, Onboarding, OnboardingStepBody } from '@tradeloop/contracts/accounts-onboarding';
import { apiData, apiRequest } from '../../../lib/api-client.ts';
import { updateStoredUser, useSession } from '../../../lib/session.ts';
import { accountsKeys } from './keys.ts';

/** GET /api/v1/onboarding: the user's steps, where they stand, and whether the welcome is due. */
export const onboardingQueryOptions = (userId: number | null) =>
  queryOptions({
    queryKey: accountsKeys.onboarding(userId),
    queryFn: ({ signal }) => apiData<Onboarding>('onboarding', { signal }),
  });

export function useOnboarding() {
  const { token, user } = useSession();
  return useQuery({ ...onboardingQueryOptions(user?.id ?? null), enabled: token !== null });
}

/** Every write answers the whole progress: it replaces the cache; the profile (completion) is read again. */
function useOnboardingWrite<B>(call: (body: B) => ReturnType<typeof apiRequest<Onboarding>>) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: call,
    onSuccess: (result) => {
      queryClient.setQueryData(accountsKeys.onboarding(user?.id ?? null), result.data);
      updateStoredUser({ complete_profile: result.data.complete_profile, pending_fields: result.data.pending_fields });
      return queryClient.invalidateQueries({ queryKey: accountsKeys.profile(user?.id ?? null) });
    },
  });
}

/** POST /api/v1/onboarding/step: a step done or skipped. A refusal is toasted by the client catalogue. */
export function useMarkOnboardingStep() {
  return useOnboardingWrite((body: OnboardingStepBody) =>
    apiRequest<Onboarding>('onboarding/step', { method: 'POST', body }),
  );
}

/** PUT /api/v1/onboarding/interests: a buyer's categories and countries; the step is done. */
export function useSaveInterests() {
  return useOnboardingWrite((body: InterestsBody) =>
    apiRequest<Onboarding>('onboarding/interests', { method: 'PUT', body, fieldErrors: 'form' }),
  );
}

/** POST /api/v1/onboarding/welcome/dismiss: the welcome modal is not shown again. */
export function useDismissWelcome() {
  return useOnboardingWrite(() => apiRequest<Onboarding>('onboarding/welcome/dismiss', { method: 'POST' }));
}
