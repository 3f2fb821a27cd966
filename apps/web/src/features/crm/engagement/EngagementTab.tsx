import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { clickLabel, pageLabel } from '@tradeloop/contracts/tracking';
import { type TrackingListing } from '@tradeloop/contracts/crm/engagement';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { crmData } from '../shared/api/client.ts';
import type { DetailTabProps } from '../shared/detail-tabs.ts';
import { workKeys } from '../shared/target.ts';
import { Figure } from './Figure.tsx';
import { duration } from './format.ts';
import { dateTimeLabel } from '../../../lib/format.ts';

/** The lead's browsing of the company's pages: sessions, pages, time on page, deepest scroll, clicks. */
export function EngagementTab({ record }: DetailTabProps) {
  const engagement = useQuery({
    queryKey: workKeys.part(1, record.id, 'engagement'),
    queryFn: ({ signal }) =>
      crmData<TrackingListing>('crm/tracking/listing', { query: { lead_id: record.id }, signal }),
  });

  if (engagement.isPending) return <Loader size="sm" role="status" aria-label="Loading engagement" />;
  if (engagement.isError) return <ErrorState onRetry={() => engagement.refetch()} />;
  const { sessions, totals } = engagement.data;
  if (sessions.length === 0)
    return (
      <Card>
        <EmptyState
          icon={<IconEye size={30} />}
          title="No browsing yet"
          description="When this lead views your products while signed in to the marketplace, every page, scroll and click shows here."
        />
      </Card>
    );
  return (
    <Stack data-testid="lead-engagement">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Figure label="Sessions" value={totals.sessions} />
        <Figure label="Page views" value={totals.page_views} />
        <Figure label="Time on pages" value={duration(totals.time_on_page)} />
        <Figure label="Clicks" value={totals.clicks} />
      </SimpleGrid>
      {sessions.map((session) => (
        <Card key={session.session_id} withBorder>
          <Group justify="space-between" mb="xs" wrap="wrap">
            <Title order={3} size="h5">
              Session of {dateTimeLabel(session.started_at)}
            </Title>
            <Text size="xs" c="dimmed">
              {session.pages.length} {session.pages.length === 1 ? 'page' : 'pages'}
            </Text>
          </Group>
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Page</Table.Th>
                  <Table.Th>Viewed</Table.Th>
                  <Table.Th>Time on page</Table.Th>
                  <Table.Th>Deepest scroll</Table.Th>
                  <Table.Th>Clicks</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {session.pages.map((page) => (
                  <Table.Tr key={page.page_id} data-testid="engagement-page">
                    <Table.Td>
                      <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
                        {page.product_name ?? pageLabel(page.page_name)}
                      </Text>
                      {!page.signed_in && (
                        <Badge size="xs" variant="light" color="gray">
                          before sign-in
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{dateTimeLabel(page.viewed_at)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{duration(page.time_on_page)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" data-testid="deepest-scroll">
                        {page.deepest_scroll === null ? '—' : `${page.deepest_scroll} %`}
                      </Text>
                      {page.scrolls.length > 0 && (
                        <Text size="xs" c="dimmed" data-testid="scrolls">
                          {page.scrolls.map((value) => `${value} %`).join(', ')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {page.clicks.length === 0 ? (
                        <Text size="sm">—</Text>
                      ) : (
                        <Group gap={4}>
                          {page.clicks.map((click, index) => (
                            <Badge key={`${click.at}-${index}`} size="sm" variant="light" tt="none">
                              {clickLabel(click.name)}
                            </Badge>
                          ))}
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      ))}
    </Stack>
  );
}
