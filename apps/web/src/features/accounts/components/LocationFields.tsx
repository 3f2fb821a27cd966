import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useCountries } from '../../reference/api/get-countries.ts';
import { useCities } from '../../reference/api/get-cities.ts';
import { useStates } from '../../reference/api/get-states.ts';
import { PROFILE_FIELD_LABELS as LABELS } from '../profile-fields.ts';
import { useDefaultCountry } from '../../reference/default-country.ts';

type LocationValues = { country: string; state: string; city: string };

/** Adds the current value to a list that does not hold it, so a stored value always shows. */
function withCurrent(options: string[], current: string): string[] {
  return current && !options.includes(current) ? [current, ...options] : options;
}

/**
 * Country, state and city: each list depends on the one before it (GET countries, states?country,
 * cities?country&state). Where the reference data has no states or cities, the field is free text.
 */
export function LocationFields<V extends LocationValues>({ form }: { form: UseFormReturnType<V> }) {
  const values = form.values as LocationValues;
  const countries = useCountries();
  const states = useStates(values.country || null);
  const stateCode = states.data?.find((state) => state.name === values.state)?.code ?? null;
  const cities = useCities(values.country || null, stateCode);
  const setField = (field: keyof LocationValues, value: string) =>
    (form.setFieldValue as (path: string, value: string) => void)(field, value);

  // The visitor's own country (IP lookup) leads the list; the rest follow alphabetically.
  const defaultCountry = useDefaultCountry();
  const countryOptions = (countries.data ?? [])
    .map((country) => ({ value: country.iso2, label: country.name }))
    .sort(
      (a, b) =>
        Number(b.value === defaultCountry) - Number(a.value === defaultCountry) || a.label.localeCompare(b.label),
    );
  const stateNames = [...new Set((states.data ?? []).map((state) => state.name))];
  const cityNames = [...new Set((cities.data ?? []).map((city) => city.name))];
  const noStates = !!values.country && states.isSuccess && stateNames.length === 0;
  const noCities = !!stateCode && cities.isSuccess && cityNames.length === 0;

  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <Select
        label={LABELS.country}
        placeholder={countries.isPending ? 'Loading countries…' : 'Choose a country'}
        data={countryOptions}
        searchable
        clearable
        nothingFoundMessage="No country matches"
        value={values.country || null}
        error={form.errors.country}
        onChange={(value) => {
          setField('country', value ?? '');
          setField('state', '');
          setField('city', '');
        }}
      />
      {noStates || states.isError ? (
        <TextInput label={LABELS.state} {...form.getInputProps('state')} />
      ) : (
        <Select
          label={LABELS.state}
          placeholder={!values.country ? 'Choose a country first' : states.isPending ? 'Loading…' : 'Choose a state'}
          data={withCurrent(stateNames, values.state)}
          searchable
          clearable
          limit={200}
          disabled={!values.country}
          nothingFoundMessage="No state matches"
          value={values.state || null}
          error={form.errors.state}
          onChange={(value) => {
            setField('state', value ?? '');
            setField('city', '');
          }}
        />
      )}
      {noCities || cities.isError || (!!values.state && !stateCode && states.isSuccess) ? (
        <TextInput label={LABELS.city} autoComplete="address-level2" {...form.getInputProps('city')} />
      ) : (
        <Select
          label={LABELS.city}
          placeholder={!values.state ? 'Choose a state first' : cities.isPending ? 'Loading…' : 'Choose a city'}
          data={withCurrent(cityNames, values.city)}
          searchable
          clearable
          limit={200}
          disabled={!values.state}
          nothingFoundMessage="No city matches"
          value={values.city || null}
          error={form.errors.city}
          onChange={(value) => setField('city', value ?? '')}
        />
      )}
    </SimpleGrid>
  );
}
