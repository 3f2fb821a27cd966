import { Anchor, Avatar, Badge, Button, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBuildingStore, IconCircleCheckFilled, IconMapPin } from '@tabler/icons-react';
import { Link, NavLink, Outlet, useLocation, useOutletContext, useParams } from 'react-router';
import { miniSitePath, type MiniSitePage } from '@tradeloop/contracts/company-profile-constants';
import type { MiniSite } from '@tradeloop/contracts/company-profile';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { getCurrencyId } from '../../../lib/currency.ts';
import { initials } from '../../../lib/format.ts';
import { FollowButton } from '../../presence/components/FollowButton.tsx';
import { SocialLinks } from '../../presence/components/SocialLinks.tsx';
import { useMiniSite } from '../api/mini-site.ts';
import { businessTypeOf } from './ProfileFacts.tsx';
import { MiniSiteBannerSlot } from './slots.tsx';

/** The mini-site's pages in its menu (decision 044). */
const NAV: { page: MiniSitePage; label: string }[] = [
  { page: '', label: 'Home' },
  { page: 'our-products', label: 'Products' },
  { page: 'about-us', label: 'About us' },
  { page: 'blog', label: 'Blog' },
  { page: 'contact-us', label: 'Contact us' },
];

export type MiniSiteContext = { site: MiniSite; currency: number };

/** The mini-site's data, for its pages (rendered inside MiniSiteLayout). */
export function useMiniSiteContext() {
  return useOutletContext<MiniSiteContext>();
}

function pageOf(pathname: string, slug: string): MiniSitePage {
  const rest = pathname.slice(miniSitePath(slug).length).replace(/^\/|\/$/g, '');
  return (NAV.find((entry) => entry.page === rest)?.page ?? '') as MiniSitePage;
}

function CompanyHeader({ site }: { site: MiniSite }) {
  const { company } = site;
  const place = [company.city, company.country_name].filter(Boolean).join(', ');
  return (
    <Paper withBorder p="lg" radius="md" component="header">
      <Group justify="space-between" align="flex-start" gap="md">
        <Group wrap="nowrap" align="flex-start" gap="md" style={{ minWidth: 0 }}>
          {/* The company's logo (wide or square) is shown whole, never cropped. */}
          <Avatar
            src={company.logo}
            alt=""
            color="brand"
            radius="md"
            size={64}
            styles={{ image: { objectFit: 'contain', background: 'white' } }}
          >
            {initials(company.name)}
          </Avatar>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={1} size="h2" data-testid="mini-site-name">
              {company.name}
              {company.verified && (
                <IconCircleCheckFilled
                  size={20}
                  color="var(--mantine-color-teal-7)"
                  aria-label="Verified supplier"
                  role="img"
                  style={{ marginLeft: 6, verticalAlign: -2 }}
                />
              )}
            </Title>
            <Group gap={6}>
              <Badge variant="light">{businessTypeOf(site)}</Badge>
              <Badge variant="light" color={company.verified ? 'teal' : 'gray'}>
                {company.member_type}
              </Badge>
            </Group>
            {place && (
              <Group gap={4} c="dimmed">
                <IconMapPin size={14} aria-hidden />
                <Text size="sm">{place}</Text>
              </Group>
            )}
            <Text size="sm" c="dimmed">
              {site.products} {site.products === 1 ? 'product' : 'products'}
              {site.profile.year_established ? ` · Since ${site.profile.year_established}` : ''}
            </Text>
          </Stack>
        </Group>
        <Stack gap="xs" align="flex-end">
          <FollowButton companyId={company.id} companyName={company.name} followers={site.followers} />
          <SocialLinks companyName={company.name} accounts={site.social} />
        </Stack>
      </Group>
    </Paper>
  );
}

function StoreNav({ slug }: { slug: string }) {
  return (
    <nav aria-label="Store">
      <Group gap={4} wrap="wrap">
        {NAV.map((entry) => (
          <Button
            key={entry.page}
            component={NavLink}
            to={miniSitePath(slug, entry.page)}
            end
            variant="subtle"
            size="sm"
            className="mini-site-nav"
            data-track={`mini-site-nav-${entry.page || 'home'}`}
          >
            {entry.label}
          </Button>
        ))}
      </Group>
    </nav>
  );
}

/**
 * /mini-site/{slug}/…: a seller's store (decision 044). The company header, the store's menu, the
 * banner slot on top of each page, then the page; an unknown store is a not-found page.
 */
export function MiniSiteLayout() {
  const { slug = '' } = useParams();
  const location = useLocation();
  const currency = getCurrencyId();
  const query = useMiniSite(slug, currency);
  const site = query.data;

  if (query.isError && !site) {
    const missing = isApiError(query.error) && query.error.status === 404;
    return (
      <Container size="md" py="xl">
        <Paper withBorder>
          {missing ? (
            <EmptyState
              icon={<IconBuildingStore size={32} />}
              title="This store does not exist"
              description="The company may have changed its address or left TradeLoop. Its products may still be listed."
              action={
                <Button component={Link} to="/productlist">
                  Browse products
                </Button>
              }
            />
          ) : (
            <ErrorState onRetry={() => void query.refetch()} />
          )}
        </Paper>
      </Container>
    );
  }

  return (
    <Container size="xl" py="lg">
      {!site ? (
        <Stack gap="md" aria-busy="true" role="status" aria-label="Loading the store">
          <Skeleton height={120} radius="md" />
          <Skeleton height={36} width={420} />
          <Skeleton height={320} radius="md" />
        </Stack>
      ) : (
        <Stack gap="md">
          <CompanyHeader site={site} />
          <StoreNav slug={site.company.slug} />
          <MiniSiteBannerSlot site={site} page={pageOf(location.pathname, slug)} />
          <Outlet context={{ site, currency } satisfies MiniSiteContext} />
          <Text size="xs" c="dimmed" ta="center">
            A store on{' '}
            <Anchor component={Link} to="/" size="xs" underline="always">
              TradeLoop
            </Anchor>
          </Text>
        </Stack>
      )}
    </Container>
  );
}
