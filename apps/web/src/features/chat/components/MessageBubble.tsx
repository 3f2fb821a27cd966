import { useState } from 'react';
import { ActionIcon, Anchor, Box, Group, Image, Menu, Paper, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import {
  IconArrowBackUp,
  IconCheck,
  IconChecks,
  IconCopy,
  IconDotsVertical,
  IconFileText,
  IconLanguage,
  IconPencil,
  IconPhone,
  IconPhoneOff,
  IconTrash,
  IconVideo,
} from '@tabler/icons-react';
import { CHAT_MESSAGES, type ChatMessage } from '@tradeloop/contracts/chat';
import { time12 } from '../../../lib/format.ts';
import { notifyError } from '../../../lib/notify.ts';
import { translateText } from '../api/mutations.ts';
import { fileSize } from '../chat-paths.ts';

type MessageBubbleProps = {
  message: ChatMessage;
  own: boolean;
  showSender: boolean;
  translateTo: string | null;
  onReply: (message: ChatMessage) => void;
  onEdit: (message: ChatMessage) => void;
  onDelete: (message: ChatMessage) => void;
};

function Ticks({ message }: { message: ChatMessage }) {
  if (message.read) return <IconChecks size={15} color="var(--mantine-color-brand-5)" aria-label="Read" />;
  if (message.delivered) return <IconChecks size={15} aria-label="Delivered" />;
  return <IconCheck size={15} aria-label="Sent" />;
}

function Files({ message }: { message: ChatMessage }) {
  return (
    <Stack gap={6}>
      {message.files.map((file) =>
        file.kind === 'image' ? (
          <Anchor key={file.id} href={file.url} target="_blank" rel="noreferrer" aria-label={`Open image ${file.name}`}>
            <Image src={file.thumb_url ?? file.url} alt={file.name} radius="md" maw={280} mah={260} fit="cover" />
          </Anchor>
        ) : (
          <Anchor key={file.id} href={file.url} target="_blank" rel="noreferrer" underline="never">
            <Paper withBorder p="xs" radius="md" bg="var(--mantine-color-body)">
              <Group gap="xs" wrap="nowrap">
                <ThemeIcon variant="light" size="lg">
                  <IconFileText size={18} />
                </ThemeIcon>
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} truncate maw={200}>
                    {file.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {fileSize(file.size)}
                  </Text>
                </div>
              </Group>
            </Paper>
          </Anchor>
        ),
      )}
    </Stack>
  );
}

function CallLine({ message }: { message: ChatMessage }) {
  const missed = message.call && message.call.status !== 'ended';
  const Icon = missed ? IconPhoneOff : message.call?.media === 'video' ? IconVideo : IconPhone;
  const duration = message.call?.duration_seconds;
  return (
    <Group gap={6} wrap="nowrap">
      <Icon size={16} color={missed ? 'var(--mantine-color-red-6)' : undefined} />
      <Text size="sm">
        {message.message}
        {duration !== null && duration !== undefined && !missed
          ? ` · ${Math.floor(duration / 60)}:${String(duration % 60).padStart(2, '0')}`
          : ''}
      </Text>
    </Group>
  );
}

/** One message: reply quote, files, text (or its translation), time, edited mark and read ticks. */
export function MessageBubble({
  message,
  own,
  showSender,
  translateTo,
  onReply,
  onEdit,
  onDelete,
}: MessageBubbleProps) {
  const [translation, setTranslation] = useState<string | null>(null);
  const [showTranslation, setShowTranslation] = useState(false);
  const [translating, setTranslating] = useState(false);

  if (message.message_type === 'system') {
    return (
      <Text ta="center" size="xs" c="dimmed" py={4} data-testid="system-message">
        {message.message}
      </Text>
    );
  }

  const handleTranslate = async () => {
    if (translation !== null) {
      setShowTranslation((shown) => !shown);
      return;
    }
    setTranslating(true);
    try {
      setTranslation(await translateText(message.message, translateTo ?? 'en', message.id));
      setShowTranslation(true);
    } catch {
      notifyError(CHAT_MESSAGES.translationFailed);
    } finally {
      setTranslating(false);
    }
  };

  const canTranslate = translateTo !== null && !message.is_deleted && message.message.trim().length > 0;
  const canChange = own && !message.is_deleted && message.message_type !== 'call';
  const text = showTranslation && translation !== null ? translation : message.message;

  return (
    <Group
      justify={own ? 'flex-end' : 'flex-start'}
      wrap="nowrap"
      gap={4}
      className="tl-chat-row"
      data-testid="message"
      data-created-at={message.created_at}
    >
      {own && renderMenu()}
      <Paper
        px="sm"
        py={6}
        radius="lg"
        maw="min(560px, 78%)"
        bg={own ? 'brand.0' : 'var(--mantine-color-gray-0)'}
        withBorder={!own}
        data-message-id={message.id}
      >
        {showSender && !own && (
          <Text size="xs" fw={700} c="brand.7">
            {message.sender_name}
          </Text>
        )}
        {message.reply_to && (
          <Box
            mb={4}
            pl="xs"
            py={2}
            style={{
              borderLeft: '3px solid var(--mantine-color-brand-4)',
              background: 'rgba(0,0,0,0.03)',
              borderRadius: 4,
            }}
            data-testid="reply-quote"
          >
            <Text size="xs" fw={700}>
              {message.reply_to.sender_name}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={2}>
              {message.reply_to.is_deleted ? CHAT_MESSAGES.deletedMarker : message.reply_to.message || 'Attachment'}
            </Text>
          </Box>
        )}
        {message.is_deleted ? (
          <Text size="sm" fs="italic" c="dimmed">
            {CHAT_MESSAGES.deletedMarker}
          </Text>
        ) : message.message_type === 'call' ? (
          <CallLine message={message} />
        ) : (
          <Stack gap={4}>
            {message.files.length > 0 && <Files message={message} />}
            {text && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="message-text">
                {text}
              </Text>
            )}
          </Stack>
        )}
        <Group gap={4} justify="flex-end" mt={2}>
          {showTranslation && (
            <Text size="xs" c="dimmed">
              Translated
            </Text>
          )}
          {message.is_edited && !message.is_deleted && (
            <Text size="xs" c="dimmed">
              edited
            </Text>
          )}
          <Text size="xs" c="dimmed" data-testid="message-time">
            {time12(message.created_at)}
          </Text>
          {own && <Ticks message={message} />}
        </Group>
      </Paper>
      {!own && renderMenu()}
    </Group>
  );

  function renderMenu() {
    if (message.is_deleted && !canTranslate) return null;
    // 24 px buttons: the smallest targets WCAG 2.2 allows side by side.
    return (
      <Group gap={0} wrap="nowrap" className="tl-chat-actions">
        {canTranslate && (
          <Tooltip label={showTranslation ? 'Show original' : 'Translate'}>
            <ActionIcon
              variant="subtle"
              size={24}
              color="gray"
              loading={translating}
              onClick={() => void handleTranslate()}
              aria-label={showTranslation ? 'Show original' : 'Translate'}
            >
              <IconLanguage size={16} />
            </ActionIcon>
          </Tooltip>
        )}
        {!message.is_deleted && (
          <Menu position={own ? 'bottom-end' : 'bottom-start'} withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" size={24} color="gray" aria-label="Message actions">
                <IconDotsVertical size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconArrowBackUp size={16} />} onClick={() => onReply(message)}>
                Reply
              </Menu.Item>
              {message.message && (
                <Menu.Item
                  leftSection={<IconCopy size={16} />}
                  onClick={() => void navigator.clipboard?.writeText(message.message)}
                >
                  Copy text
                </Menu.Item>
              )}
              {canChange && (
                <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onEdit(message)}>
                  Edit
                </Menu.Item>
              )}
              {canChange && (
                <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onDelete(message)}>
                  Delete
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    );
  }
}
