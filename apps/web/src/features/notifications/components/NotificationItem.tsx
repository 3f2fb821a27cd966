import { Group, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconFileInvoice, IconHeart, IconMessage2Dollar } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { Notification } from '@tradeloop/contracts/notifications';
import { dateLabel, time12 } from '../../../lib/format.ts';

const ICONS = { enquiries: IconMessage2Dollar, orderInvoices: IconFileInvoice, product: IconHeart } as const;
const COLORS = { enquiries: 'brand', orderInvoices: 'grape', product: 'red' } as const;

/** One notification; opening it marks it read and follows its link. */
export function NotificationItem({ item, onOpen }: { item: Notification; onOpen: (item: Notification) => void }) {
  const navigate = useNavigate();
  const Icon = ICONS[item.type];
  const handleOpen = () => {
    onOpen(item);
    if (item.link) void navigate(item.link);
  };
  return (
    <UnstyledButton
      onClick={handleOpen}
      p="xs"
      w="100%"
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        background: item.read ? undefined : 'var(--mantine-color-brand-0)',
      }}
      data-testid="notification-item"
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <ThemeIcon variant="light" color={COLORS[item.type]} radius="xl" aria-hidden>
          <Icon size={16} />
        </ThemeIcon>
        <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
          <Group justify="space-between" wrap="nowrap" gap={4}>
            <Text size="sm" fw={item.read ? 500 : 700} lineClamp={1}>
              {item.title}
            </Text>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {dateLabel(item.created_at)} {time12(item.created_at)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" lineClamp={2}>
            {item.body}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
