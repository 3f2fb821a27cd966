import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';

type ProfileFormActionsProps = {
  alert: string | null;
  isDirty: boolean;
  isSaving: boolean;
  onDiscard: () => void;
};

/** The foot of a profile tab: an error, if any, then discard and save. */
export function ProfileFormActions({ alert, isDirty, isSaving, onDiscard }: ProfileFormActionsProps) {
  return (
    <>
      {alert && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" mt="md">
          {alert}
        </Alert>
      )}
      <Group justify="space-between" mt="xl" gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {isDirty ? 'You have unsaved changes.' : 'All changes saved.'}
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={onDiscard} disabled={!isDirty || isSaving}>
            Discard
          </Button>
          <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={isSaving} disabled={!isDirty}>
            Save changes
          </Button>
        </Group>
      </Group>
    </>
  );
}
