import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlarm, IconCalendarEvent, IconChecklist, IconPhone, IconPlus, IconVideo } from '@tabler/icons-react';
import type { RecordRef, RecordTypeId } from '@tradeloop/contracts/crm/records';
import {
  type Activity,
  type ActivityStatus,
  isDone,
  PRIORITY_LABELS,
  type ReminderMeeting,
  STATUS_COLOURS,
  STATUS_LABELS,
} from '@tradeloop/contracts/crm/activities';
import { EmptyState } from '../../../../components/EmptyState.tsx';
import { ErrorState } from '../../../../components/ErrorState.tsx';
import { dateLabel, time12 } from '../../../../lib/format.ts';
import { useSession } from '../../../../lib/session.ts';
import { CRM_PATHS } from '../../shared/paths.ts';
import { AddReminderModal } from '../reminders/AddReminderModal.tsx';
import { useReminderIndex } from '../reminders/api/get-reminders.ts';
import { ReminderList } from '../reminders/ReminderList.tsx';
import { useNow } from '../reminders/use-now.ts';
import { useDayActivities } from './api/get-day-activities.ts';

/** A meeting or call of today, from the calendar call or (meetings the caller takes part in) the reminder index. */
type DayEvent = {
  id: number;
  kind: 'meeting' | 'call';
  subject: string;
  status: string;
  starts_at: string;
  ends_at: string | null;
  all_day: boolean;
  location: string | null;
  meeting_link: string | null;
  record: RecordRef | null;
};

function RecordLink({ record }: { record: RecordRef | null }) {
  if (!record) return null;
  return (
    <Anchor component={Link} to={CRM_PATHS.detail(record.type_id as RecordTypeId, record.id)} size="xs" truncate>
      {record.title}
    </Anchor>
  );
}

function StatusBadge({ status }: { status: string }) {
  const known = status in STATUS_LABELS ? (status as ActivityStatus) : null;
  return (
    <Badge size="xs" variant="light" color={known ? STATUS_COLOURS[known] : 'gray'}>
      {known ? STATUS_LABELS[known] : status}
    </Badge>
  );
}

function Column({
  title,
  icon,
  count,
  children,
  testId,
}: {
  title: string;
  icon: ReactNode;
  count?: number;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Card data-testid={testId}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon variant="light" radius="md" aria-hidden>
            {icon}
          </ThemeIcon>
          <Title order={2} size="h4">
            {title}
          </Title>
        </Group>
        {count !== undefined && (
          <Badge variant="light" color="gray">
            {count}
          </Badge>
        )}
      </Group>
      {children}
    </Card>
  );
}

function Loading() {
  return (
    <Stack gap="xs">
      {Array.from({ length: 3 }, (_, item) => (
        <Skeleton key={item} h={52} />
      ))}
    </Stack>
  );
}

function Quiet({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed" py="md" ta="center">
      {children}
    </Text>
  );
}

function TaskRow({ task, todayStart }: { task: Activity; todayStart: dayjs.Dayjs }) {
  const due = task.due_at!;
  const overdue = dayjs(due).isBefore(todayStart);
  return (
    <Stack gap={2} py={6} data-testid="my-day-task">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={600} size="sm" lineClamp={2}>
          {task.subject}
        </Text>
        <StatusBadge status={task.status} />
      </Group>
      <Group gap={6}>
        {overdue ? (
          <Badge size="xs" color="red" variant="light">
            Overdue · {dateLabel(due)}
          </Badge>
        ) : (
          <Text size="xs" c="dimmed">
            Due {time12(due)}
          </Text>
        )}
        {task.priority === 'high' && (
          <Badge size="xs" color="orange" variant="light">
            {PRIORITY_LABELS.high} priority
          </Badge>
        )}
      </Group>
      <RecordLink record={task.record} />
    </Stack>
  );
}

function EventRow({ event }: { event: DayEvent }) {
  const Icon = event.kind === 'call' ? IconPhone : IconCalendarEvent;
  const when = event.all_day
    ? 'All day'
    : `${time12(event.starts_at)}${event.ends_at ? ` – ${time12(event.ends_at)}` : ''}`;
  return (
    <Group gap="sm" py={6} wrap="nowrap" align="flex-start" data-testid="my-day-event" data-kind={event.kind}>
      <ThemeIcon size="sm" variant="light" color={event.kind === 'call' ? 'teal' : 'violet'} aria-hidden>
        <Icon size={14} />
      </ThemeIcon>
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} size="sm" lineClamp={2}>
            {event.subject}
          </Text>
          <StatusBadge status={event.status} />
        </Group>
        <Text size="xs" c="dimmed">
          {event.kind === 'call' ? 'Call' : 'Meeting'} · {when}
          {event.location ? ` · ${event.location}` : ''}
        </Text>
        {event.meeting_link && (
          <Anchor href={event.meeting_link} target="_blank" rel="noreferrer" size="xs">
            <Group gap={4} component="span" wrap="nowrap">
              <IconVideo size={12} aria-hidden /> Join the meeting
            </Group>
          </Anchor>
        )}
        <RecordLink record={event.record} />
      </Stack>
    </Group>
  );
}

