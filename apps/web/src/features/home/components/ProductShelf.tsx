import { Anchor, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ProductSearchInput } from '@tradeloop/contracts/market';
import { productSearchQueryOptions } from '../../market/api/search.ts';
import { ProductCard, ProductCardSkeleton } from '../../market/components/ProductCard.tsx';
import { HOME_PRODUCTS } from '../home-products.ts';

type ProductShelfProps = { id: string; title: string; note: string; body: ProductSearchInput; moreLink: string };

/** A row of product cards from one search, with a link to the whole list. */
export function ProductShelf({ id, title, note, body, moreLink }: ProductShelfProps) {
  const products = useQuery(productSearchQueryOptions(body));
  const items = products.data?.data ?? [];
  if (products.isSuccess && items.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <Group justify="space-between" align="flex-end" mb="lg">
        <Stack gap={4}>
          <Title order={2} id={id}>
            {title}
          </Title>
          <Text c="dimmed">{note}</Text>
        </Stack>
        <Anchor component={Link} to={moreLink}>
          See all
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md" data-testid={`${id}-products`}>
        {products.isPending
          ? Array.from({ length: HOME_PRODUCTS }, (_, index) => <ProductCardSkeleton key={index} />)
          : items.map((product) => <ProductCard key={product.id} product={product} compact />)}
      </SimpleGrid>
    </section>
  );
}
