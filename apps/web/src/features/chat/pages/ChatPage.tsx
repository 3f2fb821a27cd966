import { useEffect, useState } from 'react';
import { Badge, Box, Button, Center, Group, Paper, ScrollArea, Stack, Tabs, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { IconMessageCircle, IconPlus, IconSearch } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { CHAT_TABS, type ChatTab, type Room } from '@tradeloop/contracts/chat';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { useContact, useUnreadCounts } from '../api/queries.ts';
import { CallsList } from '../components/CallsList.tsx';
import { Conversation } from '../components/Conversation.tsx';
import { NewConversation } from '../components/NewConversation.tsx';
import { NewGroupModal } from '../components/NewGroupModal.tsx';
import { RoomList } from '../components/RoomList.tsx';

const TAB_LABELS: Record<ChatTab, string> = {
  all: 'All',
  unread: 'Unread',
  archive: 'Archive',
  blocked: 'Blocked',
  requests: 'New requests',
  chats: 'Chats',
  calls: 'Calls',
  groups: 'Groups',
};

const numberParam = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : null);

/**
 * The chat window (spec section 2): tabs all, unread, archive, blocked, new requests, chats, calls and
 * groups beside the open conversation. The tab, the room and a new conversation's target live in the URL.
 */
export function ChatPage() {
  useDocumentTitle('Messages · TradeLoop');
  const [params, setParams] = useSearchParams();
  const tab = (CHAT_TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as ChatTab)
    : 'all';
  const roomId = numberParam(params.get('room'));
  const toUser = numberParam(params.get('to'));
  const toCompany = numberParam(params.get('company'));
  const productId = numberParam(params.get('product_id'));
  const product = productId
    ? { id: productId, name: params.get('product_name') ?? undefined, url: params.get('product_url') ?? undefined }
    : undefined;
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 250);
  const [groupOpen, setGroupOpen] = useState(false);
  const narrow = useMediaQuery('(max-width: 48em)');
  const counts = useUnreadCounts();
  const contact = useContact(roomId ? null : toUser, roomId ? null : toCompany);

  const update = (changes: Record<string, string | null>, replace = false) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace });
  };

  // A conversation already open with the person asked for: go to it, keeping the product context.
  const existingRoom = contact.data?.room_id ?? null;
  useEffect(() => {
    if (!roomId && existingRoom) update({ room: String(existingRoom), to: null, company: null }, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [existingRoom, roomId]);

  const openRoom = (room: Pick<Room, 'room_id'>) =>
    update({
      room: String(room.room_id),
      to: null,
      company: null,
      product_id: null,
      product_name: null,
      product_url: null,
    });
  const closeRoom = () => update({ room: null, to: null, company: null });
  const showConversation = roomId !== null || toUser !== null || toCompany !== null;

  const tabBadge = (name: ChatTab) => {
    const value =
      name === 'unread'
        ? counts.data?.unread_rooms
        : name === 'requests'
          ? counts.data?.requests_count
          : name === 'archive'
            ? counts.data?.archived_unread_count
            : 0;
    return value ? (
      <Badge
        size="xs"
        circle={value < 10}
        color={name === 'archive' ? 'gray' : 'red'}
        data-testid={`tab-count-${name}`}
      >
        {value}
      </Badge>
    ) : null;
  };

  const sidebar = (
    <Stack
      gap={0}
      h="100%"
      style={{ minHeight: 0, borderRight: narrow ? undefined : '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group justify="space-between" px="md" pt="md" pb="xs">
        <Title order={1} size="h3">
          Messages
        </Title>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setGroupOpen(true)}>
          New group
        </Button>
      </Group>
      <Box px="md" pb="xs">
        <TextInput
          placeholder="Search people, companies, products"
          aria-label="Search conversations"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
      </Box>
      <Tabs
        value={tab}
        onChange={(value) => update({ tab: value === 'all' ? null : value })}
        variant="pills"
        radius="xl"
        keepMounted={false}
        style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}
      >
        <Tabs.List px="md" pb="xs" style={{ gap: 4 }}>
          {CHAT_TABS.map((name) => (
            <Tabs.Tab key={name} value={name} rightSection={tabBadge(name)} px="sm" py={4} fz="sm">
              {TAB_LABELS[name]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {/* The open tab's panel holds its list, so each tab controls what it shows. */}
        {CHAT_TABS.map((name) => (
          <Tabs.Panel key={name} value={name} style={{ flex: 1, minHeight: 0, display: 'flex' }}>
            <ScrollArea style={{ flex: 1 }} type="auto">
              {name === 'calls' ? (
                <CallsList onOpenRoom={(id) => openRoom({ room_id: id })} />
              ) : (
                <RoomList tab={name} search={debouncedSearch} activeRoomId={roomId} onOpen={openRoom} />
              )}
            </ScrollArea>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );

  const main = roomId ? (
    <Conversation key={roomId} roomId={roomId} product={product} onBack={closeRoom} onClosed={closeRoom} />
  ) : toUser || toCompany ? (
    <NewConversation
      contact={contact.data?.contact}
      loading={contact.isLoading}
      failed={contact.isError}
      product={product}
      onBack={closeRoom}
      onStarted={(sent) => openRoom(sent.room)}
    />
  ) : (
    <Center h="100%">
      <EmptyState
        icon={<IconMessageCircle size={32} />}
        title="Choose a conversation"
        description="Pick a conversation on the left, or press Chat now on a product page or in the supplier directory to start one."
      />
    </Center>
  );

  return (
    <Box p={{ base: 0, sm: 'md' }} h="calc(100dvh - 64px)">
      <Paper withBorder radius={narrow ? 0 : 'lg'} h="100%" style={{ overflow: 'hidden', display: 'flex' }}>
        {(!narrow || !showConversation) && (
          <Box w={narrow ? '100%' : 360} h="100%" style={{ flexShrink: 0 }}>
            {sidebar}
          </Box>
        )}
        {(!narrow || showConversation) && (
          <Box h="100%" style={{ flex: 1, minWidth: 0 }}>
            {main}
          </Box>
        )}
      </Paper>
      <NewGroupModal
        opened={groupOpen}
        onClose={() => setGroupOpen(false)}
        onCreated={(room) => {
          setGroupOpen(false);
          update({ tab: 'groups', room: String(room.room_id) });
        }}
      />
    </Box>
  );
}
