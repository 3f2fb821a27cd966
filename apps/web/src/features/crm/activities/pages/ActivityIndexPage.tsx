import { Link, useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import {
  Anchor,
  Badge,
  Card,
  Group,
  NativeSelect,
  Pagination,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconListDetails } from '@tabler/icons-react';
import type { RecordTypeId } from '@tradeloop/contracts/crm/records';
import {
  type Activity,
  ACTIVITY_KINDS,
  type ActivityIndexBody,
  type ActivityKind,
  CALL_STATUSES,
  MEETING_STATUSES,
  TASK_STATUSES,
} from '@tradeloop/contracts/crm/activities';
import { EmptyState } from '../../../../components/EmptyState.tsx';
import { ErrorState } from '../../../../components/ErrorState.tsx';
import { dateLabel } from '../../../../lib/format.ts';
import { useCrmUsers } from '../../shared/api/get-users.ts';
import { CRM_PATHS } from '../../shared/paths.ts';
import { useActivityIndex } from '../api/get-index.ts';
import { statusColour, statusLabel, whenText } from '../format.ts';

const KIND_LABELS: Record<ActivityKind, string> = { task: 'Tasks', meeting: 'Meetings', call: 'Calls' };
const STATUSES: Record<ActivityKind, readonly string[]> = {
  task: TASK_STATUSES,
  meeting: MEETING_STATUSES,
  call: CALL_STATUSES,
};
const isKind = (value: string | null): value is ActivityKind =>
  (ACTIVITY_KINDS as readonly string[]).includes(value ?? '');
const isDate = (value: string | null) => !!value && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** When an activity happens: a task's due date, a meeting's or call's start. */
const momentOf = (activity: Activity) => (activity.kind === 'task' ? activity.due_at : activity.starts_at);

/**
 * /crm/activities/all (issue 45): the company's tasks, meetings or calls through the spec's index calls,
 * 100 a page, filtered by owner, status and dates, as a table or a calendar of days. The filters live in
 * the URL, so a view can be shared and reloaded.
 */
export function ActivityIndexPage() {
  const [params, setParams] = useSearchParams();
  const kind: ActivityKind = isKind(params.get('kind')) ? (params.get('kind') as ActivityKind) : 'task';
  const view = params.get('view') === 'calendar' ? 'calendar' : 'table';
  const status = STATUSES[kind].includes(params.get('status') ?? '') ? params.get('status')! : '';
  const owner = Number(params.get('owner')) > 0 ? Number(params.get('owner')) : null;
  const from = isDate(params.get('from')) ? params.get('from')! : '';
  const to = isDate(params.get('to')) ? params.get('to')! : '';
  const page = Number(params.get('page')) > 1 ? Number(params.get('page')) : 1;
  useDocumentTitle(`${KIND_LABELS[kind]} · CRM · TradeLoop`);

  const body: ActivityIndexBody = {
    page,
    ...(status ? { status } : {}),
    ...(owner ? { owner_id: owner } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  const list = useActivityIndex(kind, body);
  const users = useCrmUsers();

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={1} size="h2">
            All {KIND_LABELS[kind].toLowerCase()}
          </Title>
          <Text c="dimmed" size="sm">
            Every {kind} of your company, 100 a page.{' '}
            <Anchor component={Link} to="/crm/activities" size="sm" underline="always">
              Back to the boards
            </Anchor>
          </Text>
        </div>
        <SegmentedControl
          aria-label="Activity kind"
          value={kind}
          onChange={(value) => update({ kind: value, status: null })}
          data={ACTIVITY_KINDS.map((value) => ({ value, label: KIND_LABELS[value] }))}
        />
      </Group>
      <Card padding="md">
        <Group gap="md" align="flex-end" wrap="wrap">
          <NativeSelect
            label="Owner"
            value={owner ? String(owner) : ''}
            onChange={(event) => update({ owner: event.currentTarget.value || null })}
            data={[
              { value: '', label: 'Everyone' },
              ...(users.data ?? []).map((user) => ({ value: String(user.id), label: user.full_name })),
            ]}
            w={200}
          />
          <NativeSelect
            label="Status"
            value={status}
            onChange={(event) => update({ status: event.currentTarget.value || null })}
            data={[
              { value: '', label: 'Any status' },
              ...STATUSES[kind].map((value) => ({ value, label: statusLabel(value) })),
            ]}
            w={180}
          />
          <TextInput
            type="date"
            label="From"
            value={from}
            onChange={(event) => update({ from: event.currentTarget.value || null })}
            w={170}
          />
          <TextInput
            type="date"
            label="To"
            value={to}
            onChange={(event) => update({ to: event.currentTarget.value || null })}
            w={170}
          />
          <SegmentedControl
            aria-label="View"
            value={view}
            onChange={(value) => update({ view: value === 'table' ? null : value, page: params.get('page') })}
            data={[
              { value: 'table', label: 'Table' },
              { value: 'calendar', label: 'Calendar' },
            ]}
          />
        </Group>
      </Card>
      {list.isError && !list.data ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Skeleton height={320} radius="md" role="status" aria-busy="true" aria-label={`Loading ${kind}s`} />
      ) : list.data.data.length === 0 ? (
        <Card>
          <EmptyState
            icon={<IconListDetails size={30} />}
            title={`No ${KIND_LABELS[kind].toLowerCase()} match`}
            description="Change the filters, or add one from a lead, contact, account or deal."
          />
        </Card>
      ) : (
        <Stack gap="md" aria-busy={list.isPlaceholderData} style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="activity-index-total">
            {list.data.total} {list.data.total === 1 ? kind : `${kind}s`}
          </Text>
          {view === 'table' ? <ActivityTable items={list.data.data} /> : <ActivityCalendar items={list.data.data} />}
          {list.data.lastPage > 1 && (
            <Group justify="center">
              <Pagination
                total={list.data.lastPage}
                value={list.data.currentPage}
                onChange={(next) => update({ page: next > 1 ? String(next) : null })}
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              />
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}

function RecordLink({ activity }: { activity: Activity }) {
  if (!activity.record) return <Text size="sm">—</Text>;
  return (
    <Anchor
      component={Link}
      to={CRM_PATHS.detail(activity.record.type_id as RecordTypeId, activity.record.id)}
      size="sm"
    >
      {activity.record.title}
    </Anchor>
  );
}

function ActivityTable({ items }: { items: Activity[] }) {
  return (
    <Card padding={0}>
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover aria-label="Activities" data-testid="activity-index-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Subject</Table.Th>
              <Table.Th>When</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Owner</Table.Th>
              <Table.Th>Record</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((activity) => (
              <Table.Tr key={activity.id}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {activity.subject}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{whenText(activity)}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={statusColour(activity.status)} tt="none">
                    {statusLabel(activity.status)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{activity.owner?.full_name ?? '—'}</Text>
                </Table.Td>
                <Table.Td>
                  <RecordLink activity={activity} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/** The page's activities by day, soonest first; those without a date last. */
function ActivityCalendar({ items }: { items: Activity[] }) {
  const days = new Map<string, Activity[]>();
  for (const activity of [...items].sort((a, b) => (momentOf(a) ?? '~').localeCompare(momentOf(b) ?? '~'))) {
    const moment = momentOf(activity);
    const key = moment ? dayjs(moment).format('YYYY-MM-DD') : 'none';
    days.set(key, [...(days.get(key) ?? []), activity]);
  }
  return (
    <Stack gap="sm" data-testid="activity-index-calendar">
      {[...days].map(([key, dayItems]) => (
        <Card key={key} padding="sm">
          <Title order={2} size="h5" mb="xs">
            {key === 'none' ? 'No date' : `${dayjs(key).format('dddd')} · ${dateLabel(dayjs(key).toISOString())}`}
          </Title>
          <Stack gap={6}>
            {dayItems.map((activity) => (
              <Group key={activity.id} justify="space-between" wrap="nowrap" gap="sm">
                <Text size="sm" fw={600} truncate>
                  {activity.subject}
                </Text>
                <Group gap="xs" wrap="nowrap">
                  <Text size="xs" c="dimmed">
                    {whenText(activity)}
                  </Text>
                  <Badge size="sm" variant="light" color={statusColour(activity.status)} tt="none">
                    {statusLabel(activity.status)}
                  </Badge>
                  <RecordLink activity={activity} />
                </Group>
              </Group>
            ))}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
