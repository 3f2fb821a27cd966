import { useState } from 'react';
import { Button, Card, Divider, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconCalendarEvent, IconChecklist, IconPhone, IconPlus } from '@tabler/icons-react';
import { type Activity, ACTIVITY_TYPES, type ActivityKind, isDone } from '@tradeloop/contracts/crm/activities';
import { EmptyState } from '../../../../components/EmptyState.tsx';
import { ErrorState } from '../../../../components/ErrorState.tsx';
import { notifySuccess } from '../../../../lib/notify.ts';
import type { DetailTabProps } from '../../shared/detail-tabs.ts';
import { downloadMeetingIcs } from '../api/download-ics.ts';
import { useRecordActivities } from '../api/get-record-activities.ts';
import { useDeleteActivity, useToggleTaskDone } from '../api/save-activity.ts';
import { ActivityFormModal } from './ActivityFormModal.tsx';
import { ActivityItem } from './ActivityItem.tsx';

const ICONS = { task: IconChecklist, meeting: IconCalendarEvent, call: IconPhone } as const;
const EMPTY = {
  task: 'Plan the next step: send samples, prepare a quotation, follow up.',
  meeting: 'Schedule a visit or a video call; participants get a calendar invitation.',
  call: 'Log a call you made or took, or schedule the next one.',
} as const;

/** A record's tasks, meetings or calls: open ones first, with add, edit, complete and delete. */
export function ActivityTab({ kind, typeId, record }: DetailTabProps & { kind: ActivityKind }) {
  const type = ACTIVITY_TYPES[kind];
  const lower = type.singular.toLowerCase();
  const activities = useRecordActivities(kind, typeId, record.id);
  const toggle = useToggleTaskDone();
  const remove = useDeleteActivity();
  const [form, setForm] = useState<{ editing: Activity | null } | null>(null);
  const [deleting, setDeleting] = useState<Activity | null>(null);
  const Icon = ICONS[kind];
  const closed = !!record.deleted_at;

  const handleDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting, {
      onSuccess: (result) => {
        notifySuccess(result.message ?? 'Deleted');
        setDeleting(null);
      },
    });
  };

  const addButton = (
    <Button
      size="xs"
      leftSection={<IconPlus size={14} />}
      onClick={() => setForm({ editing: null })}
      disabled={closed}
      data-testid={`add-${kind}`}
    >
      {kind === 'call' ? 'Log call' : `Add ${lower}`}
    </Button>
  );

  let body;
  if (activities.isPending) {
    body = (
      <Stack>
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} height={44} />
        ))}
      </Stack>
    );
  } else if (activities.isError) {
    body = <ErrorState onRetry={() => void activities.refetch()} />;
  } else if (activities.data.length === 0) {
    body = (
      <EmptyState
        icon={<Icon size={30} />}
        title={`No ${type.plural.toLowerCase()} yet`}
        description={EMPTY[kind]}
        action={addButton}
      />
    );
  } else {
    const open = activities.data.filter((activity) => !isDone(kind, activity.status));
    const finished = activities.data.filter((activity) => isDone(kind, activity.status));
    const item = (activity: Activity) => (
      <ActivityItem
        key={activity.id}
        activity={activity}
        onEdit={closed ? undefined : (chosen) => setForm({ editing: chosen })}
        onDelete={closed ? undefined : setDeleting}
        onToggleDone={closed ? undefined : toggle.handleToggle}
        onDownload={(meeting) => void downloadMeetingIcs(meeting)}
        busy={toggle.isPending}
      />
    );
    body = (
      <Stack gap="sm" data-testid={`${kind}-list`}>
        {open.map(item)}
        {finished.length > 0 && (
          <>
            <Divider label={kind === 'task' ? 'Completed' : 'Done'} labelPosition="left" />
            {finished.map(item)}
          </>
        )}
      </Stack>
    );
  }

  return (
    <Card>
      <Group justify="space-between" mb="md">
        <Text fw={700}>{type.plural}</Text>
        {activities.data && activities.data.length > 0 && addButton}
      </Group>
      {body}
      <ActivityFormModal
        kind={kind}
        opened={form !== null}
        onClose={() => setForm(null)}
        target={{ typeId, record }}
        editing={form?.editing}
      />
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={`Delete this ${lower}?`}>
        <Stack>
          <Text size="sm">
            “{deleting?.subject}” will be removed from this record.
            {kind === 'meeting' ? ' Participants of a meeting still to come get a cancellation.' : ''}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button color="red" loading={remove.isPending} onClick={handleDelete} data-testid="activity-delete-confirm">
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

export const TasksTab = (props: DetailTabProps) => <ActivityTab kind="task" {...props} />;
export const MeetingsTab = (props: DetailTabProps) => <ActivityTab kind="meeting" {...props} />;
export const CallsTab = (props: DetailTabProps) => <ActivityTab kind="call" {...props} />;
