import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { stateSchema } from '@tradeloop/contracts/reference';
import { apiData } from '../../../lib/api-client.ts';
import { REFERENCE_STALE_TIME, referenceKeys } from './keys.ts';

export type State = z.infer<typeof stateSchema>;

/** GET /api/v1/states?country=IN */
export const statesQueryOptions = (country: string) =>
  queryOptions({
    queryKey: referenceKeys.states(country),
    queryFn: ({ signal }) => apiData<State[]>('states', { query: { country }, signal }),
    staleTime: REFERENCE_STALE_TIME,
  });

export function useStates(country: string | null) {
  return useQuery({ ...statesQueryOptions(country ?? ''), enabled: !!country });
}
