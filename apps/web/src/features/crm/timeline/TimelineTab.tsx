import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Card, Group, Loader, Stack, Text, Timeline } from '@mantine/core';
import { IconTimeline } from '@tabler/icons-react';
import type { TimelineEntry } from '@tradeloop/contracts/crm/timeline';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { crmData } from '../shared/api/client.ts';
import type { DetailTabProps } from '../shared/detail-tabs.ts';
import { targetParams, workKeys } from '../shared/target.ts';
import { dateTimeLabel } from '../../../lib/format.ts';

type TimelinePage = { data: TimelineEntry[]; next_cursor: number | null };

/** The record's history, newest first, loading older entries on demand. */
export function TimelineTab({ typeId, record }: DetailTabProps) {
  const timeline = useInfiniteQuery({
    queryKey: workKeys.part(typeId, record.id, 'timeline'),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      crmData<TimelinePage>('crm/activities/list', {
        query: { ...targetParams(typeId, record.id), ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

  if (timeline.isPending) return <Loader size="sm" />;
  if (timeline.isError) return <ErrorState onRetry={() => timeline.refetch()} />;
  const entries = timeline.data.pages.flatMap((page) => page.data);
  if (entries.length === 0)
    return (
      <Card>
        <EmptyState icon={<IconTimeline size={30} />} title="No history yet" description="Changes will appear here." />
      </Card>
    );
  return (
    <Card>
      <Stack>
        <Timeline lineWidth={2} bulletSize={12} data-testid="record-timeline">
          {entries.map((entry) => (
            <Timeline.Item key={entry.id} title={entry.summary} data-kind={entry.kind}>
              <Text size="xs" c="dimmed">
                {entry.actor?.full_name ?? 'TradeLoop'} · {dateTimeLabel(entry.created_at)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
        {timeline.hasNextPage && (
          <Group justify="center">
            <Button variant="subtle" loading={timeline.isFetchingNextPage} onClick={() => timeline.fetchNextPage()}>
              Show older
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
