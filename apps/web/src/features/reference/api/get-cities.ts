import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { citySchema } from '@tradeloop/contracts/reference';
import { apiData } from '../../../lib/api-client.ts';
import { REFERENCE_STALE_TIME, referenceKeys } from './keys.ts';

export type City = z.infer<typeof citySchema>;

/** GET /api/v1/cities?country=IN&state=MH (state is the state's code). */
export const citiesQueryOptions = (country: string, state: string) =>
  queryOptions({
    queryKey: referenceKeys.cities(country, state),
    queryFn: ({ signal }) => apiData<City[]>('cities', { query: { country, state }, signal }),
    staleTime: REFERENCE_STALE_TIME,
  });

export function useCities(country: string | null, stateCode: string | null) {
  return useQuery({ ...citiesQueryOptions(country ?? '', stateCode ?? ''), enabled: !!country && !!stateCode });
}
