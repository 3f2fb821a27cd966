import { Box, Grid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { LazyDrawer } from '../../../components/LazyDrawer.tsx';
import { useProductSearch } from '../../market/api/search.ts';
import { FilterSidebar } from '../../market/components/FilterSidebar.tsx';
import { SearchBox } from '../../market/components/SearchBox.tsx';
import { ListToolbar, Results, sellerSearchBody, useListState } from '../../market/pages/ProductListPage.tsx';
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
            <ListToolbar
              total={result?.total}
              bounded={result?.total_bounded}
              state={state}
              onChange={setState}
              onOpenFilters={filters.open}
              headingOrder={3}
            />
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
