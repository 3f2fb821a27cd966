import { useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import {
  Anchor,
  Badge,
  Card,
  Grid,
  Group,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCalendarEvent, IconChecklist, IconMail, IconPhone } from '@tabler/icons-react';
import type { RecordTypeId } from '@tradeloop/contracts/crm/records';
import { type Activity, ACTIVITY_LIMITS, type EmailActivity } from '@tradeloop/contracts/crm/activities';
import { EmptyState } from '../../../../components/EmptyState.tsx';
import { ErrorState } from '../../../../components/ErrorState.tsx';
import { dateLabel, time12 } from '../../../../lib/format.ts';
import { CRM_PATHS } from '../../shared/paths.ts';
import { downloadMeetingIcs } from '../api/download-ics.ts';
import { useActivityBoard, useAgenda } from '../api/get-board.ts';
import type { BoardKind } from '../api/keys.ts';
import { useToggleTaskDone } from '../api/save-activity.ts';
import { ActivityFormModal } from '../components/ActivityFormModal.tsx';
import { ActivityItem } from '../components/ActivityItem.tsx';

const KINDS: { value: BoardKind; label: string }[] = [
  { value: 'task', label: 'Tasks' },
  { value: 'meeting', label: 'Meetings' },
  { value: 'call', label: 'Calls' },
  { value: 'email', label: 'E-mails' },
];
const ICONS = { task: IconChecklist, meeting: IconCalendarEvent, call: IconPhone, email: IconMail } as const;

/** The columns of each board, as the bycategory calls answer them (spec section 7). */
const BY_RECORD_TYPE = [
  { key: 'leads', label: 'Leads' },
  { key: 'deals', label: 'Deals' },
  { key: 'accounts', label: 'Accounts' },
  { key: 'contacts', label: 'Contacts' },
];
const COLUMNS: Record<BoardKind, { key: string; label: string }[]> = {
  task: [
    { key: 'lead_contact', label: 'Leads & contacts' },
    { key: 'deals', label: 'Deals' },
    { key: 'account', label: 'Accounts' },
  ],
  meeting: BY_RECORD_TYPE,
  call: BY_RECORD_TYPE,
  email: BY_RECORD_TYPE,
};

const AGENDA_DAYS = 14;
const isBoardKind = (value: string | null): value is BoardKind => KINDS.some((kind) => kind.value === value);

function EmailItem({ email }: { email: EmailActivity }) {
  const when = email.sent_at ?? email.created_at;
  return (
    <Stack gap={2} data-testid="email-item">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={600} size="sm" truncate>
          {email.subject || '(no subject)'}
        </Text>
        <Badge
          size="sm"
          variant="light"
          tt="none"
          color={email.status === 'sent' ? 'green' : email.status === 'failed' ? 'red' : 'gray'}
        >
          {email.status === 'sent' ? 'Sent' : email.status === 'failed' ? 'Failed' : 'Draft'}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed" truncate>
        {email.to_addresses.length ? `To ${email.to_addresses.join(', ')}` : 'No recipients yet'}
      </Text>
      <Group gap={6}>
        <Text size="xs" c="dimmed">
          {dateLabel(when)} {time12(when)} ·
        </Text>
        <Anchor component={Link} to={CRM_PATHS.detail(email.record.type_id as RecordTypeId, email.record.id)} size="xs">
          {email.record.title}
        </Anchor>
      </Group>
    </Stack>
  );
}

function Column({ label, count, children }: { label: string; count: number; children: ReactNode }) {
  return (
    <Card padding="sm" data-testid="activity-column" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group justify="space-between" mb="sm">
        <Text fw={700} size="sm">
          {label}
        </Text>
        <Badge variant="light" size="sm">
          {count >= ACTIVITY_LIMITS.categoryItems ? `${count}+` : count}
        </Badge>
      </Group>
      <ScrollArea.Autosize mah={560} type="auto" offsetScrollbars>
        <Stack gap="md">{children}</Stack>
      </ScrollArea.Autosize>
    </Card>
  );
}

/** The board of one kind: a column per category, the newest 50 of each. */
function ActivityBoard({ kind, onEdit }: { kind: BoardKind; onEdit: (activity: Activity) => void }) {
  const board = useActivityBoard(kind);
  const toggle = useToggleTaskDone();
  const columns = COLUMNS[kind];
  const Icon = ICONS[kind];
  if (board.isPending)
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, xl: columns.length }}>
        {columns.map((column) => (
          <Skeleton key={column.key} height={240} radius="md" />
        ))}
      </SimpleGrid>
    );
  if (board.isError) return <ErrorState onRetry={() => void board.refetch()} />;
  const data = board.data as Record<string, (Activity | EmailActivity)[]>;
  const total = columns.reduce((sum, column) => sum + (data[column.key]?.length ?? 0), 0);
  const name = KINDS.find((item) => item.value === kind)!.label.toLowerCase();
  if (total === 0)
    return (
      <Card>
        <EmptyState
          icon={<Icon size={30} />}
          title={`No ${name} yet`}
          description={
            kind === 'email'
              ? 'E-mails written from a lead, contact, account or deal appear here.'
              : `Open a lead, contact, account or deal and add ${name} from its ${KINDS.find((item) => item.value === kind)!.label} tab.`
          }
          action={
            <Anchor component={Link} to={CRM_PATHS.list(1)}>
              Go to leads
            </Anchor>
          }
        />
      </Card>
    );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, xl: columns.length }} data-testid={`${kind}-board`}>
      {columns.map((column) => {
        const items = data[column.key] ?? [];
        return (
          <Column key={column.key} label={column.label} count={items.length}>
            {items.length === 0 ? (
              <Text size="sm" c="dimmed">
                Nothing here.
              </Text>
            ) : kind === 'email' ? (
              (items as EmailActivity[]).map((email) => <EmailItem key={email.id} email={email} />)
            ) : (
              (items as Activity[]).map((activity) => (
                <ActivityItem
                  key={activity.id}
                  activity={activity}
                  showRecord
                  compact
                  onEdit={onEdit}
                  onToggleDone={toggle.handleToggle}
                  onDownload={(meeting) => void downloadMeetingIcs(meeting)}
                  busy={toggle.isPending}
                />
              ))
            )}
          </Column>
        );
      })}
    </SimpleGrid>
  );
}

