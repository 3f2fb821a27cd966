import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Divider,
  Group,
  Popover,
  ScrollArea,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { NOTIFICATION_TAB_LABELS, NOTIFICATION_TABS, type NotificationTab } from '@tradeloop/contracts/notifications';
import { useNotificationActions, useNotificationCounts, useNotifications } from '../api/notifications.ts';
import { UnreadIndicator } from '../../../components/UnreadIndicator.tsx';
import { NotificationItem } from './NotificationItem.tsx';

/** The header bell: unread count, and the latest notifications by tab (all, enquiries, orders & invoices, products). */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  const [tab, setTab] = useState<NotificationTab>('all');
  const counts = useNotificationCounts();
  const list = useNotifications(tab, 'all', 1, 8, opened);
  const { mark } = useNotificationActions();
  const unread = counts.data?.unread.all ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={380} shadow="md" withArrow trapFocus>
      <UnreadIndicator count={unread} testId="notification-badge">
        {/* The button itself is the popover's target: it carries aria-expanded and aria-controls. The
            dropdown is named by its own label: the disabled tooltip does not hand the button its id. */}
        <Popover.Target>
          <Tooltip label="Notifications" disabled={opened}>
            <ActionIcon
              variant="subtle"
              size="lg"
              radius="xl"
              aria-label={label}
              onClick={() => setOpened((value) => !value)}
            >
              <IconBell size={22} />
            </ActionIcon>
          </Tooltip>
        </Popover.Target>
      </UnreadIndicator>
      <Popover.Dropdown p="sm" aria-label="Notifications">
        <Stack gap="xs">
          <Group justify="space-between">
            <Text fw={700}>Notifications</Text>
            {unread > 0 && (
              <Button variant="subtle" size="compact-xs" onClick={() => mark.mutate({ type: 'all' })}>
                Mark all read
              </Button>
            )}
          </Group>
          <SegmentedControl
            size="xs"
            fullWidth
            value={tab}
            onChange={(value) => setTab(value as NotificationTab)}
            data={NOTIFICATION_TABS.map((value) => ({
              value,
              label: `${value === 'orderInvoices' ? 'Orders' : NOTIFICATION_TAB_LABELS[value]}${counts.data?.unread[value] ? ` (${counts.data.unread[value]})` : ''}`,
            }))}
          />
          <ScrollArea.Autosize mah={360}>
            {!list.data ? (
              <Stack gap="xs">
                {Array.from({ length: 3 }, (_, index) => (
                  <Skeleton key={index} h={48} />
                ))}
              </Stack>
            ) : list.data.data.length === 0 ? (
              <Stack align="center" py="lg" gap={4} c="dimmed">
                <IconBellOff size={28} aria-hidden />
                <Text size="sm">Nothing here yet</Text>
              </Stack>
            ) : (
              <Stack gap={2}>
                {list.data.data.map((item) => (
                  <NotificationItem
                    key={item.id}
                    item={item}
                    onOpen={(opened) => {
                      setOpened(false);
                      if (!opened.read) mark.mutate({ ids: [opened.id] });
                    }}
                  />
                ))}
              </Stack>
            )}
          </ScrollArea.Autosize>
          <Divider />
          <Button component={Link} to="/notifications" variant="light" size="xs" onClick={() => setOpened(false)}>
            See all notifications
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
