import '@mantine/tiptap/styles.css';
import { useEffect, useRef, useState } from 'react';
import { Anchor, Button, Card, Group, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { IconSend } from '@tabler/icons-react';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { CONTENT_LIMITS, CONTENT_MESSAGES, type RecordTypeId } from '@tradeloop/contracts/crm/records';
import { type CrmEmail, type EmailRecipient, isEmailAddress } from '@tradeloop/contracts/crm/emails';
import { isApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import type { DetailTabProps } from '../shared/detail-tabs.ts';
import { useRefreshRecordWork } from '../shared/content-cache.ts';
import { saveEmail, useRecipients, type DraftContent } from './api.ts';

type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string };

const STATUS_TEXT: Record<SaveState['kind'], string> = {
  idle: '',
  saving: 'Saving…',
  saved: CONTENT_MESSAGES.draftSaved,
  failed: 'Not saved',
};

/** An address list field: suggestions from the record and its contacts, any valid address typed in. */
function AddressInput({
  label,
  value,
  onChange,
  recipients,
  testId,
}: {
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
  recipients: EmailRecipient[];
  testId?: string;
}) {
  const [error, setError] = useState<string | undefined>();
  const names = new Map(recipients.map((item) => [item.email, item.name]));
  const handleChange = (entered: string[]) => {
    const cleaned = entered.map((item) => item.trim().toLowerCase());
    const valid = cleaned.filter(isEmailAddress);
    setError(valid.length < cleaned.length ? CONTENT_MESSAGES.emailAddressInvalid : undefined);
    onChange([...new Set(valid)]);
  };
  return (
    <TagsInput
      label={label}
      placeholder={value.length ? undefined : 'name@company.com'}
      data={recipients.map((item) => item.email).filter((email) => !value.includes(email))}
      renderOption={({ option }) => (
        <Stack gap={0}>
          <Text size="sm">{names.get(option.value) ?? option.value}</Text>
          <Text size="xs" c="dimmed">
            {option.value}
          </Text>
        </Stack>
      )}
      value={value}
      onChange={handleChange}
      splitChars={[',', ';', ' ']}
      acceptValueOnBlur
      maxTags={CONTENT_LIMITS.emailRecipientsMax}
      error={error}
      comboboxProps={{ withinPortal: true }}
      data-testid={testId}
    />
  );
}

/**
 * Writes an e-mail from a record. The draft saves itself a second after typing stops (the first save
 * creates it, later ones update it), and when the composer closes with changes; Send saves and sends
 * in one call. A sent e-mail closes the composer; one the mail server refused stays open as a draft.
 */
export function EmailComposer({
  typeId,
  record,
  draft,
  onClose,
  onDraftSaved,
}: DetailTabProps & {
  typeId: RecordTypeId;
  draft: CrmEmail | null;
  onClose: () => void;
  /** Tells which draft the composer holds once its first save created it. */
  onDraftSaved?: (id: number) => void;
}) {
  const recipients = useRecipients(typeId, record);
  const refresh = useRefreshRecordWork(typeId, record.id);
  const [to, setTo] = useState<string[]>(draft?.to ?? []);
  const [cc, setCc] = useState<string[]>(draft?.cc ?? []);
  const [showCc, setShowCc] = useState((draft?.cc.length ?? 0) > 0);
  const [subject, setSubject] = useState(draft?.subject ?? '');
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const [sending, setSending] = useState(false);

  // What the timers and the unmount see: the latest fields, body and draft id, whatever render made them.
  const draftId = useRef<number | null>(draft?.id ?? null);
  const latest = useRef<DraftContent>({ to, cc, subject, body: draft?.body ?? '' });
  const dirty = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const handlers = useRef({
    change: (_patch: Partial<DraftContent>) => {},
    save: (_send: boolean) => Promise.resolve() as Promise<unknown>,
  });

  // A new e-mail is addressed to the record itself, as in any CRM; the writer can still change it.
  const addressed = useRef(draft !== null);
  useEffect(() => {
    if (addressed.current || !recipients.data) return;
    addressed.current = true;
    const own = recipients.data.find((recipient) => recipient.source === 'record');
    if (own && latest.current.to.length === 0) {
      setTo([own.email]);
      latest.current = { ...latest.current, to: [own.email] };
    }
  }, [recipients.data]);

  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link],
    content: draft?.body ?? '',
    editorProps: { attributes: { 'data-testid': 'email-body', 'aria-label': 'Message' } },
    onUpdate: ({ editor: current }) => handlers.current.change({ body: current.getHTML() }),
  });

  /** Saves (and sends) after any save already on its way, so the draft is created once. */
  const save = (send: boolean) => {
    clearTimeout(timer.current);
    dirty.current = false;
    const run = queue.current.then(async () => {
      setState({ kind: 'saving' });
      const result = await saveEmail(record, draftId.current, latest.current, send);
      if (draftId.current === null) onDraftSaved?.(result.data.id);
      draftId.current = result.data.id;
      setState({ kind: 'saved' });
      void refresh();
      return result;
    });
    queue.current = run.catch((failure: unknown) => {
      dirty.current = true;
      setState({ kind: 'failed', message: isApiError(failure) ? failure.message : CONTENT_MESSAGES.emailFailed });
    });
    return run;
  };

  /** Keeps a change and saves the draft once typing has paused. */
  const change = (patch: Partial<DraftContent>) => {
    latest.current = { ...latest.current, ...patch };
    dirty.current = true;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(false).catch(() => undefined), CONTENT_LIMITS.draftSaveDelayMs);
  };
  useEffect(() => {
    handlers.current = { change, save };
  });

  // Closing the composer keeps what was typed since the last save.
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (dirty.current) void handlers.current.save(false).catch(() => undefined);
    },
    [],
  );

  const handleSend = async () => {
    setSending(true);
    try {
      const result = await save(true);
      if (result.data.status === 'sent') {
        notifySuccess(result.message ?? CONTENT_MESSAGES.emailSent);
        onClose();
      } else {
        notifyError(result.message ?? CONTENT_MESSAGES.emailFailed, { autoClose: 6000 });
      }
    } catch {
      // The client has shown the reason (no recipient, no subject …); the draft stays open.
    } finally {
      setSending(false);
    }
  };

  const suggestions = recipients.data ?? [];
  return (
    <Card withBorder data-testid="email-composer">
      <Stack gap="sm">
        <AddressInput
          label="To"
          value={to}
          onChange={(value) => {
            setTo(value);
            change({ to: value });
          }}
          recipients={suggestions}
          testId="email-to"
        />
        {showCc ? (
          <AddressInput
            label="Cc"
            value={cc}
            onChange={(value) => {
              setCc(value);
              change({ cc: value });
            }}
            recipients={suggestions}
          />
        ) : (
          <Anchor component="button" type="button" size="xs" onClick={() => setShowCc(true)} w="fit-content">
            Add Cc
          </Anchor>
        )}
        <TextInput
          label="Subject"
          value={subject}
          maxLength={CONTENT_LIMITS.emailSubjectMaxChars}
          onChange={(event) => {
            setSubject(event.currentTarget.value);
            change({ subject: event.currentTarget.value });
          }}
          data-testid="email-subject"
        />
        <RichTextEditor editor={editor} aria-label="Message">
          <RichTextEditor.Toolbar>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Bold />
              <RichTextEditor.Italic />
              <RichTextEditor.Underline />
              <RichTextEditor.Strikethrough />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.H2 />
              <RichTextEditor.H3 />
              <RichTextEditor.BulletList />
              <RichTextEditor.OrderedList />
              <RichTextEditor.Blockquote />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Link />
              <RichTextEditor.Unlink />
            </RichTextEditor.ControlsGroup>
          </RichTextEditor.Toolbar>
          <RichTextEditor.Content mih={180} />
        </RichTextEditor>
        <Group justify="space-between" wrap="wrap">
          <Text
            size="xs"
            c={state.kind === 'failed' ? 'red' : 'dimmed'}
            aria-live="polite"
            data-testid="email-draft-status"
          >
            {state.kind === 'failed' ? `${STATUS_TEXT.failed}: ${state.message}` : STATUS_TEXT[state.kind]}
          </Text>
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button
              leftSection={<IconSend size={16} />}
              loading={sending}
              onClick={() => void handleSend()}
              data-testid="email-send"
            >
              Send
            </Button>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
