import type { ReactNode } from 'react';
import { ActionIcon, Alert, Button, Card, Group, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconTrash } from '@tabler/icons-react';

/*
 * The pieces the settings page and its forms share: a section card, the rows of an ordered list
 * (moved up and down by keyboard or mouse, edited and deleted), and a form's alert and buttons.
 */

/** The ids with the one at `index` moved one place up (-1) or down (+1). */
export function moved(ids: number[], index: number, step: -1 | 1) {
  const next = [...ids];
  const [item] = next.splice(index, 1);
  next.splice(index + step, 0, item);
  return next;
}

type SectionCardProps = {
  title: string;
  description: string;
  /** The section's main button (shown to the owner). */
  action?: ReactNode;
  /** Said under the list when the viewer may only read. */
  readOnlyNote?: string;
  children: ReactNode;
};

export function SectionCard({ title, description, action, readOnlyNote, children }: SectionCardProps) {
  return (
    <Card>
      <Group justify="space-between" align="flex-start" mb="sm">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed" maw={620}>
            {description}
          </Text>
        </div>
        {action}
      </Group>
      {children}
      {readOnlyNote && (
        <Text size="sm" c="dimmed" mt="sm">
          {readOnlyNote}
        </Text>
      )}
    </Card>
  );
}

type OrderedRowProps = {
  name: string;
  index: number;
  count: number;
  /** Up, down, edit and delete are shown to whoever may change the list. */
  editable: boolean;
  busy?: boolean;
  onMove: (step: -1 | 1) => void;
  onEdit: () => void;
  onDelete: () => void;
  deleteDisabled?: boolean;
  /** What the row shows; `aside` goes before the edit and delete buttons. */
  children: ReactNode;
  aside?: ReactNode;
};

/** One row of an ordered list. */
export function OrderedRow(props: OrderedRowProps) {
  const { name, index, count, editable, busy } = props;
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      py={8}
      style={{ borderTop: index ? '1px solid var(--mantine-color-gray-2)' : undefined }}
    >
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        {editable && (
          <Group gap={2} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Move ${name} up`}
              disabled={busy || index === 0}
              onClick={() => props.onMove(-1)}
            >
              <IconArrowUp size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Move ${name} down`}
              disabled={busy || index === count - 1}
              onClick={() => props.onMove(1)}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
          </Group>
        )}
        {props.children}
      </Group>
      <Group gap="xs" wrap="nowrap">
        {props.aside}
        {editable && (
          <>
            <ActionIcon variant="subtle" aria-label={`Edit ${name}`} onClick={props.onEdit}>
              <IconPencil size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${name}`}
              disabled={props.deleteDisabled}
              onClick={props.onDelete}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </>
        )}
      </Group>
    </Group>
  );
}

/** A form's message that belongs to no field. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light">
      {message}
    </Alert>
  );
}

/** Cancel and submit, at the end of a form. */
export function FormButtons({ onCancel, label, loading }: { onCancel: () => void; label: string; loading: boolean }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={loading}>
        {label}
      </Button>
    </Group>
  );
}
