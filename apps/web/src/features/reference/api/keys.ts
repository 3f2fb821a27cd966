/** Query keys of the reference domain. Reference data changes rarely: cached for the whole visit. */
export const referenceKeys = {
  all: ['reference'] as const,
  countries: () => [...referenceKeys.all, 'countries'] as const,
  phoneCountries: () => [...referenceKeys.all, 'countries', 'phone'] as const,
  states: (country: string) => [...referenceKeys.all, 'states', country] as const,
  cities: (country: string, state: string) => [...referenceKeys.all, 'cities', country, state] as const,
  currencies: () => [...referenceKeys.all, 'currencies'] as const,
  defaultCountry: () => [...referenceKeys.all, 'default-country'] as const,
};

export const REFERENCE_STALE_TIME = Infinity;
