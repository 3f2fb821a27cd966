import { Link } from 'react-router';
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { ACTIVITY_TYPES, type Reminder } from '@tradeloop/contracts/crm/activities';
import type { RecordTypeId } from '@tradeloop/contracts/crm/records';
import { dateLabel, time12 } from '../../../../lib/format.ts';
import { CRM_PATHS } from '../../shared/paths.ts';
import { useNow } from './use-now.ts';

type ReminderItemProps = {
  reminder: Reminder;
  onDismiss: (reminder: Reminder) => void;
  dismissing?: boolean;
  /** Called when the record link is followed (the bell closes). */
  onOpenRecord?: () => void;
};

/** One reminder: what, when, on which record, and a way to dismiss it. */
export function ReminderItem({ reminder, onDismiss, dismissing, onOpenRecord }: ReminderItemProps) {
  const now = useNow();
  const due = new Date(reminder.remind_at).getTime() <= now;
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      align="flex-start"
      gap="sm"
      py={6}
      data-testid="reminder-item"
      data-status={reminder.status}
    >
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={600} size="sm" lineClamp={2}>
          {reminder.title}
        </Text>
        <Group gap={6} wrap="wrap">
          <Text size="xs" c={due ? 'red.7' : 'dimmed'}>
            {dateLabel(reminder.remind_at)} · {time12(reminder.remind_at)}
          </Text>
          {!due && (
            <Badge size="xs" variant="light" color="gray">
              Later
            </Badge>
          )}
          {reminder.activity && (
            <Badge size="xs" variant="light">
              {ACTIVITY_TYPES[reminder.activity.kind].singular}
            </Badge>
          )}
        </Group>
        {reminder.record && (
          <Anchor
            component={Link}
            to={CRM_PATHS.detail(reminder.record.type_id as RecordTypeId, reminder.record.id)}
            size="xs"
            truncate
            onClick={onOpenRecord}
          >
            {reminder.record.title}
          </Anchor>
        )}
      </Stack>
      <Button
        size="compact-xs"
        variant="light"
        loading={dismissing}
        onClick={() => onDismiss(reminder)}
        aria-label={`Dismiss reminder: ${reminder.title}`}
      >
        Dismiss
      </Button>
    </Group>
  );
}
