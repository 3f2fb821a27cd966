import { useState } from 'react';
import { Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconMessages, IconPlus } from '@tabler/icons-react';
import { EmptyState } from '../../../../components/EmptyState.tsx';
import { ErrorState } from '../../../../components/ErrorState.tsx';
import type { DetailTabProps } from '../../shared/detail-tabs.ts';
import { useLeadStatuses } from '../api/statuses.ts';
import { useLeadThreads } from '../api/threads.ts';
import { AddThreadModal } from './AddThreadModal.tsx';
import { ThreadCard } from './ThreadCard.tsx';

/** The lead's requests (threads): marketplace quote requests, chat enquiries and entries added by hand. */
export function ThreadsTab({ record }: DetailTabProps) {
  const threads = useLeadThreads(record.id);
  const statuses = useLeadStatuses();
  const [adding, setAdding] = useState(false);
  const addButton = (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconPlus size={14} />}
      onClick={() => setAdding(true)}
      disabled={Boolean(record.deleted_at)}
    >
      Add entry
    </Button>
  );

  let body;
  if (threads.isPending)
    body = (
      <Stack>
        <Skeleton h={160} radius="md" />
        <Skeleton h={160} radius="md" />
      </Stack>
    );
  else if (threads.isError)
    body = (
      <Card>
        <ErrorState onRetry={() => threads.refetch()} />
      </Card>
    );
  else if (threads.data.length === 0)
    body = (
      <Card>
        <EmptyState
          icon={<IconMessages size={30} />}
          title="No requests yet"
          description="Quote requests and chat enquiries from the marketplace appear here by themselves. Add an entry for a request that came by phone, e-mail or at a fair."
          action={addButton}
        />
      </Card>
    );
  else
    body = (
      <Stack>
        {threads.data.map((thread) => (
          <ThreadCard key={thread.id} thread={thread} record={record} statuses={statuses.data} />
        ))}
      </Stack>
    );

  return (
    <Stack>
      {threads.isSuccess && threads.data.length > 0 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {threads.data.length === 1 ? 'One request' : `${threads.data.length} requests`}, newest first
          </Text>
          {addButton}
        </Group>
      )}
      {body}
      <AddThreadModal leadId={record.id} opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}
