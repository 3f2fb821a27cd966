import { Anchor, Container, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SITE_PAGE_LINKS, SITE_PAGE_SLUGS, sitePagePath } from '@tradeloop/contracts/site-pages-constants';
import { PATHS } from '../../lib/paths.ts';

export function AppFooter() {
  return (
    <Container component="footer" py="xl" mt="xl">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          © {new Date().getFullYear()} TradeLoop · B2B trade marketplace and sales CRM
        </Text>
        <Group gap="lg" component="nav" aria-label="Site">
          <Anchor component={Link} to={PATHS.suppliers} size="sm" c="dimmed">
            Supplier directory
          </Anchor>
          <Anchor component={Link} to={PATHS.blog} size="sm" c="dimmed">
            Blog
          </Anchor>
          <Anchor component={Link} to={PATHS.signup} size="sm" c="dimmed">
            Sell on TradeLoop
          </Anchor>
          <Anchor href="/api/docs" size="sm" c="dimmed">
            API
          </Anchor>
          {SITE_PAGE_SLUGS.map((slug) => (
            <Anchor key={slug} component={Link} to={sitePagePath(slug)} size="sm" c="dimmed">
              {SITE_PAGE_LINKS[slug]}
            </Anchor>
          ))}
        </Group>
      </Group>
    </Container>
  );
}
