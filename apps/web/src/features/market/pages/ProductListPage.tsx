import { useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Container,
  Grid,
  Group,
  Pagination,
  Paper,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconSearchOff, IconSparkles } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import {
  MARKET_LIMITS,
  MARKET_MESSAGES,
  MARKET_SORT_LABELS,
  MARKET_SORTS,
  type MarketSort,
} from '@tradeloop/contracts/market-constants';
import { LazyDrawer } from '../../../components/LazyDrawer.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { getCurrencyId } from '../../../lib/currency.ts';
import { pluralize } from '../../../lib/format.ts';
import { useProductSearch } from '../api/search.ts';
import { ActivityStrip } from '../components/ActivityStrip.tsx';
import { CurrencySelect } from '../components/CurrencySelect.tsx';
import { FilterSidebar } from '../components/FilterSidebar.tsx';
import { ProductCard, ProductCardSkeleton, ProductRow } from '../components/ProductCard.tsx';
import { SearchBox } from '../components/SearchBox.tsx';
import { SidePanels } from '../components/SidePanels.tsx';
import { ViewSwitch } from '../components/ViewSwitch.tsx';
import {
  hasFilters,
  readListState,
  searchBody,
  withoutFilters,
  writeListState,
  type ListState,
} from '../list-state.ts';
import { sponsoredListQuery } from '../../promotion/api/ads.ts';
import { SponsoredStrip } from '../components/SponsoredStrip.tsx';

/**
 * The list's state from the URL; every change is a new history entry, so Back returns to the last
 * search. A change shows at once, before the router has applied it to the URL.
 */
export function useListState(): [ListState, (next: ListState) => void] {
  const [params, setParams] = useSearchParams();
  const fromUrl = readListState(params, getCurrencyId());
  const [optimistic, setOptimistic] = useState<{ from: string; state: ListState } | null>(null);
  const current = params.toString();
  const state = optimistic && optimistic.from === current ? optimistic.state : fromUrl;
  const update = (next: ListState) => {
    setOptimistic({ from: current, state: next });
    setParams(writeListState(params, next));
  };
  return [state, update];
}

/** The body of the search, limited to one seller's products when `sellerId` is given. */
export function sellerSearchBody(state: ListState, sellerId?: number | null) {
  return sellerId ? { ...searchBody(state), seller_id: sellerId } : searchBody(state);
}

/** Cards a phone shows on arrival: their pictures are not lazy (the largest paint is one of them). */
const FIRST_SEEN = 2;

