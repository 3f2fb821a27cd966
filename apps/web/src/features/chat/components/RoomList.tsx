import { Avatar, Badge, Box, Group, Indicator, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconFile, IconPhoto, IconPin, IconUsersGroup } from '@tabler/icons-react';
import type { Room, RoomTab } from '@tradeloop/contracts/chat';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { dateLabel, initials, time12 } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useRooms } from '../api/queries.ts';

const EMPTY_TEXT: Record<RoomTab, [string, string]> = {
  all: ['No conversations yet', 'Message a supplier from a product or their page, and the conversation appears here.'],
  unread: ['You are all caught up', 'Conversations with unread messages appear here.'],
  archive: ['Nothing archived', 'Archive a conversation to tidy your list; it keeps its messages.'],
  blocked: ['No one is blocked', 'People you block cannot reach you, and appear here.'],
  requests: ['No new requests', 'First messages from people you have not talked with wait here until you accept them.'],
  chats: ['No direct chats yet', 'One-to-one conversations appear here.'],
  groups: ['No groups yet', 'Create a group to talk with several people at once.'],
};

function preview(room: Room, myId: number | undefined) {
  const last = room.last_message;
  if (!last) return room.product?.name ? `About ${room.product.name}` : 'No messages yet';
  const prefix = last.sender_id === myId ? 'You: ' : '';
  if (last.is_deleted) return `${prefix}Message deleted`;
  if (last.message) return `${prefix}${last.message}`;
  if (last.message_type === 'image') return `${prefix}Photo`;
  if (last.message_type === 'document') return `${prefix}Document`;
  return `${prefix}${last.message_type}`;
}

function when(iso: string | null) {
  if (!iso) return '';
  const label = dateLabel(iso);
  return label === 'Today' ? time12(iso) : label;
}

function RoomItem({ room, active, onOpen }: { room: Room; active: boolean; onOpen: (room: Room) => void }) {
  const { user } = useSession();
  const icon =
    room.last_message?.message_type === 'image' ? (
      <IconPhoto size={14} />
    ) : room.last_message?.message_type === 'document' ? (
      <IconFile size={14} />
    ) : null;
  return (
    <UnstyledButton
      onClick={() => onOpen(room)}
      px="md"
      py="sm"
      aria-current={active ? 'true' : undefined}
      data-testid="room-item"
      data-room-id={room.room_id}
      style={{
        display: 'block',
        width: '100%',
        background: active ? 'var(--mantine-color-brand-0)' : undefined,
        borderBottom: '1px solid var(--mantine-color-gray-2)',
      }}
    >
      <Group wrap="nowrap" gap="sm">
        <Indicator
          disabled={!room.other_user?.online}
          color="green"
          position="bottom-end"
          offset={4}
          size={10}
          withBorder
        >
          <Avatar src={room.avatar} radius="xl" color={room.type === 'group' ? 'accent' : 'brand'}>
            {room.type === 'group' ? <IconUsersGroup size={18} /> : initials(room.name)}
          </Avatar>
        </Indicator>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" gap={4}>
            <Text fw={room.unread_count > 0 ? 700 : 500} size="sm" truncate data-testid="room-name">
              {room.name}
            </Text>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {when(room.last_message_at)}
            </Text>
          </Group>
          <Group justify="space-between" wrap="nowrap" gap={4}>
            <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
              {icon}
              <Text size="xs" c="dimmed" truncate>
                {preview(room, user?.id)}
              </Text>
            </Group>
            <Group gap={4} wrap="nowrap">
              {room.is_pinned === 1 && <IconPin size={14} aria-label="Pinned" />}
              {room.unread_count > 0 && (
                <Badge size="sm" circle={room.unread_count < 10} color="red" data-testid="room-unread">
                  {room.unread_count}
                </Badge>
              )}
            </Group>
          </Group>
        </Box>
      </Group>
    </UnstyledButton>
  );
}

type RoomListProps = { tab: RoomTab; search: string; activeRoomId: number | null; onOpen: (room: Room) => void };

/** The rooms of a tab: pinned first, then by last message (the server's order). */
export function RoomList({ tab, search, activeRoomId, onOpen }: RoomListProps) {
  const { data, isLoading, isError, refetch } = useRooms(tab, search);
  if (isLoading) {
    return (
      <Stack p="md" gap="md" aria-busy>
        {Array.from({ length: 6 }, (_, index) => (
          <Group key={index} wrap="nowrap">
            <Skeleton circle h={38} />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton h={10} w="60%" />
              <Skeleton h={8} w="85%" />
            </Stack>
          </Group>
        ))}
      </Stack>
    );
  }
  if (isError) return <ErrorState onRetry={() => void refetch()} />;
  const rooms = data?.data ?? [];
  if (rooms.length === 0) {
    const [title, description] = search ? ['No matches', `No conversation matches “${search}”.`] : EMPTY_TEXT[tab];
    return <EmptyState icon={<IconUsersGroup size={30} />} title={title} description={description} />;
  }
  return (
    <Box role="list" aria-label="Conversations">
      {rooms.map((room) => (
        <div role="listitem" key={room.room_id}>
          <RoomItem room={room} active={room.room_id === activeRoomId} onOpen={onOpen} />
        </div>
      ))}
    </Box>
  );
}
