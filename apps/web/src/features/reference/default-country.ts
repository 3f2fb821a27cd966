import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { geoCountrySchema } from '@tradeloop/contracts/reference';
import { apiData } from '../../lib/api-client.ts';
import { readLocal, STORAGE_KEYS, writeLocal } from '../../lib/storage.ts';
import { REFERENCE_STALE_TIME, referenceKeys } from './api/keys.ts';

/**
 * The visitor's country, from the server's offline IP lookup (GET geo/country), kept locally so it
 * is asked once per browser (spec section 7, tracking). A failed lookup leaves it null.
 */
export function useDefaultCountry(): string | null {
  const { data } = useQuery({
    queryKey: referenceKeys.defaultCountry(),
    queryFn: async () => {
      const stored = readLocal(STORAGE_KEYS.defaultCountry);
      if (stored) return stored;
      const geo = await apiData<z.infer<typeof geoCountrySchema>>('geo/country');
      writeLocal(STORAGE_KEYS.defaultCountry, geo.country_code);
      return geo.country_code;
    },
    staleTime: REFERENCE_STALE_TIME,
    retry: false,
  });
  return data ?? null;
}
