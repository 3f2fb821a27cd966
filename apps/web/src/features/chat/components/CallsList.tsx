import { Avatar, Box, Group, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPhoneIncoming, IconPhoneOutgoing, IconPhoneX, IconVideo } from '@tabler/icons-react';
import type { Call } from '@tradeloop/contracts/chat';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { dateLabel, initials, time12 } from '../../../lib/format.ts';
import { useCalls } from '../api/queries.ts';

const OUTCOMES: Record<Call['status'], string> = {
  ringing: 'Ringing',
  ongoing: 'In progress',
  ended: 'Answered',
  declined: 'Declined',
  missed: 'Missed',
  cancelled: 'Cancelled',
};

function duration(seconds: number | null) {
  if (seconds === null) return '';
  return ` · ${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The calls tab: call history with direction, outcome and duration. */
export function CallsList({ onOpenRoom }: { onOpenRoom: (roomId: number) => void }) {
  const { data, isLoading, isError, refetch } = useCalls(true);
  if (isLoading) {
    return (
      <Stack p="md">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} h={40} />
        ))}
      </Stack>
    );
  }
  if (isError) return <ErrorState onRetry={() => void refetch()} />;
  const calls = data?.data ?? [];
  if (calls.length === 0) {
    return (
      <EmptyState
        icon={<IconPhoneOutgoing size={30} />}
        title="No calls yet"
        description="Start an audio or video call from a conversation."
      />
    );
  }
  return (
    <Box role="list" aria-label="Calls">
      {calls.map((call) => {
        const failed = call.status !== 'ended';
        const Icon = failed ? IconPhoneX : call.direction === 'outgoing' ? IconPhoneOutgoing : IconPhoneIncoming;
        return (
          <UnstyledButton
            key={call.id}
            role="listitem"
            data-testid="call-item"
            onClick={() => onOpenRoom(call.room_id)}
            px="md"
            py="sm"
            style={{ display: 'block', width: '100%', borderBottom: '1px solid var(--mantine-color-gray-2)' }}
          >
            <Group wrap="nowrap" gap="sm">
              <Avatar src={call.other_user.avatar} radius="xl" color="brand">
                {initials(call.other_user.full_name)}
              </Avatar>
              <Box style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={500} truncate>
                  {call.other_user.full_name}
                </Text>
                <Group gap={4} wrap="nowrap">
                  <Icon size={14} color={failed ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-green-7)'} />
                  {call.media === 'video' && <IconVideo size={14} />}
                  <Text size="xs" c="dimmed" data-testid="call-outcome">
                    {call.direction === 'outgoing' ? 'Outgoing' : 'Incoming'} · {OUTCOMES[call.status]}
                    {duration(call.duration_seconds)}
                  </Text>
                </Group>
              </Box>
              <Text size="xs" c="dimmed">
                {dateLabel(call.started_at) === 'Today' ? time12(call.started_at) : dateLabel(call.started_at)}
              </Text>
            </Group>
          </UnstyledButton>
        );
      })}
    </Box>
  );
}
