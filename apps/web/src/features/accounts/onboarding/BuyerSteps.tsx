import { useMemo, useState, type FormEvent } from 'react';
import { MultiSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { CategoryTreeItem } from '@tradeloop/contracts/catalog';
import {
  INTEREST_LIMITS,
  type Interests,
  type Onboarding,
  ONBOARDING_TEXTS as TEXTS,
} from '@tradeloop/contracts/accounts-onboarding';
import { apiData } from '../../../lib/api-client.ts';
import { apiFailure } from '../../../lib/form.ts';
import { catalogKeys, TAXONOMY_STALE_TIME } from '../../catalog/api/keys.ts';
import { useCountryOptions } from '../../reference/api/get-countries.ts';
import { useSaveInterests } from '../api/onboarding.ts';
import { StepActions, type StepProps } from './StepActions.tsx';

/** The category tree (GET category/all), each category named by its path. */
function useCategoryOptions() {
  const categories = useQuery({
    queryKey: [...catalogKeys.all, 'category-all'],
    queryFn: ({ signal }) => apiData<CategoryTreeItem[]>('category/all', { signal }),
    staleTime: TAXONOMY_STALE_TIME,
  });
  const options = useMemo(
    () => (categories.data ?? []).map((category) => ({ value: String(category.id), label: category.path })),
    [categories.data],
  );
  return { options, pending: categories.isPending };
}

/** A buyer's interests: categories of the catalogue and countries of the reference data. */
export function InterestsStep({
  interests,
  onSaved,
  ...step
}: StepProps & {
  interests: Interests;
  /** The interests call marks the step done itself: the page moves on with its answer. */
  onSaved: (result: { data: Onboarding; message?: string }) => Promise<void>;
}) {
  const categories = useCategoryOptions();
  const { countries, options: countryOptions } = useCountryOptions();
  const [categoryIds, setCategoryIds] = useState(interests.category_ids.map(String));
  const [countryCodes, setCountryCodes] = useState(interests.country_codes);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const save = useSaveInterests();

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setAlert(null);
    try {
      await onSaved(await save.mutateAsync({ category_ids: categoryIds.map(Number), country_codes: countryCodes }));
    } catch (error) {
      const failure = apiFailure(error);
      setErrors(failure.fields);
      setAlert(failure.message);
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label={TEXTS.steps.interests.label}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          We use them to suggest products and suppliers. Choose up to {INTEREST_LIMITS.categories} of each.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <MultiSelect
            label="Categories you buy"
            placeholder={categories.pending ? 'Loading categories…' : 'Choose categories'}
            data={categories.options}
            value={categoryIds}
            onChange={setCategoryIds}
            searchable
            clearable
            maxValues={INTEREST_LIMITS.categories}
            nothingFoundMessage="No category matches"
            error={errors.category_ids}
          />
          <MultiSelect
            label="Countries you buy from"
            placeholder={countries.isPending ? 'Loading countries…' : 'Choose countries'}
            data={countryOptions}
            value={countryCodes}
            onChange={setCountryCodes}
            searchable
            clearable
            maxValues={INTEREST_LIMITS.countries}
            nothingFoundMessage="No country matches"
            error={errors.country_codes}
          />
        </SimpleGrid>
      </Stack>
      <StepActions {...step} alert={alert} saving={save.isPending} />
    </form>
  );
}

/** A first search: the step is done and the product list opens with the query. */
export function SearchStep({ onSearch, ...step }: StepProps & { onSearch: (query: string) => Promise<void> }) {
  const [query, setQuery] = useState('');
  const [error, setError] = useState<string | null>(null);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const term = query.trim();
    if (!term) {
      setError('Please type what you are looking for');
      return;
    }
    void onSearch(term);
  };
  return (
    <form onSubmit={handleSubmit} noValidate aria-label={TEXTS.steps.search.label} role="search">
      <TextInput
        label={TEXTS.searchLabel}
        placeholder={TEXTS.searchPlaceholder}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={query}
        maxLength={100}
        error={error}
        onChange={(event) => {
          setQuery(event.currentTarget.value);
          setError(null);
        }}
      />
      <StepActions {...step} submitLabel={TEXTS.search} />
    </form>
  );
}
