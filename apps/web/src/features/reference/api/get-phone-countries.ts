import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { phoneCountrySchema } from '@tradeloop/contracts/reference';
import { apiData } from '../../../lib/api-client.ts';
import { REFERENCE_STALE_TIME, referenceKeys } from './keys.ts';

export type PhoneCountry = z.infer<typeof phoneCountrySchema>;

/** GET /api/v1/countries/phone: dialling codes, suggested countries flagged. */
export const phoneCountriesQueryOptions = () =>
  queryOptions({
    queryKey: referenceKeys.phoneCountries(),
    queryFn: ({ signal }) => apiData<PhoneCountry[]>('countries/phone', { signal }),
    staleTime: REFERENCE_STALE_TIME,
  });

export function usePhoneCountries() {
  return useQuery(phoneCountriesQueryOptions());
}
