import { useState } from 'react';
import { ActionIcon, Button, Card, Group, Menu, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { IconDots, IconNotes, IconPencil, IconTrash } from '@tabler/icons-react';
import { CONTENT_LIMITS } from '@tradeloop/contracts/crm/records';
import type { CrmNote } from '@tradeloop/contracts/crm/notes';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import type { DetailTabProps } from '../shared/detail-tabs.ts';
import { useNoteWrites, useNotes } from './api.ts';
import { dateTimeLabel } from '../../../lib/format.ts';

type Writes = ReturnType<typeof useNoteWrites>;

/** A note box: Ctrl+Enter (or ⌘+Enter) saves; the counter appears near the limit. */
function NoteEditor({
  value,
  onChange,
  onSave,
  saving,
  label,
  testIds,
  onCancel,
}: {
  value: string;
  onChange: (value: string) => void;
  onSave: () => void;
  saving: boolean;
  label: string;
  testIds?: { input: string; save: string };
  onCancel?: () => void;
}) {
  const left = CONTENT_LIMITS.noteMaxChars - value.length;
  return (
    <Stack gap="xs">
      <Textarea
        aria-label={label}
        placeholder="Write a note: what was said, what was agreed, what comes next"
        autosize
        minRows={3}
        maxRows={12}
        maxLength={CONTENT_LIMITS.noteMaxChars}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) onSave();
        }}
        data-testid={testIds?.input}
      />
      <Group justify="space-between">
        <Text size="xs" c={left < 200 ? 'orange' : 'dimmed'}>
          {left < 1000 ? `${left.toLocaleString()} characters left` : 'Ctrl+Enter to save'}
        </Text>
        <Group gap="xs">
          {onCancel && (
            <Button variant="default" size="xs" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button size="xs" onClick={onSave} loading={saving} disabled={!value.trim()} data-testid={testIds?.save}>
            {onCancel ? 'Save' : 'Add note'}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

function NoteItem({ note, writes }: { note: CrmNote; writes: Writes }) {
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const handleSave = () => {
    if (editing === null || !editing.trim()) return;
    writes.update.mutate(
      { id: note.id, message: editing },
      { onSuccess: (result) => (notifySuccess(result.message ?? 'Saved'), setEditing(null)) },
    );
  };
  return (
    <Card withBorder padding="sm" data-testid="note-item">
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb={4}>
        <Text size="xs" c="dimmed">
          {note.author?.full_name ?? 'A former user'} · {dateTimeLabel(note.created_at)}
          {note.updated_at !== note.created_at && ` · edited ${dateTimeLabel(note.updated_at)}`}
        </Text>
        {editing === null && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label="Note actions">
                <IconDots size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setEditing(note.message)}>
                Edit
              </Menu.Item>
              <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setConfirming(true)}>
                Delete
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      {editing !== null ? (
        <NoteEditor
          label="Edit note"
          value={editing}
          onChange={setEditing}
          onSave={handleSave}
          saving={writes.update.isPending}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {note.message}
        </Text>
      )}
      {confirming && (
        <Group justify="flex-end" gap="xs" mt="xs">
          <Text size="sm">Delete this note?</Text>
          <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
            Keep
          </Button>
          <Button
            size="xs"
            color="red"
            loading={writes.remove.isPending}
            onClick={() =>
              writes.remove.mutate(note.id, { onSuccess: (result) => notifySuccess(result.message ?? 'Deleted') })
            }
          >
            Delete
          </Button>
        </Group>
      )}
    </Card>
  );
}

/** The Notes tab: a composer above the record's notes, newest first, each editable and removable. */
export function NotesTab({ typeId, record }: DetailTabProps) {
  const notes = useNotes(typeId, record.id);
  const writes = useNoteWrites(typeId, record.id);
  const [draft, setDraft] = useState('');
  const handleAdd = () => {
    if (!draft.trim()) return;
    writes.create.mutate(draft, {
      onSuccess: (result) => {
        notifySuccess(result.message ?? 'Note added');
        setDraft('');
      },
    });
  };

  return (
    <Stack gap="md">
      <Card>
        <NoteEditor
          label="New note"
          value={draft}
          onChange={setDraft}
          onSave={handleAdd}
          saving={writes.create.isPending}
          testIds={{ input: 'note-input', save: 'note-save' }}
        />
      </Card>
      {notes.isPending ? (
        <Stack gap="sm">
          <Skeleton height={72} radius="md" />
          <Skeleton height={72} radius="md" />
        </Stack>
      ) : notes.isError ? (
        <ErrorState onRetry={() => void notes.refetch()} />
      ) : notes.data.length === 0 ? (
        <Card>
          <EmptyState
            icon={<IconNotes size={30} />}
            title="No notes yet"
            description="Keep what you learn about this record here: write it above and press Add note."
          />
        </Card>
      ) : (
        <Stack gap="sm" data-testid="notes-list">
          {notes.data.map((note) => (
            <NoteItem key={note.id} note={note} writes={writes} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
