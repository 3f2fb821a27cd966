import { useState } from 'react';
import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  Divider,
  Drawer,
  Group,
  Menu,
  MultiSelect,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDotsVertical, IconDoorExit, IconTrash, IconTransfer } from '@tabler/icons-react';
import type { RoomDetail } from '@tradeloop/contracts/chat';
import { initials } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useGroupAction, useTransferRoom } from '../api/mutations.ts';
import { useKnownContacts } from './use-known-contacts.ts';

type RoomInfoDrawerProps = { detail: RoomDetail; opened: boolean; onClose: () => void; onLeft: () => void };

/** Group information (members, admins, rename, add, remove, leave, delete) or a conversation's details. */
export function RoomInfoDrawer({ detail, opened, onClose, onLeft }: RoomInfoDrawerProps) {
  const { room } = detail;
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      title={room.type === 'group' ? 'Group information' : 'Conversation details'}
      size="md"
    >
      {room.type === 'group' ? (
        <GroupInfo detail={detail} onLeft={onLeft} />
      ) : (
        <DirectInfo detail={detail} onLeft={onLeft} />
      )}
    </Drawer>
  );
}

function GroupInfo({ detail, onLeft }: { detail: RoomDetail; onLeft: () => void }) {
  const { user } = useSession();
  const { room, members } = detail;
  const isAdmin = room.my_role === 'admin';
  const group = useGroupAction();
  const [name, setName] = useState(room.name);
  const [adding, setAdding] = useState<string[]>([]);
  const known = useKnownContacts().filter((contact) => !members.some((member) => member.user.id === contact.id));
  const done = (result: { message?: string }) => result.message && notifySuccess(result.message);

  return (
    <Stack>
      <Group>
        <Avatar src={room.avatar} size={56} radius="xl" color="brand">
          {initials(room.name)}
        </Avatar>
        <div>
          <Title order={4}>{room.name}</Title>
          <Text size="sm" c="dimmed">
            {members.length} members
          </Text>
        </div>
      </Group>
      {isAdmin && (
        <Group align="flex-end" gap="xs">
          <TextInput
            label="Group name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            style={{ flex: 1 }}
            maxLength={80}
          />
          <Button
            variant="light"
            disabled={!name.trim() || name === room.name}
            loading={group.isPending}
            onClick={() =>
              group.mutate({ action: 'rename', roomId: room.room_id, name: name.trim() }, { onSuccess: done })
            }
          >
            Rename
          </Button>
        </Group>
      )}
      <Divider label="Members" labelPosition="left" />
      <Stack gap="xs">
        {members.map((member) => (
          <Group key={member.user.id} justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Avatar src={member.user.avatar} radius="xl" color="brand">
                {initials(member.user.full_name)}
              </Avatar>
              <div>
                <Text size="sm" fw={500}>
                  {member.user.full_name}
                  {member.user.id === user?.id ? ' (you)' : ''}
                </Text>
                <Text size="xs" c="dimmed">
                  {member.user.company_name ?? (member.user.user_type === 'others' ? 'Buyer' : 'Seller')}
                </Text>
              </div>
            </Group>
            <Group gap={4} wrap="nowrap">
              {member.role === 'admin' && (
                <Badge size="sm" variant="light">
                  Admin
                </Badge>
              )}
              {isAdmin && member.user.id !== user?.id && (
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon variant="subtle" aria-label={`Actions for ${member.user.full_name}`}>
                      <IconDotsVertical size={16} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item
                      onClick={() =>
                        group.mutate(
                          {
                            action: 'set-admin',
                            roomId: room.room_id,
                            userId: member.user.id,
                            isAdmin: member.role !== 'admin',
                          },
                          { onSuccess: done },
                        )
                      }
                    >
                      {member.role === 'admin' ? 'Remove as admin' : 'Make admin'}
                    </Menu.Item>
                    <Menu.Item
                      color="red"
                      onClick={() =>
                        group.mutate(
                          { action: 'remove-member', roomId: room.room_id, userId: member.user.id },
                          { onSuccess: done },
                        )
                      }
                    >
                      Remove from group
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              )}
            </Group>
          </Group>
        ))}
      </Stack>
      {isAdmin && (
        <Group align="flex-end" gap="xs">
          <MultiSelect
            label="Add members"
            placeholder={known.length ? 'People you have talked with' : 'No one else to add yet'}
            data={known.map((contact) => ({ value: String(contact.id), label: contact.full_name }))}
            value={adding}
            onChange={setAdding}
            searchable
            style={{ flex: 1 }}
          />
          <Button
            variant="light"
            disabled={adding.length === 0}
            onClick={() =>
              group.mutate(
                { action: 'add-members', roomId: room.room_id, userIds: adding.map(Number) },
                { onSuccess: (result) => (setAdding([]), done(result)) },
              )
            }
          >
            Add
          </Button>
        </Group>
      )}
      <Divider />
      <Button
        variant="light"
        color="red"
        leftSection={<IconDoorExit size={16} />}
        onClick={() => group.mutate({ action: 'leave', roomId: room.room_id }, { onSuccess: onLeft })}
      >
        Leave group
      </Button>
      {isAdmin && (
        <Button
          color="red"
          leftSection={<IconTrash size={16} />}
          onClick={() => {
            if (window.confirm(`Delete "${room.name}" for everyone? This cannot be undone.`)) {
              group.mutate(
                { action: 'delete', roomId: room.room_id },
                { onSuccess: (result) => (done(result), onLeft()) },
              );
            }
          }}
        >
          Delete group
        </Button>
      )}
    </Stack>
  );
}