const fromActivity = (activity: Activity): DayEvent => ({
  id: activity.id,
  kind: activity.kind === 'call' ? 'call' : 'meeting',
  subject: activity.subject,
  status: activity.status,
  starts_at: activity.starts_at!,
  ends_at: activity.ends_at,
  all_day: activity.all_day,
  location: activity.location,
  meeting_link: activity.meeting_link,
  record: activity.record,
});

const fromMeeting = (meeting: ReminderMeeting): DayEvent => ({ ...meeting, kind: 'meeting' });

/** Today's meetings and calls the caller owns, and meetings they take part in, in time order. */
function mergeEvents(owned: Activity[], meetings: ReminderMeeting[]): DayEvent[] {
  const events = new Map<number, DayEvent>();
  for (const activity of owned) if (activity.starts_at) events.set(activity.id, fromActivity(activity));
  for (const meeting of meetings) if (!events.has(meeting.id)) events.set(meeting.id, fromMeeting(meeting));
  return [...events.values()].sort((a, b) => a.starts_at.localeCompare(b.starts_at) || a.id - b.id);
}

/** "My day": the caller's open tasks due today or overdue, today's meetings and calls, and reminders. */
export function MyDayPage() {
  useDocumentTitle('My day · CRM');
  const { user } = useSession();
  const [adding, setAdding] = useState(false);
  // Renewed every minute: after midnight the page moves on to the new day.
  const todayStart = dayjs(useNow(60_000)).startOf('day');
  const { tasks, events } = useDayActivities(user?.id, todayStart);
  const reminders = useReminderIndex();

  const openTasks = (tasks.data ?? []).filter((task) => task.due_at && !isDone('task', task.status));
  const dayEvents = mergeEvents(events.data ?? [], reminders.data?.meetings.today ?? []);
  const reminderCount = reminders.data ? reminders.data.today.length + reminders.data.previous.length : undefined;
  const nothing =
    tasks.isSuccess &&
    events.isSuccess &&
    reminders.isSuccess &&
    openTasks.length === 0 &&
    dayEvents.length === 0 &&
    reminderCount === 0 &&
    reminders.data.upcoming.length === 0;

  return (
    <Stack data-testid="my-day">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            My day
          </Title>
          <Text c="dimmed">{todayStart.format('dddd, D MMMM YYYY')}</Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
          Add reminder
        </Button>
      </Group>

      {nothing && (
        <Card>
          <EmptyState
            icon={<IconChecklist size={30} />}
            title="A clear day"
            description="No open tasks, meetings, calls or reminders for today. Plan a task or a meeting on a lead, or add a reminder."
          />
        </Card>
      )}

      <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} spacing="md">
        <Column
          title="Tasks"
          icon={<IconChecklist size={18} />}
          count={tasks.data ? openTasks.length : undefined}
          testId="my-day-tasks"
        >
          {tasks.isPending ? (
            <Loading />
          ) : tasks.isError ? (
            <ErrorState onRetry={() => tasks.refetch()} />
          ) : openTasks.length === 0 ? (
            <Quiet>No open tasks due today.</Quiet>
          ) : (
            <Stack gap={0}>
              {openTasks.map((task) => (
                <TaskRow key={task.id} task={task} todayStart={todayStart} />
              ))}
            </Stack>
          )}
        </Column>

        <Column
          title="Meetings and calls"
          icon={<IconCalendarEvent size={18} />}
          count={events.data && reminders.data ? dayEvents.length : undefined}
          testId="my-day-events"
        >
          {events.isPending || reminders.isPending ? (
            <Loading />
          ) : events.isError ? (
            <ErrorState onRetry={() => events.refetch()} />
          ) : dayEvents.length === 0 ? (
            <Quiet>No meetings or calls today.</Quiet>
          ) : (
            <Stack gap={0}>
              {dayEvents.map((event) => (
                <EventRow key={event.id} event={event} />
              ))}
            </Stack>
          )}
        </Column>

        <Column title="Reminders" icon={<IconAlarm size={18} />} count={reminderCount} testId="my-day-reminders">
          {reminders.isPending ? (
            <Loading />
          ) : reminders.isError ? (
            <ErrorState onRetry={() => reminders.refetch()} />
          ) : reminderCount === 0 && reminders.data.upcoming.length === 0 ? (
            <Quiet>No reminders. Add one to be e-mailed and notified when it is due.</Quiet>
          ) : (
            <Stack gap="xs">
              <ReminderList reminders={reminders.data.today} />
              <ReminderList title="Earlier" reminders={reminders.data.previous} />
              <ReminderList title="Coming up" reminders={reminders.data.upcoming} />
            </Stack>
          )}
        </Column>
      </SimpleGrid>

      <AddReminderModal opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}