/** The search's results; with `sellerId`, only that seller's products (a mini-site's catalogue, decision 044). */
export function Results({
  state,
  onChange,
  sellerId,
}: {
  state: ListState;
  onChange: (next: ListState) => void;
  sellerId?: number | null;
}) {
  const search = useProductSearch(sellerSearchBody(state, sellerId));
  const result = search.data;
  if (search.isError && !result) {
    return (
      <Paper withBorder>
        <ErrorState title="We could not search the marketplace" onRetry={() => void search.refetch()} />
      </Paper>
    );
  }
  if (!result) {
    return (
      <div className="mk-grid" role="status" aria-busy="true" aria-label="Loading products">
        {Array.from({ length: 6 }, (_, index) => (
          <ProductCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  if (result.data.length === 0) {
    return (
      <Paper withBorder>
        <EmptyState
          icon={<IconSearchOff size={32} />}
          title="No products match"
          description="Try fewer filters, another spelling or a wider price range."
          action={
            hasFilters(state) && (
              <Button variant="light" onClick={() => onChange(withoutFilters(state))}>
                Clear filters
              </Button>
            )
          }
        />
      </Paper>
    );
  }
  const Item = state.view === 'list' ? ProductRow : ProductCard;
  return (
    <Stack
      gap="md"
      aria-busy={search.isPlaceholderData}
      style={{ opacity: search.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
    >
      <SponsoredStrip query={sponsoredListQuery(state)} keyword={state.keyword} />
      {result.big_post && result.currentPage === 1 && (
        <Paper withBorder p="sm" radius="lg" bg="accent.0">
          <Group gap="xs" mb="xs">
            <IconSparkles size={16} color="var(--mantine-color-accent-7)" aria-hidden />
            <Text size="sm" fw={600}>
              Popular with buyers
            </Text>
          </Group>
          <ProductRow product={result.big_post} keyword={state.keyword} />
        </Paper>
      )}
      {state.view === 'list' ? (
        <Stack gap="sm">
          {result.data.map((product, index) => (
            <Item key={product.id} product={product} keyword={state.keyword} priority={index < FIRST_SEEN} />
          ))}
        </Stack>
      ) : (
        <div className="mk-grid">
          {result.data.map((product, index) => (
            <Item key={product.id} product={product} keyword={state.keyword} priority={index < FIRST_SEEN} />
          ))}
        </div>
      )}
      {result.lastPage > 1 && (
        <Group justify="center" mt="md">
          <Pagination
            total={Math.min(result.lastPage, 1000)}
            value={result.currentPage}
            onChange={(page) => onChange({ ...state, page })}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          />
        </Group>
      )}
    </Stack>
  );
}

/** "120 products"; past the search's window "2,500+ products", or what the filters kept of it. */
function resultCount(total: number, bounded: boolean) {
  if (!bounded) return pluralize(total, 'product');
  if (total >= MARKET_LIMITS.searchWindow) return `${MARKET_LIMITS.searchWindow.toLocaleString('en')}+ products`;
  return `${pluralize(total, 'product')} ${MARKET_MESSAGES.searchWindowed}`;
}

/**
 * Above the results: their count, and the Filters button (narrow screens), sort and currency; `children`
 * are further controls (the grid or list switch). A search past its window (`bounded`) counts its first matches
 * only, and says so.
 */
export function ListToolbar(props: {
  total: number | undefined;
  bounded?: boolean;
  state: ListState;
  onChange: (next: ListState) => void;
  onOpenFilters: () => void;
  headingOrder: 2 | 3;
  children?: ReactNode;
}) {
  const { state, onChange } = props;
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Title order={props.headingOrder} size="h5" aria-live="polite" data-testid="result-count">
        {props.total === undefined ? 'Searching…' : resultCount(props.total, !!props.bounded)}
      </Title>
      <Group gap="xs" wrap="wrap">
        <Button
          hiddenFrom="md"
          variant="default"
          leftSection={<IconAdjustmentsHorizontal size={16} />}
          onClick={props.onOpenFilters}
        >
          Filters
        </Button>
        <NativeSelect
          aria-label="Sort by"
          data={MARKET_SORTS.map((value) => ({ value, label: MARKET_SORT_LABELS[value] }))}
          value={state.sort}
          onChange={(event) => onChange({ ...state, sort: event.currentTarget.value as MarketSort, page: 1 })}
          w={190}
          size="sm"
          data-testid="sort-select"
        />
        <CurrencySelect value={state.currency} onChange={(currency) => onChange({ ...state, currency })} />
        {props.children}
      </Group>
    </Group>
  );
}

export function ProductListPage() {
  const [state, setState] = useListState();
  const [filtersOpened, filters] = useDisclosure(false);
  const search = useProductSearch(searchBody(state));
  const result = search.data;
  useDocumentTitle(state.keyword ? `${state.keyword} · Products · TradeLoop` : 'Products · TradeLoop');
  const handleSearch = (keyword: string) => setState({ ...state, keyword, page: 1 });
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

  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {state.keyword ? `Results for “${state.keyword}”` : 'Find products from verified suppliers'}
          </Title>
          <ActivityStrip onSearch={handleSearch} />
        </Stack>
        <SearchBox keyword={state.keyword} onSearch={handleSearch} />
        {result?.keywords.corrected && (
          <Alert variant="light" color="brand" py="xs">
            Showing results for <b>{result.keywords.corrected}</b>.{' '}
            <Anchor component="button" type="button" onClick={() => handleSearch(result.keywords.corrected!)}>
              Search for “{result.keywords.corrected}” only
            </Anchor>
          </Alert>
        )}
        {result && result.keywords.related.length > 0 && (
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              Related searches:
            </Text>
            {result.keywords.related.map((term) => (
              <Anchor key={term} component="button" type="button" size="sm" onClick={() => handleSearch(term)}>
                {term}
              </Anchor>
            ))}
          </Group>
        )}
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 3 }} visibleFrom="md">
            <Box className="mk-sidebar">{sidebar}</Box>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9, xl: 7 }}>
            <Stack gap="md">
              <ListToolbar
                total={result?.total}
                bounded={result?.total_bounded}
                state={state}
                onChange={setState}
                onOpenFilters={filters.open}
                headingOrder={2}
              >
                <ViewSwitch value={state.view} onChange={(view) => setState({ ...state, view })} />
              </ListToolbar>
              <Results state={state} onChange={setState} />
              {result && (
                <Box hiddenFrom="xl" mt="lg">
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <SidePanels
                      suppliers={result.manufacturers_suppliers}
                      liked={result.related_liked_products}
                      searched={result.most_searches_products}
                    />
                  </SimpleGrid>
                </Box>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, xl: 2 }} visibleFrom="xl">
            {result && (
              <SidePanels
                suppliers={result.manufacturers_suppliers}
                liked={result.related_liked_products}
                searched={result.most_searches_products}
              />
            )}
          </Grid.Col>
        </Grid>
      </Stack>
      <LazyDrawer opened={filtersOpened} onClose={filters.close} title="Filters" size="sm" hiddenFrom="md">
        {sidebar}
      </LazyDrawer>
    </Container>
  );
}
