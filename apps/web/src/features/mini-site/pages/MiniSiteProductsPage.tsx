import { Box, Button, Grid, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { MARKET_SORT_LABELS, MARKET_SORTS, type MarketSort } from '@tradeloop/contracts/market-constants';
import { LazyDrawer } from '../../../components/LazyDrawer.tsx';
import { pluralize } from '../../../lib/format.ts';
import { useProductSearch } from '../../market/api/search.ts';
import { CurrencySelect } from '../../market/components/CurrencySelect.tsx';
import { FilterSidebar } from '../../market/components/FilterSidebar.tsx';
import { SearchBox } from '../../market/components/SearchBox.tsx';
import { Results, sellerSearchBody, useListState } from '../../market/pages/ProductListPage.tsx';
import { useMiniSiteContext } from '../components/MiniSiteLayout.tsx';

/**
 * /mini-site/{slug}/our-products: the seller's catalogue with the marketplace's search, filters,
 * sorting and paging (POST front/product/list with seller_id); the state lives in the URL as on /productlist.
 */
export function MiniSiteProductsPage() {
  const { site } = useMiniSiteContext();
  const sellerId = site.company.seller_user_id;
  const [state, setState] = useListState();
  const [filtersOpened, filters] = useDisclosure(false);
  const search = useProductSearch(sellerSearchBody(state, sellerId));
  const result = search.data;
  useDocumentTitle(`Products · ${site.company.name} · TradeLoop`);
  const sidebar = (
    <FilterSidebar
      facets={result?.facets ?? null}
      state={state}
      currency={result?.currency ?? { id: state.currency, code: '', symbol: '' }}
      onChange={(next) => {
        filters.close();
        setState(next);
      }}
    />
  );
  if (sellerId === null)
    return (
      <Stack gap="md">
        <Title order={2} size="h3">
          Products
        </Title>
        <Text c="dimmed">No products listed yet.</Text>
      </Stack>
    );
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Products
      </Title>
      <SearchBox keyword={state.keyword} onSearch={(keyword) => setState({ ...state, keyword, page: 1 })} />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 3 }} visibleFrom="md">
          <Box>{sidebar}</Box>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Title order={3} size="h5" aria-live="polite" data-testid="result-count">
                {result ? pluralize(result.total, 'product') : 'Searching…'}
              </Title>
              <Group gap="xs" wrap="wrap">
                <Button
                  hiddenFrom="md"
                  variant="default"
                  leftSection={<IconAdjustmentsHorizontal size={16} />}
                  onClick={filters.open}
                >
                  Filters
                </Button>
                <NativeSelect
                  aria-label="Sort by"
                  data={MARKET_SORTS.map((value) => ({ value, label: MARKET_SORT_LABELS[value] }))}
                  value={state.sort}
                  onChange={(event) => setState({ ...state, sort: event.currentTarget.value as MarketSort, page: 1 })}
                  w={190}
                  size="sm"
                />
                <CurrencySelect value={state.currency} onChange={(currency) => setState({ ...state, currency })} />
              </Group>
            </Group>
            <Results state={state} onChange={setState} sellerId={sellerId} />
          </Stack>
        </Grid.Col>
      </Grid>
      <LazyDrawer opened={filtersOpened} onClose={filters.close} title="Filters" size="sm" hiddenFrom="md">
        {sidebar}
      </LazyDrawer>
    </Stack>
  );
}
