import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { getCurrencyId } from '../../../lib/currency.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { sellersQueryOptions } from '../../directory/api/get-sellers.ts';
import { SUPPLIERS_SECTION_ID, SupplierDirectory } from '../../directory/components/SupplierDirectory.tsx';
import { productSearchQueryOptions } from '../../market/api/search.ts';
import { ALL_SUPPLIERS } from '../all-suppliers.ts';
import { CategoryMenu } from '../components/CategoryMenu.tsx';
import { HomeHero } from '../components/HomeHero.tsx';
import { HowItWorks } from '../components/HowItWorks.tsx';
import { ProductShelf } from '../components/ProductShelf.tsx';
import { featuredProducts, recentProducts } from '../home-products.ts';

/**
 * The home page opens on products, as buyers expect of a marketplace: a product search, the
 * categories with their counts, featured and recently added products, then the suppliers.
 */
export function HomePage() {
  useDocumentTitle('TradeLoop · B2B trade marketplace');
  const { token } = useSession();
  const currency = getCurrencyId();
  const everyone = useQuery(sellersQueryOptions(ALL_SUPPLIERS));
  const recent = useQuery(productSearchQueryOptions(recentProducts(currency)));

  return (
    <>
      <HomeHero productCount={recent.data?.total ?? null} supplierCount={everyone.data?.total ?? null} />
      <Container py={48}>
        <Stack gap={56}>
          <CategoryMenu body={recentProducts(currency)} />
          <ProductShelf
            id="featured-title"
            title="Featured products"
            note="From verified suppliers on the Platinum plan."
            body={featuredProducts(currency)}
            moreLink={`${PATHS.productList}?member_type=Verified+Supplier&plan_type=Platinum`}
          />
          <ProductShelf
            id="recent-title"
            title="Recently added"
            note="The newest listings on TradeLoop."
            body={recentProducts(currency)}
            moreLink={`${PATHS.productList}?sort=newest`}
          />
          <Paper p={{ base: 'lg', sm: 'xl' }} withBorder>
            <Group justify="space-between" gap="lg">
              <div>
                <Title order={2} size="h3">
                  Tell suppliers what you need
                </Title>
                <Text c="dimmed" mt={4} maw={560}>
                  Post a buying request once: it goes to the suppliers whose catalogue matches, and their offers come
                  back to you in one place.
                </Text>
              </div>
              <Button component={Link} to={PATHS.questionnaire} size="md" rightSection={<IconArrowRight size={16} />}>
                Request quotes
              </Button>
            </Group>
          </Paper>
          <section id={SUPPLIERS_SECTION_ID} aria-labelledby="suppliers-title" style={{ scrollMarginTop: 80 }}>
            <Stack gap={4} mb="lg">
              <Title order={2} id="suppliers-title">
                Supplier directory
              </Title>
              <Text c="dimmed">Companies selling on TradeLoop, newest first.</Text>
            </Stack>
            <SupplierDirectory />
          </section>
          <HowItWorks />
          {!token && (
            <Paper p={{ base: 'lg', sm: 'xl' }} withBorder bg="brand.0">
              <Group justify="space-between" gap="lg">
                <div>
                  <Title order={2} size="h3">
                    Selling to businesses?
                  </Title>
                  <Text c="dimmed" mt={4} maw={560}>
                    List your company for free, receive quote requests and manage every buyer in the built-in CRM.
                  </Text>
                </div>
                <Button component={Link} to={PATHS.signup} size="md" rightSection={<IconArrowRight size={16} />}>
                  Start selling
                </Button>
              </Group>
            </Paper>
          )}
        </Stack>
      </Container>
    </>
  );
}
