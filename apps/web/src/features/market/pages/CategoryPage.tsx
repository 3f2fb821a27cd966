import {
  Anchor,
  Badge,
  Box,
  Breadcrumbs,
  Button,
  Container,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { IconCategory } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { categorySlugOf, type CategoryPage as CategoryPageData } from '@tradeloop/contracts/market-category';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { LazyDrawer } from '../../../components/LazyDrawer.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { pluralize } from '../../../lib/format.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useCategoryPage } from '../api/category-page.ts';
import { useProductSearch } from '../api/search.ts';
import { FilterSidebar } from '../components/FilterSidebar.tsx';
import { SidePanels } from '../components/SidePanels.tsx';
import { ViewSwitch } from '../components/ViewSwitch.tsx';
import { searchBody, type ListState } from '../list-state.ts';
import { categoryListState } from '../page-data.ts';
import { ListToolbar, Results, useListState } from './ProductListPage.tsx';

/**
 * /category/{slug} and /category/{top}/{…}/{slug} (decision 051): the category's trail, its
 * sub-categories with counts, its products with the product list's filters and its suppliers.
 * Rendered on the server for signed-out visitors (decision 029).
 */
export function CategoryPage() {
  const params = useParams();
  const slug = categorySlugOf(params['*'] ?? '') ?? '';
  const page = useCategoryPage(slug);
  useDocumentTitle(page.data ? `${page.data.category.name} · Manufacturers & Suppliers · TradeLoop` : 'TradeLoop');

  if (!slug || (page.isError && isApiError(page.error) && page.error.status === 404)) {
    return (
      <Container size="md" py="xl">
        <Paper withBorder>
          <EmptyState
            icon={<IconCategory size={32} />}
            title="Category not found"
            description="This category does not exist. Browse every product instead."
            action={
              <Button component={Link} to={PATHS.productList}>
                Browse products
              </Button>
            }
          />
        </Paper>
      </Container>
    );
  }
  if (page.isError) {
    return (
      <Container size="md" py="xl">
        <Paper withBorder>
          <ErrorState title="We could not load this category" onRetry={() => void page.refetch()} />
        </Paper>
      </Container>
    );
  }
  if (!page.data) {
    return (
      <Container size="xl" py="lg" role="status" aria-busy="true" aria-label="Loading the category">
        <Stack gap="md">
          <Skeleton h={16} w={260} />
          <Skeleton h={34} w="40%" />
          <Skeleton h={14} w="70%" />
        </Stack>
      </Container>
    );
  }
  return <CategoryContent data={page.data} />;
}

function CategoryContent({ data }: { data: CategoryPageData }) {
  const [urlState, setUrlState] = useListState();
  const [filtersOpened, filters] = useDisclosure(false);
  const state = categoryListState(urlState, data.category.id);
  // The category stays out of the URL: the address already names it.
  const setState = (next: ListState) => {
    const rest = { ...next.filters };
    delete rest.categories;
    setUrlState({ ...next, filters: rest });
  };
  const search = useProductSearch(searchBody(state));
  const result = search.data;
  const facets = result?.facets.filter((facet) => facet.key !== 'categories') ?? null;
  const sidebar = (
    <FilterSidebar
      facets={facets}
      state={urlState}
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
        <Breadcrumbs
          component="nav"
          aria-label="Breadcrumb"
          separatorMargin={6}
          styles={{ root: { flexWrap: 'wrap' } }}
        >
          <Anchor component={Link} to={PATHS.home} size="sm">
            Home
          </Anchor>
          {data.breadcrumbs.map((crumb, index) =>
            index === data.breadcrumbs.length - 1 ? (
              <Text key={crumb.id} size="sm" aria-current="page" c="dimmed">
                {crumb.name}
              </Text>
            ) : (
              <Anchor key={crumb.id} component={Link} to={crumb.path} size="sm">
                {crumb.name}
              </Anchor>
            ),
          )}
        </Breadcrumbs>
        <Stack gap={6}>
          <Title order={1} size="h2">
            {data.category.name}
          </Title>
          <Text c="dimmed" maw={900}>
            {data.category.description}
          </Text>
          <Group gap="xs">
            <Badge variant="light">{pluralize(data.category.products_count, 'product')}</Badge>
            <Badge variant="light" color="teal">
              {pluralize(data.category.suppliers_count, 'supplier')}
            </Badge>
          </Group>
        </Stack>
        {data.sub_categories.length > 0 && (
          <section aria-labelledby="sub-categories-title">
            <Title order={2} size="h4" id="sub-categories-title" mb="sm">
              Sub-categories
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="sm" component="ul" className="tl-plain-list">
              {data.sub_categories.map((child) => (
                <li key={child.id}>
                  <Paper withBorder radius="md">
                    <UnstyledButton component={Link} to={child.path} p="sm" display="block" data-testid="sub-category">
                      <Group justify="space-between" wrap="nowrap">
                        <Text fw={600} size="sm">
                          {child.name}
                        </Text>
                        <Badge variant="light" aria-label={pluralize(child.products_count, 'product')}>
                          {child.products_count.toLocaleString('en')}
                        </Badge>
                      </Group>
                    </UnstyledButton>
                  </Paper>
                </li>
              ))}
            </SimpleGrid>
          </section>
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
                state={urlState}
                onChange={setState}
                onOpenFilters={filters.open}
                headingOrder={2}
              >
                <ViewSwitch value={state.view} onChange={(view) => setState({ ...urlState, view })} />
              </ListToolbar>
              <Results state={state} onChange={setState} />
              {result && (
                <Box hiddenFrom="xl" mt="lg">
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <SidePanels suppliers={result.manufacturers_suppliers} liked={[]} searched={[]} />
                  </SimpleGrid>
                </Box>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, xl: 2 }} visibleFrom="xl">
            {result && <SidePanels suppliers={result.manufacturers_suppliers} liked={[]} searched={[]} />}
          </Grid.Col>
        </Grid>
        <Text size="sm">
          <Anchor component={Link} to={`${PATHS.productList}?categories=${data.category.id}`}>
            Search within {data.category.name}
          </Anchor>
        </Text>
      </Stack>
      <LazyDrawer opened={filtersOpened} onClose={filters.close} title="Filters" size="sm" hiddenFrom="md">
        {sidebar}
      </LazyDrawer>
    </Container>
  );
}
