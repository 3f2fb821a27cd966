import { Alert, Badge, Card, Container, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconMail, IconMessage } from '@tabler/icons-react';
import {
  DEV_INBOX,
  DEV_INBOX_CHANNELS,
  type DevInboxChannel,
  type DevInboxMessage,
} from '@tradeloop/contracts/dev-inbox';
import { useDevInbox } from './api.ts';
import { dateTimeLabel } from '../../lib/format.ts';

const ICONS: Record<DevInboxChannel, typeof IconMail> = { email: IconMail, sms: IconMessage };

/** /dev/inbox (decision 057): what the product sent while no provider was configured, newest first. */
export function DevInboxPage() {
  useDocumentTitle(`${DEV_INBOX.title} · TradeLoop`);
  const inbox = useDevInbox();
  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Title order={1}>{DEV_INBOX.title}</Title>
        {inbox.isPending ? (
          <Loader aria-label="Loading the inbox" />
        ) : inbox.data ? (
          <>
            <Text c="dimmed">{DEV_INBOX.intro}</Text>
            <Channels messages={inbox.data.messages} open={inbox.data.channels} />
          </>
        ) : (
          <Alert color="gray">{DEV_INBOX.closed}</Alert>
        )}
      </Stack>
    </Container>
  );
}

function Channels({ messages, open }: { messages: DevInboxMessage[]; open: Record<DevInboxChannel, boolean> }) {
  const channels = DEV_INBOX_CHANNELS.filter((channel) => open[channel]);
  return (
    <Tabs defaultValue={channels[0]} keepMounted={false}>
      <Tabs.List>
        {channels.map((channel) => {
          const Icon = ICONS[channel];
          return (
            <Tabs.Tab key={channel} value={channel} leftSection={<Icon size={16} aria-hidden />}>
              {DEV_INBOX.channels[channel]}{' '}
              <Badge variant="light" color="gray" component="span">
                {messages.filter((message) => message.channel === channel).length}
              </Badge>
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      {channels.map((channel) => (
        <Tabs.Panel key={channel} value={channel} pt="md">
          <MessageList messages={messages.filter((message) => message.channel === channel)} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

function MessageList({ messages }: { messages: DevInboxMessage[] }) {
  if (messages.length === 0) return <Text c="dimmed">{DEV_INBOX.empty}</Text>;
  return (
    <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {messages.map((message) => (
        <Card key={message.id} component="li" data-testid="dev-inbox-message" padding="md">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text fw={600}>To {message.to}</Text>
            <Text size="sm" c="dimmed">
              <time dateTime={message.created_at}>{dateTimeLabel(message.created_at)}</time>
            </Text>
          </Group>
          {message.channel === 'email' && <Text fw={500}>{message.subject}</Text>}
          <Text
            size="sm"
            mt="xs"
            data-testid="dev-inbox-text"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {message.text}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
