import { ActionIcon, Avatar, Center, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconMessageCircle } from '@tabler/icons-react';
import type { Contact } from '@tradeloop/contracts/chat';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { initials } from '../../../lib/format.ts';
import type { SentMessage } from '../api/send-message.ts';
import { Composer } from './Composer.tsx';

type NewConversationProps = {
  contact: Contact | undefined;
  loading: boolean;
  failed: boolean;
  product?: { id: number; name?: string; url?: string };
  onBack: () => void;
  onStarted: (sent: SentMessage) => void;
};

/** Writing to someone for the first time (from a product or a supplier's page): the first message opens the room. */
export function NewConversation({ contact, loading, failed, product, onBack, onStarted }: NewConversationProps) {
  if (failed) return <ErrorState title="We could not find this person" message="The link may be out of date." />;
  if (loading || !contact) {
    return (
      <Stack p="md">
        <Skeleton h={48} />
      </Stack>
    );
  }
  return (
    <Stack gap={0} h="100%">
      <Group px="md" py="xs" gap="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <ActionIcon variant="subtle" hiddenFrom="sm" onClick={onBack} aria-label="Back to conversations">
          <IconArrowLeft size={20} />
        </ActionIcon>
        <Avatar src={contact.avatar} radius="xl" color="brand">
          {initials(contact.full_name)}
        </Avatar>
        <div>
          <Text fw={700} data-testid="conversation-title">
            {contact.full_name}
          </Text>
          <Text size="xs" c="dimmed">
            {contact.company_name ?? 'Buyer'}
            {product?.name ? ` · About ${product.name}` : ''}
          </Text>
        </div>
      </Group>
      <Center style={{ flex: 1 }}>
        <EmptyState
          icon={<IconMessageCircle size={30} />}
          title={`Start a conversation with ${contact.full_name}`}
          description={
            product?.name
              ? `Ask about ${product.name}: price, quantities, delivery. Your first message goes to their new requests.`
              : 'Introduce yourself and say what you are looking for. Your first message goes to their new requests.'
          }
        />
      </Center>
      <Composer
        target={{ recipientId: contact.id, product }}
        replyTo={null}
        editing={null}
        onCancelReply={() => undefined}
        onCancelEdit={() => undefined}
        onSent={onStarted}
      />
    </Stack>
  );
}
