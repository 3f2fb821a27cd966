import { useState } from 'react';
import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  Pagination,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback, useDocumentTitle } from '@mantine/hooks';
import { IconDownload, IconFileImport, IconFileTypePdf, IconPackage, IconPlus, IconSearch } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { PRODUCT_SORTS, productListQuerySchema, type ProductListQuery } from '@tradeloop/contracts/catalog';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { downloadExport } from '../api/catalogs.ts';
import { useProducts } from '../api/get-products.ts';
import { ImportDialog } from '../components/ImportDialog.tsx';
import { ProductTable } from '../components/ProductTable.tsx';
import { CATALOG_PATHS } from '../paths.ts';

const SORT_LABELS: Record<(typeof PRODUCT_SORTS)[number], string> = {
  updated: 'Recently changed',
  newest: 'Newest first',
  name: 'Name, A to Z',
  price: 'Price, low to high',
};
const PAGE_SIZE = 20;

/** The query of the list, kept in the URL so a view can be shared and reloaded. */
function useListQuery(): [ProductListQuery, (patch: Partial<Record<keyof ProductListQuery, string | null>>) => void] {
  const [params, setParams] = useSearchParams();
  const query = productListQuerySchema.catch({ page: 1, per_page: PAGE_SIZE, status: 'all', sort: 'updated' }).parse({
    per_page: PAGE_SIZE,
    ...Object.fromEntries(params),
  });
  const update = (patch: Partial<Record<keyof ProductListQuery, string | null>>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    if (!('page' in patch)) next.delete('page');
    setParams(next, { replace: true, preventScrollReset: true });
  };
  return [query, update];
}

export function ProductListPage() {
  useDocumentTitle('My products · TradeLoop');
  const [query, update] = useListQuery();
  const products = useProducts(query);
  // ?import=1 (onboarding's "Import your catalogue") opens the import dialog at once.
  const [searchParams] = useSearchParams();
  const [importing, setImporting] = useState(() => searchParams.get('import') === '1');
  const [search, setSearch] = useState(query.search ?? '');
  const pushSearch = useDebouncedCallback((value: string) => update({ search: value.trim() || null }), 300);
  const filtered = Boolean(query.search) || query.status !== 'all';

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Title order={1} size="h2">
              My products
            </Title>
            <Text c="dimmed" size="sm">
              {products.data
                ? `${products.data.total} ${products.data.total === 1 ? 'product' : 'products'}`
                : 'Your catalogue'}
            </Text>
          </div>
          <Group gap="sm">
            <Button
              variant="default"
              component={Link}
              to="/products/catalogs"
              leftSection={<IconFileTypePdf size={16} />}
            >
              Catalogs
            </Button>
            <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setImporting(true)}>
              Import CSV
            </Button>
            <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => void downloadExport()}>
              Export CSV
            </Button>
            <Button component={Link} to={CATALOG_PATHS.create} leftSection={<IconPlus size={16} />}>
              Add product
            </Button>
          </Group>
        </Group>

        <Card p="md">
          <Group gap="sm" wrap="wrap" mb="md">
            <TextInput
              aria-label="Search products"
              placeholder="Search by name, model, brand or number"
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                pushSearch(event.currentTarget.value);
              }}
              style={{ flex: '1 1 260px' }}
            />
            <SegmentedControl
              aria-label="Status"
              value={query.status}
              onChange={(value) => update({ status: value === 'all' ? null : value })}
              data={[
                { value: 'all', label: 'All' },
                { value: 'active', label: 'Active' },
                { value: 'inactive', label: 'Inactive' },
              ]}
            />
            <Select
              aria-label="Sort"
              value={query.sort}
              onChange={(value) => update({ sort: value === 'updated' ? null : value })}
              data={PRODUCT_SORTS.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }))}
              allowDeselect={false}
              w={200}
            />
          </Group>

          {products.isPending ? (
            <ListSkeleton />
          ) : products.isError ? (
            <ErrorState
              title="We could not load your products"
              message={products.error.message}
              onRetry={() => void products.refetch()}
            />
          ) : products.data.total === 0 ? (
            filtered ? (
              <EmptyState
                icon={<IconSearch size={32} />}
                title="No products match"
                description="Try another search or show all statuses."
                action={
                  <Button
                    variant="light"
                    onClick={() => {
                      setSearch('');
                      update({ search: null, status: null });
                    }}
                  >
                    Clear filters
                  </Button>
                }
              />
            ) : (
              <EmptyState
                icon={<IconPackage size={32} />}
                title="Your catalogue is empty"
                description="Add your first product with its attributes, prices and pictures, or import many at once from a CSV file."
                action={
                  <Group>
                    <Button component={Link} to={CATALOG_PATHS.create} leftSection={<IconPlus size={16} />}>
                      Add product
                    </Button>
                    <Button variant="default" onClick={() => setImporting(true)}>
                      Import CSV
                    </Button>
                  </Group>
                }
              />
            )
          ) : (
            <Stack gap="md">
              <ProductTable products={products.data.data} busy={products.isFetching} />
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  Page {products.data.currentPage} of {products.data.lastPage}
                </Text>
                <Pagination
                  total={products.data.lastPage}
                  value={products.data.currentPage}
                  onChange={(page) => update({ page: page === 1 ? null : String(page) })}
                  getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
                />
              </Group>
            </Stack>
          )}
        </Card>
        <Group gap="xs">
          <Badge variant="light" color="gray">
            Tip
          </Badge>
          <Text size="sm" c="dimmed">
            Deleted products can be brought back from the notice that appears, for a few seconds.
          </Text>
        </Group>
      </Stack>
      <ImportDialog opened={importing} onClose={() => setImporting(false)} />
    </Container>
  );
}

function ListSkeleton() {
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading products">
      {Array.from({ length: 6 }, (_, index) => (
        <Group key={index} gap="md" wrap="nowrap">
          <Skeleton height={48} width={48} radius="md" />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton height={12} width="40%" />
            <Skeleton height={10} width="25%" />
          </Stack>
          <Skeleton height={12} width={80} />
        </Group>
      ))}
    </Stack>
  );
}
