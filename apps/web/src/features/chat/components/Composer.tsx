import { useEffect, useRef, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  CloseButton,
  FileButton,
  Group,
  Paper,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { IconAlertCircle, IconPaperclip, IconPencil, IconRefresh, IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { CHAT_LIMITS, type ChatMessage } from '@tradeloop/contracts/chat';
import { chatKeys } from '../api/keys.ts';
import { useEditMessage } from '../api/mutations.ts';
import { sendMessage, type OutgoingMessage, type SentMessage } from '../api/send-message.ts';
import { fileSize } from '../chat-paths.ts';
import { noteSeen, upsertMessage } from '../realtime/cache.ts';
import { notifyTyping } from '../realtime/use-chat-realtime.ts';

export type ComposerTarget = {
  roomId?: number;
  recipientId?: number;
  product?: { id: number; name?: string; url?: string };
  chatTransferId?: number | null;
};

type ComposerProps = {
  target: ComposerTarget;
  replyTo: ChatMessage | null;
  editing: ChatMessage | null;
  onCancelReply: () => void;
  onCancelEdit: () => void;
  onSent: (sent: SentMessage) => void;
};

const ACCEPT = 'image/png,image/jpeg,.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.txt,.csv';
const TYPING_EVERY_MS = 3000;

function newClientId() {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
}

/**
 * Writes a message: text, files, a reply or an edit. Spec section 8: when a send fails, the message
 * stays here marked unsent, with retry; a retry reuses the same client id, so it is never stored twice.
 */
export function Composer({ target, replyTo, editing, onCancelReply, onCancelEdit, onSent }: ComposerProps) {
  const queryClient = useQueryClient();
  const [text, setText] = useState(editing?.message ?? '');
  const [files, setFiles] = useState<File[]>([]);
  const [status, setStatus] = useState<'idle' | 'sending' | 'unsent'>('idle');
  const clientId = useRef(newClientId());
  const lastTyping = useRef(0);
  const input = useRef<HTMLTextAreaElement>(null);
  const edit = useEditMessage();

  useEffect(() => {
    if (editing || replyTo) input.current?.focus();
  }, [editing, replyTo]);

  const handleChange = (value: string) => {
    setText(value);
    if (status === 'unsent') setStatus('idle');
    if (target.roomId && Date.now() - lastTyping.current > TYPING_EVERY_MS) {
      lastTyping.current = Date.now();
      notifyTyping(target.roomId, true);
    }
  };

  const handleFiles = (picked: File[]) => {
    setFiles((current) => [...current, ...picked].slice(0, CHAT_LIMITS.filesPerMessage));
  };

  const saveEdit = async () => {
    if (!editing) return;
    const result = await edit.mutateAsync({ messageId: editing.id, message: text.trim() }).catch(() => null);
    if (!result) return;
    upsertMessage(queryClient, result.data);
    setText('');
    onCancelEdit();
  };

  const handleSend = async () => {
    if (status === 'sending') return;
    if (editing) return saveEdit();
    if (!text.trim() && files.length === 0) return;
    setStatus('sending');
    const outgoing: OutgoingMessage = {
      message: text,
      roomId: target.roomId,
      recipient_id: target.roomId ? undefined : target.recipientId,
      replied_parent_id: replyTo?.id,
      replied_message: replyTo?.message,
      chat_transfer_id: target.chatTransferId ?? undefined,
      product_id: target.product?.id,
      product_name: target.product?.name,
      product_url: target.product?.url,
      client_id: clientId.current,
      files,
    };
    const sent = await sendMessage(outgoing);
    if (!sent) {
      setStatus('unsent');
      return;
    }
    noteSeen([sent.message]);
    upsertMessage(queryClient, sent.message);
    void queryClient.invalidateQueries({ queryKey: chatKeys.roomLists() });
    // Writing in a room answers its request (decision 011), so its banner follows the server's state. Nothing
    // else would tell this page: the other side's read receipts only come while they are online.
    void queryClient.invalidateQueries({ queryKey: chatKeys.room(sent.room.room_id) });
    clientId.current = newClientId();
    setText('');
    setFiles([]);
    setStatus('idle');
    if (target.roomId) notifyTyping(target.roomId, false);
    onCancelReply();
    onSent(sent);
  };

  const handleKeyDown = (event: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void handleSend();
    }
    if (event.key === 'Escape' && editing) {
      setText('');
      onCancelEdit();
    }
  };

  return (
    <Box p="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      {status === 'unsent' && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          mb="xs"
          py={6}
          data-testid="unsent-message"
          title="Not sent"
        >
          <Group justify="space-between" gap="xs">
            <Text size="sm">Your message was not sent. Check your connection, then try again.</Text>
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconRefresh size={14} />}
              onClick={() => void handleSend()}
            >
              Retry
            </Button>
          </Group>
        </Alert>
      )}
      {(replyTo || editing) && (
        <Paper withBorder p={6} mb="xs" radius="md" bg="gray.0">
          <Group justify="space-between" wrap="nowrap">
            <div style={{ minWidth: 0 }}>
              <Text size="xs" fw={700} c="brand.7">
                {editing ? (
                  <>
                    <IconPencil size={12} /> Editing your message
                  </>
                ) : (
                  `Replying to ${replyTo!.sender_name}`
                )}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={1}>
                {(editing ?? replyTo)!.message || 'Attachment'}
              </Text>
            </div>
            <CloseButton
              aria-label={editing ? 'Cancel editing' : 'Cancel reply'}
              onClick={() => {
                if (editing) {
                  setText('');
                  onCancelEdit();
                } else onCancelReply();
              }}
            />
          </Group>
        </Paper>
      )}
      {files.length > 0 && (
        <Group gap={6} mb="xs">
          {files.map((file, index) => (
            <Badge
              key={`${file.name}-${index}`}
              variant="light"
              size="lg"
              radius="sm"
              rightSection={
                <CloseButton
                  size="xs"
                  aria-label={`Remove ${file.name}`}
                  onClick={() => setFiles((current) => current.filter((_, i) => i !== index))}
                />
              }
            >
              {file.name} · {fileSize(file.size)}
            </Badge>
          ))}
        </Group>
      )}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        {!editing && (
          <FileButton onChange={handleFiles} accept={ACCEPT} multiple>
            {(props) => (
              <Tooltip label="Attach images or documents">
                <ActionIcon {...props} variant="subtle" size="lg" aria-label="Attach files">
                  <IconPaperclip size={20} />
                </ActionIcon>
              </Tooltip>
            )}
          </FileButton>
        )}
        <Textarea
          ref={input}
          value={text}
          onChange={(event) => handleChange(event.currentTarget.value)}
          onKeyDown={handleKeyDown}
          placeholder="Type a message"
          aria-label="Message"
          autosize
          minRows={1}
          maxRows={6}
          maxLength={CHAT_LIMITS.messageMaxChars}
          style={{ flex: 1 }}
        />
        <ActionIcon
          size="lg"
          radius="xl"
          onClick={() => void handleSend()}
          loading={status === 'sending' || edit.isPending}
          disabled={!text.trim() && files.length === 0}
          aria-label={editing ? 'Save edit' : 'Send message'}
        >
          <IconSend size={18} />
        </ActionIcon>
      </Group>
    </Box>
  );
}
