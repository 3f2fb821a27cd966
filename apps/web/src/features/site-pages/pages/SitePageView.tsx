import { Anchor, Breadcrumbs, Button, Container, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconFileUnknown } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { SITE_PAGE_LINKS, SITE_PAGE_SLUGS, sitePagePath } from '@tradeloop/contracts/site-pages';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { dateLabel } from '../../../lib/format.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useSitePage } from '../api/site-pages.ts';

/** /page/{slug} (decision 051): about, terms, privacy, help or contact, as the platform operator wrote it. */
export function SitePageView() {
  const { slug = '' } = useParams();
  const page = useSitePage(slug);
  useDocumentTitle(page.data ? `${page.data.title} · TradeLoop` : 'TradeLoop');

  if (page.isError && isApiError(page.error) && page.error.status === 404) {
    return (
      <Container size="md" py="xl">
        <Paper withBorder>
          <EmptyState
            icon={<IconFileUnknown size={32} />}
            title="Page not found"
            description="This page does not exist."
            action={
              <Button component={Link} to={PATHS.home}>
                Go to the home page
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
        <ErrorState title="We could not load this page" onRetry={() => void page.refetch()} />
      </Container>
    );
  }
  return (
    <Container size="md" py="xl">
      {!page.data ? (
        <Stack role="status" aria-busy="true" aria-label="Loading the page">
          <Skeleton h={34} w="50%" />
          <Skeleton h={14} />
          <Skeleton h={14} w="80%" />
        </Stack>
      ) : (
        <Stack gap="lg">
          <Breadcrumbs component="nav" aria-label="Breadcrumb" separatorMargin={6}>
            <Anchor component={Link} to={PATHS.home} size="sm">
              Home
            </Anchor>
            <Text size="sm" c="dimmed" aria-current="page">
              {page.data.title}
            </Text>
          </Breadcrumbs>
          <article>
            <Title order={1} mb="md">
              {page.data.title}
            </Title>
            {/* Sanitized on the server when saved, by the blog's rules (decision 046). */}
            <div
              className="bl-article"
              data-testid="site-page-content"
              dangerouslySetInnerHTML={{ __html: page.data.content_html }}
            />
            {page.data.updated_at && (
              <Text size="sm" c="dimmed" mt="lg">
                Last updated {dateLabel(page.data.updated_at)}
              </Text>
            )}
          </article>
          <nav aria-label="Site pages">
            <Text size="sm" c="dimmed">
              {SITE_PAGE_SLUGS.filter((other) => other !== page.data.slug).map((other, index) => (
                <span key={other}>
                  {index > 0 && ' · '}
                  <Anchor component={Link} to={sitePagePath(other)} size="sm">
                    {SITE_PAGE_LINKS[other]}
                  </Anchor>
                </span>
              ))}
            </Text>
          </nav>
        </Stack>
      )}
    </Container>
  );
}