function DirectInfo({ detail, onLeft }: { detail: RoomDetail; onLeft: () => void }) {
  const other = detail.room.other_user;
  const transfer = useTransferRoom();
  const [colleague, setColleague] = useState<string | null>(null);
  return (
    <Stack>
      {other && (
        <Group>
          <Avatar src={other.avatar} size={56} radius="xl" color="brand">
            {initials(other.full_name)}
          </Avatar>
          <div>
            <Title order={4}>{other.full_name}</Title>
            <Text size="sm" c="dimmed">
              {other.company_name ?? (other.user_type === 'others' ? 'Buyer' : 'Seller')}
            </Text>
            <Text size="xs" c={other.online ? 'green' : 'dimmed'}>
              {other.online ? 'Online' : 'Offline'}
            </Text>
          </div>
        </Group>
      )}
      {detail.room.product && (
        <Text size="sm">
          About:{' '}
          {detail.room.product.url ? (
            <a href={detail.room.product.url}>{detail.room.product.name ?? `Product ${detail.room.product.id}`}</a>
          ) : (
            (detail.room.product.name ?? `Product ${detail.room.product.id}`)
          )}
        </Text>
      )}
      {detail.transfers.length > 0 && (
        <>
          <Divider label="Hand-overs" labelPosition="left" />
          {detail.transfers.map((item) => (
            <Text key={item.chat_transfer_id} size="sm" c="dimmed">
              {item.from_user.full_name} → {item.to_user.full_name}
            </Text>
          ))}
        </>
      )}
      {detail.colleagues.length > 0 && (
        <>
          <Divider label="Hand over to a colleague" labelPosition="left" />
          <Text size="sm" c="dimmed">
            Your colleague continues this conversation with its whole history; it leaves your list.
          </Text>
          <Group align="flex-end" gap="xs">
            <Select
              label="Colleague"
              placeholder="Choose a colleague"
              data={detail.colleagues.map((person) => ({ value: String(person.id), label: person.full_name }))}
              value={colleague}
              onChange={setColleague}
              style={{ flex: 1 }}
            />
            <Button
              leftSection={<IconTransfer size={16} />}
              disabled={!colleague}
              loading={transfer.isPending}
              onClick={() =>
                transfer.mutate(
                  { roomId: detail.room.room_id, userId: Number(colleague) },
                  {
                    onSuccess: (result) => {
                      if (result.message) notifySuccess(result.message);
                      onLeft();
                    },
                  },
                )
              }
            >
              Hand over
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
