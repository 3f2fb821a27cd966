import { Button, Container, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconHeart } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { PagePagination } from '../../../components/PagePagination.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { getCurrencyId } from '../../../lib/currency.ts';
import { pluralize } from '../../../lib/format.ts';
import { useWishlist } from '../api/wishlist.ts';
import { ProductCard, ProductCardSkeleton } from '../components/ProductCard.tsx';

/** The signed-in user's wishlist. */
export function WishlistPage() {
  useDocumentTitle('My wishlist · TradeLoop');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const wishlist = useWishlist(page, getCurrencyId());
  const data = wishlist.data;
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            My wishlist
          </Title>
          <Text c="dimmed" size="sm">
            {data ? pluralize(data.total, 'saved product') : 'Products you saved'}
          </Text>
        </div>
        {wishlist.isError && !data ? (
          <Paper withBorder>
            <ErrorState onRetry={() => void wishlist.refetch()} />
          </Paper>
        ) : !data ? (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} aria-busy="true">
            {Array.from({ length: 4 }, (_, index) => (
              <ProductCardSkeleton key={index} />
            ))}
          </SimpleGrid>
        ) : data.data.length === 0 ? (
          <Paper withBorder>
            <EmptyState
              icon={<IconHeart size={32} />}
              title="Nothing saved yet"
              description="Tap the heart on any product to keep it here and compare later."
              action={
                <Button component={Link} to="/productlist">
                  Browse products
                </Button>
              }
            />
          </Paper>
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }}>
              {data.data.map((product) => (
                <ProductCard key={product.id} product={product} />
              ))}
            </SimpleGrid>
            <PagePagination page={data} onChange={(next) => setParams({ page: String(next) })} />
          </>
        )}
      </Stack>
    </Container>
  );
}
