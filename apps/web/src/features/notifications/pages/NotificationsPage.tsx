import {
  ActionIcon,
  Button,
  Container,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  Stack,
  Tabs,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBellOff, IconMail, IconMailOpened, IconTrash } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import {
  NOTIFICATION_TAB_LABELS,
  NOTIFICATION_TABS,
  READ_FILTERS,
  type NotificationTab,
} from '@tradeloop/contracts/notifications';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { SkeletonRows } from '../../../components/SkeletonRows.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { useNotificationActions, useNotifications } from '../api/notifications.ts';
import { NotificationItem } from '../components/NotificationItem.tsx';
import { TabPanels } from '../../../components/TabPanels.tsx';

const READ_LABELS = { all: 'All', unread: 'Unread', read: 'Read' } as const;

/** Every notification, by tab and read state, with read, unread and delete. */
export function NotificationsPage() {
  useDocumentTitle('Notifications · TradeLoop');
  const [params, setParams] = useSearchParams();
  const tab = (NOTIFICATION_TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as NotificationTab)
    : 'all';
  const read = (READ_FILTERS as readonly string[]).includes(params.get('read') ?? '') ? params.get('read')! : 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useNotifications(tab, read, page);
  const { mark, remove } = useNotificationActions();
  const data = list.data;
  const set = (patch: Record<string, string>) => setParams({ tab, read, ...patch });
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Title order={1} size="h2">
            Notifications
          </Title>
          <Button
            variant="light"
            size="xs"
            onClick={() => mark.mutate({ type: tab })}
            disabled={!data?.counts.unread[tab]}
          >
            Mark all read
          </Button>
        </Group>
        <Tabs keepMounted={false} value={tab} onChange={(value) => value && set({ tab: value, page: '1' })}>
          <Tabs.List>
            {NOTIFICATION_TABS.map((value) => (
              <Tabs.Tab key={value} value={value}>
                {NOTIFICATION_TAB_LABELS[value]} {data ? `(${data.counts.total[value]})` : ''}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <TabPanels values={NOTIFICATION_TABS}>
            <SegmentedControl
              w={260}
              size="xs"
              value={read}
              onChange={(value) => set({ read: value, page: '1' })}
              data={READ_FILTERS.map((value) => ({ value, label: READ_LABELS[value] }))}
            />
            <Paper withBorder p="sm">
              {list.isError && !data ? (
                <ErrorState onRetry={() => void list.refetch()} />
              ) : !data ? (
                <SkeletonRows count={5} height={52} gap="xs" />
              ) : data.data.length === 0 ? (
                <EmptyState
                  icon={<IconBellOff size={32} />}
                  title="No notifications"
                  description="Quote requests, offers and saved products will show up here."
                />
              ) : (
                <Stack gap={2}>
                  {data.data.map((item) => (
                    <Group key={item.id} wrap="nowrap" gap="xs">
                      <div style={{ flex: 1, minWidth: 0 }}>
                        <NotificationItem
                          item={item}
                          onOpen={(opened) => !opened.read && mark.mutate({ ids: [opened.id] })}
                        />
                      </div>
                      <Tooltip label={item.read ? 'Mark unread' : 'Mark read'}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={item.read ? 'Mark unread' : 'Mark read'}
                          onClick={() => mark.mutate({ ids: [item.id], read: !item.read })}
                        >
                          {item.read ? <IconMail size={16} /> : <IconMailOpened size={16} />}
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Delete">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label="Delete notification"
                          onClick={() => remove.mutate([item.id])}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  ))}
                </Stack>
              )}
            </Paper>
            {data && data.lastPage > 1 && (
              <Group justify="center">
                <Pagination
                  total={data.lastPage}
                  value={data.currentPage}
                  onChange={(next) => set({ page: String(next) })}
                />
              </Group>
            )}
          </TabPanels>
        </Tabs>
        <Text size="xs" c="dimmed" ta="center">
          Quote requests and offers are also sent to your e-mail.
        </Text>
      </Stack>
    </Container>
  );
}
