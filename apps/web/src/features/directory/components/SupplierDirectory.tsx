import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Group,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconBuildingStore, IconFilterOff, IconSearch, IconWorld } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { COMPANY_TYPES, type CompanyType } from '@tradeloop/contracts/auth-constants';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { pluralize } from '../../../lib/format.ts';
import { useCountryOptions } from '../../reference/api/get-countries.ts';
import { useSellers } from '../api/get-sellers.ts';
import { DIRECTORY_PAGE_SIZE, readDirectoryFilters, writeDirectoryFilters, type DirectoryFilters } from '../filters.ts';
import { SupplierCard, SupplierCardSkeleton } from './SupplierCard.tsx';

const ALL = 'all';

/** The id of the section holding the directory (the header's Suppliers link points at it). */
export const SUPPLIERS_SECTION_ID = 'suppliers';

/**
 * The country filter loads its list of countries when first used (or when the URL already names a
 * country): the home page hydrates without it, and its arrival redraws this field alone.
 */
function CountryFilter({ value, onChange }: { value: string | null; onChange: (country: string | null) => void }) {
  const [wanted, setWanted] = useState(false);
  const { countries, options } = useCountryOptions(wanted || value !== null);
  return (
    <Select
      label="Country"
      placeholder={countries.isLoading ? 'Loading countries…' : 'All countries'}
      leftSection={<IconWorld size={16} aria-hidden />}
      data={options}
      value={value}
      onChange={onChange}
      onFocus={() => setWanted(true)}
      onDropdownOpen={() => setWanted(true)}
      searchable
      clearable
      nothingFoundMessage={countries.isLoading ? 'Loading countries…' : 'No country matches'}
      disabled={countries.isError}
      miw={220}
    />
  );
}

/** The public supplier directory with its filters; the filters live in the URL. */
export function SupplierDirectory() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readDirectoryFilters(searchParams);
  const sellers = useSellers(filters);

  const applyFilters = (patch: Partial<DirectoryFilters>) => {
    const next = { ...filters, page: 1, ...patch };
    setSearchParams(writeDirectoryFilters(searchParams, next), { replace: true, preventScrollReset: true });
  };

  // The search box follows the URL when the search changes elsewhere (hero search, clear filters).
  const [searchDraft, setSearchDraft] = useState(filters.search ?? '');
  const [shownSearch, setShownSearch] = useState(filters.search);
  if (shownSearch !== filters.search) {
    setShownSearch(filters.search);
    if ((filters.search ?? '') !== searchDraft.trim()) setSearchDraft(filters.search ?? '');
  }
  const applySearch = useDebouncedCallback((value: string) => applyFilters({ search: value.trim() || null }), 350);

  const hasFilters = !!(filters.companyType || filters.country || filters.search);
  const handleClear = () => {
    setSearchDraft('');
    applyFilters({ companyType: null, country: null, search: null });
  };

  const page = sellers.data;
  const isFirstLoad = sellers.isPending;

  return (
    <Stack gap="lg">
      <Paper withBorder p="md" shadow="xs" component="section" aria-label="Filter suppliers">
        <Stack gap="md">
          <Group grow preventGrowOverflow={false} wrap="wrap" align="flex-end">
            <TextInput
              label="Search suppliers"
              placeholder="Company name or city"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={searchDraft}
              onChange={(event) => {
                setSearchDraft(event.currentTarget.value);
                applySearch(event.currentTarget.value);
              }}
              miw={220}
            />
            <CountryFilter value={filters.country} onChange={(country) => applyFilters({ country })} />
          </Group>
          <div>
            <Text id="company-type-label" size="sm" fw={500} mb={6}>
              Company type
            </Text>
            <Chip.Group
              multiple={false}
              value={filters.companyType ?? ALL}
              onChange={(value) => applyFilters({ companyType: value === ALL ? null : (value as CompanyType) })}
            >
              <Group gap={8} role="radiogroup" aria-labelledby="company-type-label">
                <Chip value={ALL} type="radio" size="sm">
                  All types
                </Chip>
                {COMPANY_TYPES.map((type) => (
                  <Chip key={type} value={type} type="radio" size="sm">
                    {type}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </div>
        </Stack>
      </Paper>

      <Group justify="space-between" align="center" mih={36}>
        <Title order={3} size="h5" aria-live="polite" data-testid="supplier-count">
          {page ? pluralize(page.total, 'supplier') : 'Finding suppliers…'}
        </Title>
        {hasFilters && (
          <Button variant="subtle" size="xs" leftSection={<IconFilterOff size={14} />} onClick={handleClear}>
            Clear filters
          </Button>
        )}
      </Group>

      {sellers.isError && !page ? (
        <Paper withBorder>
          <ErrorState
            title="We could not load suppliers"
            message={sellers.error.message}
            onRetry={() => void sellers.refetch()}
          />
        </Paper>
      ) : isFirstLoad ? (
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3, xl: 4 }}
          role="status"
          aria-busy="true"
          aria-label="Loading suppliers"
        >
          {Array.from({ length: 8 }, (_, index) => (
            <SupplierCardSkeleton key={index} />
          ))}
        </SimpleGrid>
      ) : page && page.data.length === 0 ? (
        <Paper withBorder>
          <EmptyState
            icon={<IconBuildingStore size={32} />}
            title="No suppliers match these filters"
            description="Try another company type or country, or clear the filters to see every supplier."
            action={
              hasFilters && (
                <Button variant="light" onClick={handleClear}>
                  Clear filters
                </Button>
              )
            }
          />
        </Paper>
      ) : (
        page && (
          <Box
            style={{ opacity: sellers.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
            aria-busy={sellers.isFetching}
          >
            {sellers.isError && (
              <Alert color="red" mb="md">
                {sellers.error.message}
              </Alert>
            )}
            <SimpleGrid
              cols={{ base: 1, xs: 2, md: 3, xl: 4 }}
              component="ul"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {page.data.map((seller) => (
                <li key={seller.company_id}>
                  <SupplierCard seller={seller} />
                </li>
              ))}
            </SimpleGrid>
            {page.lastPage > 1 && (
              <Group justify="space-between" mt="xl">
                <Text size="sm" c="dimmed">
                  Showing {(page.currentPage - 1) * DIRECTORY_PAGE_SIZE + 1}–
                  {Math.min(page.currentPage * DIRECTORY_PAGE_SIZE, page.total)} of {page.total}
                </Text>
                <Pagination
                  total={page.lastPage}
                  value={page.currentPage}
                  onChange={(value) => {
                    applyFilters({ page: value });
                    document.getElementById(SUPPLIERS_SECTION_ID)?.scrollIntoView({ behavior: 'smooth' });
                  }}
                  getItemProps={(value) => ({ 'aria-label': `Page ${value}` })}
                  getControlProps={(control) =>
                    control === 'next'
                      ? { 'aria-label': 'Next page' }
                      : control === 'previous'
                        ? { 'aria-label': 'Previous page' }
                        : {}
                  }
                />
              </Group>
            )}
          </Box>
        )
      )}
    </Stack>
  );
}
