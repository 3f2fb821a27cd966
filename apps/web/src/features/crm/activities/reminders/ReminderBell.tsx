import { useState } from 'react';
import { Link } from 'react-router';
import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Divider,
  Group,
  Popover,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconAlarm, IconAlarmOff } from '@tabler/icons-react';
import { MY_DAY_PATH } from '../my-day/path.ts';
import { useReminderCount, useReminderIndex } from './api/get-reminders.ts';
import { ReminderList } from './ReminderList.tsx';

/** The CRM's reminder bell: how many reminders are due, and today's and earlier ones to dismiss. */
export function ReminderBell() {
  const [opened, setOpened] = useState(false);
  const count = useReminderCount();
  const index = useReminderIndex(opened);
  const due = count.data?.count ?? 0;
  const label = due > 0 ? `Reminders, ${due} due` : 'Reminders';
  const close = () => setOpened(false);
  const empty = index.data && index.data.today.length === 0 && index.data.previous.length === 0;

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="md" withArrow trapFocus>
      <Box pos="relative" style={{ display: 'inline-flex' }}>
        {/* The button itself is the popover's target: it carries aria-expanded and aria-controls. The
            dropdown is named by its own label: the disabled tooltip does not hand the button its id. */}
        <Popover.Target>
          <Tooltip label="Reminders" disabled={opened}>
            <ActionIcon
              variant="subtle"
              size="lg"
              radius="xl"
              aria-label={label}
              onClick={() => setOpened((value) => !value)}
              data-testid="reminder-bell"
            >
              <IconAlarm size={20} />
            </ActionIcon>
          </Tooltip>
        </Popover.Target>
        {due > 0 && (
          <Badge
            size="xs"
            circle={due < 10}
            color="red"
            pos="absolute"
            top={-2}
            right={-4}
            style={{ pointerEvents: 'none' }}
            data-testid="reminder-count"
            aria-hidden
          >
            {due > 99 ? '99+' : due}
          </Badge>
        )}
      </Box>
      <Popover.Dropdown p="sm" aria-label="Reminders">
        <Stack gap="xs">
          <Group justify="space-between">
            <Text fw={700}>Reminders</Text>
            <Anchor component={Link} to={MY_DAY_PATH} size="sm" onClick={close}>
              My day
            </Anchor>
          </Group>
          <Divider />
          <ScrollArea.Autosize mah={400}>
            {index.isPending ? (
              <Stack gap="xs">
                {Array.from({ length: 3 }, (_, item) => (
                  <Skeleton key={item} h={44} />
                ))}
              </Stack>
            ) : index.isError ? (
              <Text size="sm" c="red" py="md" ta="center">
                We could not load your reminders.{' '}
                <Anchor component="button" size="sm" onClick={() => index.refetch()}>
                  Try again
                </Anchor>
              </Text>
            ) : empty ? (
              <Stack align="center" py="lg" gap={4} c="dimmed">
                <IconAlarmOff size={28} aria-hidden />
                <Text size="sm">No reminders for today.</Text>
                <Text size="xs" ta="center">
                  Set one on a task, meeting or call, or add one from My day.
                </Text>
              </Stack>
            ) : (
              <Stack gap="sm">
                <ReminderList title="Today" reminders={index.data.today} onOpenRecord={close} />
                <ReminderList title="Earlier" reminders={index.data.previous} onOpenRecord={close} />
              </Stack>
            )}
          </ScrollArea.Autosize>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
