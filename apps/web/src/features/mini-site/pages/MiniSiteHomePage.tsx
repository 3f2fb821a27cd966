import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { miniSitePath } from '@tradeloop/contracts/company-profile-constants';
import { ProductCard } from '../../market/components/ProductCard.tsx';
import { useMiniSiteContext } from '../components/MiniSiteLayout.tsx';
import { ProfileFacts, businessTypeOf } from '../components/ProfileFacts.tsx';
import { MiniSiteReviewsSlot } from '../components/slots.tsx';

const SUMMARY_CHARACTERS = 420;

/** /mini-site/{slug}: the company in short, its newest products and its reviews. */
export function MiniSiteHomePage() {
  const { site } = useMiniSiteContext();
  const { company, profile } = site;
  useDocumentTitle(`${company.name} · TradeLoop`);
  const about =
    profile.about.length > SUMMARY_CHARACTERS
      ? `${profile.about.slice(0, SUMMARY_CHARACTERS).trimEnd()}…`
      : profile.about;
  const facts = [
    ['Business type', businessTypeOf(site)],
    ['Established', profile.year_established ? String(profile.year_established) : null],
    ['Employees', profile.employees],
    ['Main markets', profile.main_markets.join(', ') || null],
  ] satisfies [string, string | null][];
  return (
    <Stack gap="lg">
      <Paper withBorder p="lg" component="section" aria-labelledby="mini-site-summary">
        <Stack gap="sm">
          <Title order={2} size="h4" id="mini-site-summary">
            About {company.name}
          </Title>
          {about ? (
            <Text style={{ whiteSpace: 'pre-line' }} data-testid="mini-site-about">
              {about}
            </Text>
          ) : (
            <Text c="dimmed">{company.name} has not written its profile yet.</Text>
          )}
          <ProfileFacts facts={facts} />
          <Anchor component={Link} to={miniSitePath(company.slug, 'about-us')} size="sm">
            More about {company.name}
          </Anchor>
        </Stack>
      </Paper>

      <Stack gap="sm" component="section" aria-labelledby="mini-site-featured">
        <Group justify="space-between">
          <Title order={2} size="h4" id="mini-site-featured">
            Featured products
          </Title>
          {site.products > 0 && (
            <Button component={Link} to={miniSitePath(company.slug, 'our-products')} variant="light" size="sm">
              All {site.products} products
            </Button>
          )}
        </Group>
        {site.featured_products.length ? (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }}>
            {site.featured_products.map((product, index) => (
              <ProductCard key={product.id} product={product} priority={index < 2} />
            ))}
          </SimpleGrid>
        ) : (
          <Text c="dimmed">No products listed yet.</Text>
        )}
      </Stack>

      <MiniSiteReviewsSlot site={site} />
    </Stack>
  );
}
