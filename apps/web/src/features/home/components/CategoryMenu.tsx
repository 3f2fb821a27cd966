import { Badge, Group, Paper, SimpleGrid, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ProductSearchInput } from '@tradeloop/contracts/market';
import { categoryPagePath } from '@tradeloop/contracts/market-category';
import { productSearchQueryOptions } from '../../market/api/search.ts';

/** The catalogue's top categories with their product counts, each opening its category page (decision 051). */
export function CategoryMenu({ body }: { body: ProductSearchInput }) {
  const search = useQuery(productSearchQueryOptions(body));
  const categories = (search.data?.facets.find((facet) => facet.key === 'categories')?.options ?? []).filter(
    (category) => !category.depth,
  );
  if (categories.length === 0) return null;
  return (
    <section aria-labelledby="categories-title">
      <Title order={2} id="categories-title" mb="lg">
        Browse by category
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" component="ul" className="tl-plain-list">
        {categories.map((category) => (
          <li key={String(category.value)}>
            <Paper withBorder radius="md">
              <UnstyledButton
                component={Link}
                to={
                  category.slug
                    ? categoryPagePath([category.slug])
                    : `/productlist?categories=${encodeURIComponent(String(category.value))}`
                }
                p="md"
                display="block"
                data-testid="home-category"
              >
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600}>{category.label}</Text>
                  <Badge variant="light" aria-label={`${category.count} products`}>
                    {category.count.toLocaleString('en')}
                  </Badge>
                </Group>
              </UnstyledButton>
            </Paper>
          </li>
        ))}
      </SimpleGrid>
    </section>
  );
}
