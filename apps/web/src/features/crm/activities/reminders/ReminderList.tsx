import { Stack, Text } from '@mantine/core';
import type { Reminder } from '@tradeloop/contracts/crm/activities';
import { useDismissReminder } from './api/reminder-actions.ts';
import { ReminderItem } from './ReminderItem.tsx';

type ReminderListProps = {
  title?: string;
  reminders: Reminder[];
  /** Called when a record link is followed (the bell closes). */
  onOpenRecord?: () => void;
};

/** Reminders under an optional heading, each with its record link and Dismiss button; nothing when empty. */
export function ReminderList({ title, reminders, onOpenRecord }: ReminderListProps) {
  const dismiss = useDismissReminder();
  if (reminders.length === 0) return null;
  return (
    <Stack gap={0}>
      {title && (
        <Text size="xs" fw={700} c="dimmed" tt="uppercase">
          {title}
        </Text>
      )}
      {reminders.map((reminder) => (
        <ReminderItem
          key={reminder.id}
          reminder={reminder}
          onDismiss={(item) => dismiss.mutate(item.id)}
          dismissing={dismiss.isPending && dismiss.variables === reminder.id}
          onOpenRecord={onOpenRecord}
        />
      ))}
    </Stack>
  );
}
