import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

type ConfirmDeleteModalProps = {
  opened: boolean;
  title: string;
  /** What deleting does, in a sentence. */
  children: ReactNode;
  loading: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** Asks before deleting an e-mail, a file or tags: what it does, Cancel, and a red Delete. */
export function ConfirmDeleteModal({ opened, title, children, loading, onCancel, onConfirm }: ConfirmDeleteModalProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title}>
      <Stack>
        <Text size="sm">{children}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button color="red" loading={loading} onClick={onConfirm}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
