import { useState } from 'react';
import { Button, Group, Modal, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { CHAT_LIMITS, CHAT_MESSAGES, type Room } from '@tradeloop/contracts/chat';
import { isApiError } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCreateGroup } from '../api/mutations.ts';
import { useKnownContacts } from './use-known-contacts.ts';

type NewGroupModalProps = { opened: boolean; onClose: () => void; onCreated: (room: Room) => void };

/** Creates a group with people the user already talks with; the creator is its admin. */
export function NewGroupModal({ opened, onClose, onCreated }: NewGroupModalProps) {
  const contacts = useKnownContacts();
  const create = useCreateGroup();
  const [name, setName] = useState('');
  const [members, setMembers] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ name?: string; members?: string }>({});

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const next = {
      name: name.trim() ? undefined : CHAT_MESSAGES.groupNameRequired,
      members: members.length ? undefined : CHAT_MESSAGES.groupMembersRequired,
    };
    setErrors(next);
    if (next.name || next.members) return;
    create.mutate(
      { name: name.trim(), member_ids: members.map(Number) },
      {
        onSuccess: (result) => {
          if (result.message) notifySuccess(result.message);
          setName('');
          setMembers([]);
          onCreated(result.data);
        },
        onError: (error) => {
          if (isApiError(error) && error.errors) {
            setErrors({ name: error.errors.name?.[0], members: error.errors.member_ids?.[0] });
          }
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title="New group" centered>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <TextInput
            label="Group name"
            placeholder="e.g. Pump order 2026"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
            maxLength={CHAT_LIMITS.groupNameMaxChars}
            data-autofocus
            required
          />
          <MultiSelect
            label="Members"
            placeholder={contacts.length ? 'Choose people' : 'Start a chat with someone first'}
            data={contacts.map((contact) => ({
              value: String(contact.id),
              label: contact.company_name ? `${contact.full_name} (${contact.company_name})` : contact.full_name,
            }))}
            value={members}
            onChange={setMembers}
            error={errors.members}
            searchable
            required
          />
          <Text size="xs" c="dimmed">
            You become the group&apos;s admin: you can rename it, add and remove members, and delete it.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create group
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
