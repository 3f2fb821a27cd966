import { Fragment, useEffect, useMemo, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Avatar,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Indicator,
  Loader,
  Menu,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import {
  IconArchive,
  IconArrowLeft,
  IconDotsVertical,
  IconInfoCircle,
  IconLanguage,
  IconPhone,
  IconPin,
  IconPinnedOff,
  IconSearch,
  IconUserOff,
  IconVideo,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatMessage, RoomDetail } from '@tradeloop/contracts/chat';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { dateLabel, initials } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { chatKeys } from '../api/keys.ts';
import {
  deleteMessage,
  markAsRead,
  useAnswerRequest,
  useArchiveRoom,
  useBlockUser,
  usePinRoom,
} from '../api/mutations.ts';
import { useChatSettings, useHistory, useMessageSearch, useRoomDetail } from '../api/queries.ts';
import { startCall } from '../calls/call-store.ts';
import { inServerOrder } from '../message-order.ts';
import { noteSeen } from '../realtime/cache.ts';
import { useTyping } from '../realtime/typing.ts';
import { Composer } from './Composer.tsx';
import { MessageBubble } from './MessageBubble.tsx';
import { RatingPrompt } from './RatingPrompt.tsx';
import { RoomInfoDrawer } from './RoomInfoDrawer.tsx';
import { useTranslateTo } from './translate-to.ts';

type ConversationProps = {
  roomId: number;
  product?: { id: number; name?: string; url?: string };
  onBack: () => void;
  onClosed: () => void;
};

function presence(detail: RoomDetail, typing: string | null) {
  if (typing) return `${typing} is typing…`;
  const { room } = detail;
  if (room.type === 'group') return `${detail.members.length} members`;
  const other = room.other_user;
  if (!other) return '';
  if (other.online) return 'Online';
  return other.company_name ?? (other.user_type === 'others' ? 'Buyer' : 'Seller');
}

/** An open conversation: header with calls and actions, banners, messages newest at the bottom, composer. */
export function Conversation({ roomId, product, onBack, onClosed }: ConversationProps) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const detailQuery = useRoomDetail(roomId);
  const detail = detailQuery.data;
  const otherId = detail?.room.other_user?.id ?? user?.id ?? 0;
  const history = useHistory(detail ? roomId : null, otherId);
  const settings = useChatSettings();
  const typing = useTyping(roomId);
  const [translateTo, setTranslateTo] = useTranslateTo();
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const [editing, setEditing] = useState<ChatMessage | null>(null);
  const [infoOpen, setInfoOpen] = useState(false);
  const [searching, setSearching] = useState(false);
  const [query, setQuery] = useState('');
  const found = useMessageSearch(searching ? query : '', roomId);
  const pin = usePinRoom();
  const archive = useArchiveRoom();
  const blocking = useBlockUser();
  const answer = useAnswerRequest();

  // Newest first, by the server's timestamp (spec section 9's day labels and times follow it).
  const messages = useMemo(
    () => inServerOrder(history.data?.pages.flatMap((page) => page.data) ?? []).reverse(),
    [history.data],
  );
  const newest = messages[0];

  // Spec section 4: opening a room sets its unread count to zero (and so does reading what arrives).
  useEffect(() => {
    if (!newest || !detail) return;
    noteSeen([newest]);
    if (detail.room.unread_count === 0 && newest.sender_id === user?.id) return;
    void markAsRead(roomId, newest.id).then(() => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.counts() });
      void queryClient.invalidateQueries({ queryKey: chatKeys.roomLists() });
    });
  }, [newest, detail, roomId, user?.id, queryClient]);

  if (detailQuery.isError) {
    return (
      <ErrorState
        title="This conversation is not available"
        message="It may have been deleted, or you left it."
        onRetry={onClosed}
      />
    );
  }
  if (!detail) {
    return (
      <Stack p="md" gap="md" aria-busy>
        <Skeleton h={48} />
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} h={36} w={`${40 + ((index * 17) % 40)}%`} ml={index % 2 ? 'auto' : 0} radius="lg" />
        ))}
      </Stack>
    );
  }

  const { room } = detail;
  const other = room.other_user;
  const blocked = room.is_blocked;
  // A group, or a conversation a seller's colleagues joined (decision 062): say who wrote each message.
  const severalVoices = room.type === 'group' || room.member_count > 2;
  const pending = room.request_status === 'pending';
  const canCall = room.type === 'direct' && other && !blocked && !pending;
  const transferId =
    detail.transfers.filter((transfer) => transfer.to_user.id === user?.id).at(-1)?.chat_transfer_id ?? null;
  const translation = settings.data?.translation_enabled ? translateTo : null;

  const handleDelete = (message: ChatMessage) => {
    void deleteMessage(message.id).then(
      () => void queryClient.invalidateQueries({ queryKey: chatKeys.history(roomId) }),
    );
  };

  return (
    <Stack gap={0} h="100%" style={{ minHeight: 0 }}>
      <Group
        px="md"
        py="xs"
        justify="space-between"
        wrap="nowrap"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <ActionIcon variant="subtle" hiddenFrom="sm" onClick={onBack} aria-label="Back to conversations">
            <IconArrowLeft size={20} />
          </ActionIcon>
          <Indicator disabled={!other?.online} color="green" position="bottom-end" offset={4} size={10} withBorder>
            <Avatar src={room.avatar} color="brand" radius="xl">
              {initials(room.name)}
            </Avatar>
          </Indicator>
          <div style={{ minWidth: 0 }}>
            <Text fw={700} truncate data-testid="conversation-title">
              {room.name}
            </Text>
            <Text size="xs" c={typing ? 'brand.7' : 'dimmed'} truncate>
              {presence(detail, typing)}
              {room.product?.name ? ` · About ${room.product.name}` : ''}
            </Text>
          </div>
        </Group>
        <Group gap={4} wrap="nowrap">
          {canCall && (
            <>
              <Tooltip label="Audio call">
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  aria-label="Start audio call"
                  onClick={() => void startCall(roomId, 'audio', other)}
                >
                  <IconPhone size={20} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Video call">
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  aria-label="Start video call"
                  onClick={() => void startCall(roomId, 'video', other)}
                >
                  <IconVideo size={20} />
                </ActionIcon>
              </Tooltip>
            </>
          )}
          <Tooltip label="Search in conversation">
            <ActionIcon
              variant={searching ? 'light' : 'subtle'}
              size="lg"
              aria-label="Search in conversation"
              onClick={() => setSearching((on) => !on)}
            >
              <IconSearch size={20} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={room.type === 'group' ? 'Group information' : 'Conversation details'}>
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={room.type === 'group' ? 'Group information' : 'Conversation details'}
              onClick={() => setInfoOpen(true)}
            >
              <IconInfoCircle size={20} />
            </ActionIcon>
          </Tooltip>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" size="lg" aria-label="Conversation actions">
                <IconDotsVertical size={20} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={room.is_pinned ? <IconPinnedOff size={16} /> : <IconPin size={16} />}
                onClick={() => pin.mutate(roomId)}
              >
                {room.is_pinned ? 'Unpin' : 'Pin'}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconArchive size={16} />}
                onClick={() => archive.mutate({ roomId, archived: room.is_archived === 0 })}
              >
                {room.is_archived ? 'Unarchive' : 'Archive'}
              </Menu.Item>
              {settings.data?.translation_enabled && (
                <>
                  <Menu.Divider />
                  <Menu.Label>
                    <Group gap={4}>
                      <IconLanguage size={14} /> Translate messages to
                    </Group>
                  </Menu.Label>
                  {['en', 'es', 'fr', 'de', 'zh', 'hi', 'ar', 'pt'].map((code) => (
                    <Menu.Item
                      key={code}
                      onClick={() => setTranslateTo(code)}
                      rightSection={code === translateTo ? '✓' : null}
                    >
                      {new Intl.DisplayNames(['en'], { type: 'language' }).of(code)}
                    </Menu.Item>
                  ))}
                </>
              )}
              {room.type === 'direct' && other && (
                <>
                  <Menu.Divider />
                  <Menu.Item
                    color="red"
                    leftSection={<IconUserOff size={16} />}
                    onClick={() => blocking.mutate({ userId: other.id, blocked: !blocked })}
                  >
                    {blocked ? 'Unblock' : 'Block'} {other.full_name}
                  </Menu.Item>
                </>
              )}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>

      {searching && (
        <Box px="md" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          <TextInput
            autoFocus
            placeholder="Search this conversation"
            aria-label="Search this conversation"
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            leftSection={<IconSearch size={16} />}
          />
          {query.trim() && (
            <Stack gap={4} mt="xs" mah={180} style={{ overflowY: 'auto' }}>
              {found.isLoading && <Loader size="sm" />}
              {found.data?.data.length === 0 && (
                <Text size="sm" c="dimmed">
                  No messages match “{query}”.
                </Text>
              )}
              {found.data?.data.map((hit) => (
                <Text key={hit.message.id} size="sm" lineClamp={1}>
                  <b>{hit.message.sender_name}:</b> {hit.message.message}{' '}
                  <Text span c="dimmed" size="xs">
                    {dateLabel(hit.message.created_at)}
                  </Text>
                </Text>
              ))}
            </Stack>
          )}
        </Box>
      )}

      {pending && other && (
        <Alert
          color="brand"
          radius={0}
          title={`${other.full_name} wants to talk with you`}
          data-testid="request-banner"
        >
          <Text size="sm" mb="xs">
            You have not talked before. Accept to move this conversation to your chats.
          </Text>
          <Group gap="xs">
            <Button
              size="xs"
              onClick={() =>
                answer.mutate({ roomId, accept: true }, { onSuccess: (r) => r.message && notifySuccess(r.message) })
              }
            >
              Accept
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={() => answer.mutate({ roomId, accept: false }, { onSuccess: onClosed })}
            >
              Decline
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={() => blocking.mutate({ userId: other.id, blocked: true })}
            >
              Block
            </Button>
          </Group>
        </Alert>
      )}
      <RatingPrompt detail={detail} />

      <Box
        style={{ flex: 1, minHeight: 0, overflowY: 'auto', display: 'flex', flexDirection: 'column-reverse' }}
        px="md"
        py="sm"
        data-testid="message-list"
        aria-live="polite"
      >
        {history.isLoading ? (
          <Center h="100%">
            <Loader />
          </Center>
        ) : messages.length === 0 ? (
          <Center h="100%">
            <Text c="dimmed" size="sm">
              No messages yet. Say hello.
            </Text>
          </Center>
        ) : (
          <Stack gap={6}>
            {history.hasNextPage && (
              <Center>
                <Button
                  size="xs"
                  variant="subtle"
                  loading={history.isFetchingNextPage}
                  onClick={() => void history.fetchNextPage()}
                >
                  Load earlier messages
                </Button>
              </Center>
            )}
            {[...messages].reverse().map((message, index, list) => {
              const previous = list[index - 1];
              const newDay = !previous || dateLabel(previous.created_at) !== dateLabel(message.created_at);
              return (
                <Fragment key={message.id}>
                  {newDay && (
                    <Center>
                      <Badge variant="light" color="gray" radius="sm">
                        {dateLabel(message.created_at)}
                      </Badge>
                    </Center>
                  )}
                  <MessageBubble
                    message={message}
                    own={message.sender_id === user?.id}
                    showSender={
                      severalVoices && (message.sender_id !== previous?.sender_id || previous.message_type === 'system')
                    }
                    translateTo={translation}
                    onReply={setReplyTo}
                    onEdit={setEditing}
                    onDelete={handleDelete}
                  />
                </Fragment>
              );
            })}
          </Stack>
        )}
      </Box>

      {blocked ? (
        <Alert color="gray" radius={0} data-testid="blocked-banner">
          <Group justify="space-between">
            <Text size="sm">You blocked {other?.full_name}. Unblock to send messages.</Text>
            {other && (
              <Button size="xs" variant="light" onClick={() => blocking.mutate({ userId: other.id, blocked: false })}>
                Unblock
              </Button>
            )}
          </Group>
        </Alert>
      ) : (
        <Composer
          key={editing ? `edit-${editing.id}` : 'compose'}
          target={{ roomId, product, chatTransferId: transferId }}
          replyTo={replyTo}
          editing={editing}
          onCancelReply={() => setReplyTo(null)}
          onCancelEdit={() => setEditing(null)}
          onSent={() => undefined}
        />
      )}
      <RoomInfoDrawer detail={detail} opened={infoOpen} onClose={() => setInfoOpen(false)} onLeft={onClosed} />
    </Stack>
  );
}
