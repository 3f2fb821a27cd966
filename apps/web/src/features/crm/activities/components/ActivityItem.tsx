import { Link } from 'react-router';
import { ActionIcon, Anchor, Badge, Checkbox, Group, Menu, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconBell,
  IconCalendarDown,
  IconDots,
  IconMapPin,
  IconPencil,
  IconPhoneIncoming,
  IconPhoneOutgoing,
  IconTrash,
  IconUsers,
  IconVideo,
} from '@tabler/icons-react';
import type { RecordTypeId } from '@tradeloop/contracts/crm/records';
import { type Activity, ACTIVITY_TYPES, isDone, PRIORITY_LABELS } from '@tradeloop/contracts/crm/activities';
import { dateLabel, time12 } from '../../../../lib/format.ts';
import { CRM_PATHS } from '../../shared/paths.ts';
import { useNow } from '../reminders/use-now.ts';
import { statusColour, statusLabel, whenText } from '../format.ts';

type ActivityItemProps = {
  activity: Activity;
  /** Show the record it belongs to (lists across records). */
  showRecord?: boolean;
  /** A narrow column (the board, the agenda): badges under the subject. */
  compact?: boolean;
  /** Name the kind (lists mixing tasks, meetings and calls). */
  showKind?: boolean;
  onEdit?: (activity: Activity) => void;
  onDelete?: (activity: Activity) => void;
  onToggleDone?: (activity: Activity, done: boolean) => void;
  onDownload?: (activity: Activity) => void;
  busy?: boolean;
};

function Badges({ activity, compact, showKind }: { activity: Activity; compact?: boolean; showKind?: boolean }) {
  return (
    <Group gap={6} wrap={compact ? 'wrap' : 'nowrap'}>
      {showKind && (
        <Badge size="sm" variant="dot" color="gray" tt="none">
          {ACTIVITY_TYPES[activity.kind].singular}
        </Badge>
      )}
      {activity.reminder_at && (
        <Tooltip label={`Reminder ${dateLabel(activity.reminder_at)} ${time12(activity.reminder_at)}`}>
          <IconBell size={15} aria-label="Reminder set" />
        </Tooltip>
      )}
      {activity.kind === 'task' && activity.priority !== 'normal' && (
        <Badge size="sm" variant="outline" color={activity.priority === 'high' ? 'red' : 'gray'} tt="none">
          {PRIORITY_LABELS[activity.priority]}
        </Badge>
      )}
      <Badge
        size="sm"
        variant="light"
        color={statusColour(activity.status)}
        tt="none"
        data-testid="activity-status-badge"
      >
        {statusLabel(activity.status)}
      </Badge>
    </Group>
  );
}

function Facts({ activity }: { activity: Activity }) {
  const others = activity.participants.length;
  if (!activity.location && !activity.meeting_link && others === 0 && !activity.outcome) return null;
  return (
    <Group gap="sm" wrap="wrap">
      {activity.location && (
        <Group gap={4} wrap="nowrap">
          <IconMapPin size={13} aria-hidden />
          <Text size="xs">{activity.location}</Text>
        </Group>
      )}
      {activity.meeting_link && (
        <Anchor href={activity.meeting_link} target="_blank" rel="noreferrer" size="xs">
          <Group gap={4} wrap="nowrap">
            <IconVideo size={13} aria-hidden />
            Join
          </Group>
        </Anchor>
      )}
      {others > 0 && (
        <Tooltip label={activity.participants.map((participant) => participant.name ?? participant.email).join(', ')}>
          <Group gap={4} wrap="nowrap">
            <IconUsers size={13} aria-hidden />
            <Text size="xs">{others}</Text>
          </Group>
        </Tooltip>
      )}
      {activity.outcome && (
        <Text size="xs" c="dimmed">
          {activity.outcome}
        </Text>
      )}
    </Group>
  );
}

function Actions({
  activity,
  onEdit,
  onDelete,
  onDownload,
}: Omit<ActivityItemProps, 'showRecord' | 'compact' | 'showKind'>) {
  if (!onEdit && !onDelete && !onDownload) return null;
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Actions for ${activity.subject}`}
          data-testid="activity-menu"
        >
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {onEdit && (
          <Menu.Item
            leftSection={<IconPencil size={14} />}
            onClick={() => onEdit(activity)}
            data-testid="activity-edit"
          >
            Edit
          </Menu.Item>
        )}
        {onDownload && activity.kind === 'meeting' && (
          <Menu.Item leftSection={<IconCalendarDown size={14} />} onClick={() => onDownload(activity)}>
            Add to my calendar (.ics)
          </Menu.Item>
        )}
        {onDelete && (
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={() => onDelete(activity)}
            data-testid="activity-delete"
          >
            Delete
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** One task, meeting or call: what, when, its status, and what can be done with it. */
export function ActivityItem(props: ActivityItemProps) {
  const { activity, showRecord, compact, showKind, onToggleDone, busy } = props;
  const now = useNow(60_000);
  const done = isDone(activity.kind, activity.status);
  const overdue = !done && activity.kind === 'task' && activity.due_at !== null && Date.parse(activity.due_at) < now;
  return (
    <Group
      justify="space-between"
      align="flex-start"
      wrap="nowrap"
      gap="sm"
      data-testid="activity-item"
      data-kind={activity.kind}
      data-status={activity.status}
    >
      <Group align="flex-start" wrap="nowrap" gap="sm" style={{ minWidth: 0, flex: 1 }}>
        {activity.kind === 'task' && onToggleDone && (
          <Checkbox
            mt={2}
            checked={done}
            disabled={busy}
            aria-label={done ? `Reopen ${activity.subject}` : `Complete ${activity.subject}`}
            data-testid="activity-complete"
            onChange={(event) => onToggleDone(activity, event.currentTarget.checked)}
          />
        )}
        {activity.kind === 'call' &&
          !compact &&
          (activity.call_direction === 'inbound' ? (
            <IconPhoneIncoming size={18} aria-label="Inbound" style={{ marginTop: 2, flex: 'none' }} />
          ) : (
            <IconPhoneOutgoing size={18} aria-label="Outbound" style={{ marginTop: 2, flex: 'none' }} />
          ))}
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" td={done && activity.kind === 'task' ? 'line-through' : undefined} lineClamp={2}>
            {activity.subject}
          </Text>
          {compact && <Badges activity={activity} compact showKind={showKind} />}
          <Text size="xs" c={overdue ? 'red' : 'dimmed'}>
            {whenText(activity)}
            {activity.owner ? ` · ${activity.owner.full_name}` : ''}
          </Text>
          {showRecord && activity.record && (
            <Anchor
              component={Link}
              to={CRM_PATHS.detail(activity.record.type_id as RecordTypeId, activity.record.id)}
              size="xs"
              truncate
            >
              {activity.record.title}
            </Anchor>
          )}
          <Facts activity={activity} />
          {activity.description && !compact && (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {activity.description}
            </Text>
          )}
        </Stack>
      </Group>
      <Group gap={6} wrap="nowrap" style={{ flex: 'none' }}>
        {!compact && <Badges activity={activity} showKind={showKind} />}
        <Actions {...props} />
      </Group>
    </Group>
  );
}
