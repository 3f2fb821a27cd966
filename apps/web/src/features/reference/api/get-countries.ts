import { useMemo } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { countrySchema } from '@tradeloop/contracts/reference';
import { apiData } from '../../../lib/api-client.ts';
import { REFERENCE_STALE_TIME, referenceKeys } from './keys.ts';

export type Country = z.infer<typeof countrySchema>;

/** GET /api/v1/countries */
export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: referenceKeys.countries(),
    queryFn: ({ signal }) => apiData<Country[]>('countries', { signal }),
    staleTime: REFERENCE_STALE_TIME,
  });

export function useCountries() {
  return useQuery(countriesQueryOptions());
}

/** The countries as a select's options, by name; `enabled: false` waits to load them until it is true. */
export function useCountryOptions(enabled = true) {
  const countries = useQuery({ ...countriesQueryOptions(), enabled });
  const options = useMemo(
    () =>
      (countries.data ?? [])
        .map((country) => ({ value: country.iso2, label: country.name }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [countries.data],
  );
  return { countries, options };
}
