import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { miniSitePath } from '@tradeloop/contracts/company-profile-constants';
import { ProductCard } from '../../market/components/ProductCard.tsx';
import { businessTypeOf, useMiniSiteContext } from '../components/MiniSiteLayout.tsx';
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
  ].filter((fact): fact is [string, string] => Boolean(fact[1]));
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
          {facts.length > 0 && (
            <Table withRowBorders={false} verticalSpacing={2} fz="sm" maw={560}>
              <Table.Tbody>
                {facts.map(([label, value]) => (
                  <Table.Tr key={label}>
                    <Table.Th fw={500} c="dimmed" w={160}>
                      {label}
                    </Table.Th>
                    <Table.Td>{value}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
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