/** The next 14 days of tasks, meetings and calls, by day. */
function Agenda({ onEdit }: { onEdit: (activity: Activity) => void }) {
  const { from, to } = useMemo(() => {
    const start = dayjs().startOf('day');
    return { from: start.toISOString(), to: start.add(AGENDA_DAYS, 'day').toISOString() };
  }, []);
  const agenda = useAgenda(from, to);
  let body;
  if (agenda.isPending) body = <Skeleton height={200} />;
  else if (agenda.isError) body = <ErrorState onRetry={() => void agenda.refetch()} />;
  else if (agenda.data.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        Nothing planned for the next two weeks.
      </Text>
    );
  else {
    const days = new Map<string, Activity[]>();
    for (const activity of agenda.data) {
      const at = activity.due_at ?? activity.starts_at ?? activity.created_at;
      // All-day meetings name UTC dates; a meeting that began earlier shows on the first day of the range.
      const day = activity.all_day ? at.slice(0, 10) : dayjs(at).format('YYYY-MM-DD');
      const shown = day < dayjs(from).format('YYYY-MM-DD') ? dayjs(from).format('YYYY-MM-DD') : day;
      days.set(shown, [...(days.get(shown) ?? []), activity]);
    }
    body = (
      <Stack gap="lg">
        {[...days.entries()].map(([day, items]) => (
          <Stack key={day} gap="xs">
            <Text size="xs" fw={700} c="dimmed" tt="uppercase">
              {dateLabel(dayjs(day).toISOString())} · {dayjs(day).format('dddd')}
            </Text>
            {items.map((activity) => (
              <ActivityItem key={activity.id} activity={activity} showRecord compact showKind onEdit={onEdit} />
            ))}
          </Stack>
        ))}
      </Stack>
    );
  }
  return (
    <Card data-testid="activity-agenda">
      <Title order={2} size="h4" mb="md">
        Next {AGENDA_DAYS} days
      </Title>
      {body}
    </Card>
  );
}

/** Activities across records: a board by category for each kind, and the agenda of the next two weeks. */
export function ActivitiesPage() {
  useDocumentTitle('Activities · CRM · TradeLoop');
  const [params, setParams] = useSearchParams();
  const requested = params.get('kind');
  const kind: BoardKind = isBoardKind(requested) ? requested : 'task';
  const [editing, setEditing] = useState<Activity | null>(null);
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={2}>
          <Title order={1} size="h2">
            Activities
          </Title>
          <Text c="dimmed" size="sm">
            The latest {ACTIVITY_LIMITS.categoryItems} of each category, across your leads, contacts, accounts and
            deals.{' '}
            <Anchor component={Link} to="/crm/activities/all" size="sm" underline="always">
              All tasks, meetings and calls
            </Anchor>
          </Text>
        </Stack>
        <SegmentedControl
          value={kind}
          onChange={(value) => setParams({ kind: value }, { replace: true })}
          data={KINDS}
          data-testid="activity-kind"
        />
      </Group>
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, lg: 9 }}>
          <ActivityBoard kind={kind} onEdit={setEditing} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 3 }}>
          <Agenda onEdit={setEditing} />
        </Grid.Col>
      </Grid>
      {editing && <ActivityFormModal kind={editing.kind} opened onClose={() => setEditing(null)} editing={editing} />}
    </Stack>
  );
}
