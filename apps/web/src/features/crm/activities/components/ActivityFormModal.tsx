import { useState } from 'react';
import {
  Alert,
  Autocomplete,
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DatePickerInput, DateTimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import '@mantine/dates/styles.css';
import type { CrmRecord, RecordTypeId } from '@tradeloop/contracts/crm/records';
import {
  type Activity,
  ACTIVITY_LIMITS,
  ACTIVITY_MESSAGES,
  ACTIVITY_STATUSES,
  ACTIVITY_TYPES,
  type ActivityBody,
  type ActivityKind,
  CALL_DIRECTION_LABELS,
  CALL_DIRECTIONS,
  CALL_OUTCOMES,
  PRIORITIES,
  PRIORITY_LABELS,
  REMINDER_OPTIONS,
  STATUS_LABELS,
} from '@tradeloop/contracts/crm/activities';
import { showSubmitError } from '../../../../lib/form.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { useSession } from '../../../../lib/session.ts';
import { useCrmUsers } from '../../shared/api/get-users.ts';
import { targetParams } from '../../shared/target.ts';
import { useSaveActivity } from '../api/save-activity.ts';
import { EMAIL, initialValues, instant, toBody, type FormValues } from '../activity-form.ts';
import { dateTimeLabel } from '../../../../lib/format.ts';

type ActivityFormModalProps = {
  kind: ActivityKind;
  opened: boolean;
  onClose: () => void;
  /** The record a new activity belongs to. */
  target?: { typeId: RecordTypeId; record: CrmRecord };
  /** The activity being edited. */
  editing?: Activity | null;
};

const PICKER = { valueFormat: 'DD-MM-YYYY hh:mm A', timePickerProps: { format: '12h' as const } };

/** Add or edit a task, meeting or call; the server's messages land on their fields. */
export function ActivityFormModal({ kind, opened, onClose, target, editing }: ActivityFormModalProps) {
  const type = ACTIVITY_TYPES[kind];
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={
        <Text fw={700}>{editing ? `Edit ${type.singular.toLowerCase()}` : `New ${type.singular.toLowerCase()}`}</Text>
      }
    >
      {opened && (
        <ActivityForm
          key={editing?.updated_at ?? 'new'}
          kind={kind}
          target={target}
          editing={editing}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function ActivityForm({ kind, target, editing, onClose }: Omit<ActivityFormModalProps, 'opened'>) {
  const type = ACTIVITY_TYPES[kind];
  const session = useSession();
  const users = useCrmUsers();
  const save = useSaveActivity(kind);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<FormValues>({
    initialValues: initialValues(kind, editing, session.user?.id ?? null),
    validate: {
      subject: (value) => (value.trim() ? null : ACTIVITY_MESSAGES.subjectRequired),
      starts_at: (value) =>
        kind === 'task' || value
          ? null
          : kind === 'call'
            ? ACTIVITY_MESSAGES.callTimeRequired
            : ACTIVITY_MESSAGES.startRequired,
      ends_at: (value, values) => {
        if (kind !== 'meeting') return null;
        if (!value) return ACTIVITY_MESSAGES.endRequired;
        const start = instant(values.starts_at, values.all_day);
        const end = instant(value, values.all_day);
        if (!start || !end) return null;
        return (values.all_day ? end >= start : end > start) ? null : ACTIVITY_MESSAGES.endBeforeStart;
      },
      participants: (value) =>
        value.every((email) => EMAIL.test(email)) ? null : ACTIVITY_MESSAGES.participantEmailInvalid,
      meeting_link: (value) =>
        !value.trim() || /^https?:\/\/\S+$/i.test(value.trim()) ? null : ACTIVITY_MESSAGES.linkInvalid,
      reminder: (value, values) =>
        value === 'none' || value === 'keep' || (kind === 'task' ? values.due_at : values.starts_at)
          ? null
          : `Set the ${kind === 'task' ? 'due date' : 'start time'} to be reminded before it`,
    },
  });

  const userOptions = (users.data ?? []).map((user) => ({ value: String(user.id), label: user.full_name }));
  const recordEmail = typeof target?.record.values.email === 'string' ? target.record.values.email : null;
  const suggestions = [
    ...(recordEmail ? [{ group: 'This record', items: [recordEmail] }] : []),
    {
      group: 'Your team',
      items: (users.data ?? []).map((user) => user.email_id).filter((email) => email !== recordEmail),
    },
  ].filter((group) => group.items.length > 0);
  const nameOf = new Map((users.data ?? []).map((user) => [user.email_id, user.full_name]));

  const handleSubmit = form.onSubmit(async (values) => {
    setAlert(null);
    const body = toBody(kind, values, users.data ?? [], editing) as ActivityBody;
    const where = editing ? { id: editing.id } : target ? targetParams(target.typeId, target.record.id) : {};
    try {
      const result = await save.mutateAsync({ ...body, ...where });
      notifySuccess(result.message ?? ACTIVITY_MESSAGES.saved(kind, !editing));
      onClose();
    } catch (error) {
      showSubmitError(error, form, setAlert);
    }
  });

  const statusOptions = ACTIVITY_STATUSES[kind].map((status) => ({ value: status, label: STATUS_LABELS[status] }));
  const showStatus = kind === 'task' || !!editing;

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="activity-form" data-kind={kind}>
      <Stack>
        {alert && (
          <Alert color="red" variant="light">
            {alert}
          </Alert>
        )}
        <TextInput
          label="Subject"
          required
          data-autofocus
          maxLength={ACTIVITY_LIMITS.subject}
          placeholder={kind === 'task' ? 'Send samples' : kind === 'meeting' ? 'Factory visit' : 'Follow-up call'}
          data-testid="activity-subject"
          {...form.getInputProps('subject')}
        />

        {kind === 'task' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DateTimePicker
              label="Due"
              clearable
              placeholder="No due date"
              data-testid="activity-due"
              {...PICKER}
              {...form.getInputProps('due_at')}
            />
            <Select
              label="Priority"
              data={PRIORITIES.map((value) => ({ value, label: PRIORITY_LABELS[value] }))}
              allowDeselect={false}
              {...form.getInputProps('priority')}
            />
          </SimpleGrid>
        )}

        {kind === 'meeting' && (
          <>
            <Switch label="All day" {...form.getInputProps('all_day', { type: 'checkbox' })} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {form.values.all_day ? (
                <>
                  <DatePickerInput
                    label="First day"
                    required
                    valueFormat="DD-MM-YYYY"
                    value={form.values.starts_at?.slice(0, 10) ?? null}
                    onChange={(value) => form.setFieldValue('starts_at', value ? `${value} 00:00:00` : null)}
                    error={form.errors.starts_at}
                  />
                  <DatePickerInput
                    label="Last day"
                    required
                    valueFormat="DD-MM-YYYY"
                    value={form.values.ends_at?.slice(0, 10) ?? null}
                    onChange={(value) => form.setFieldValue('ends_at', value ? `${value} 00:00:00` : null)}
                    error={form.errors.ends_at}
                  />
                </>
              ) : (
                <>
                  <DateTimePicker
                    label="Starts"
                    required
                    data-testid="activity-starts"
                    {...PICKER}
                    {...form.getInputProps('starts_at')}
                  />
                  <DateTimePicker
                    label="Ends"
                    required
                    data-testid="activity-ends"
                    {...PICKER}
                    {...form.getInputProps('ends_at')}
                  />
                </>
              )}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Location"
                placeholder="Plant 2, Morbi"
                maxLength={ACTIVITY_LIMITS.location}
                {...form.getInputProps('location')}
              />
              <TextInput
                label="Meeting link"
                placeholder="https://meet.example.com/…"
                maxLength={ACTIVITY_LIMITS.link}
                {...form.getInputProps('meeting_link')}
              />
            </SimpleGrid>
            <TagsInput
              label="Participants"
              description="People of your team, or any e-mail address: each gets a calendar invitation."
              placeholder="Type an e-mail address and press Enter"
              data={suggestions}
              maxTags={ACTIVITY_LIMITS.participants}
              splitChars={[',', ' ', ';']}
              clearable
              data-testid="activity-participants"
              renderOption={({ option }) => (
                <Stack gap={0}>
                  <Text size="sm">{nameOf.get(option.value) ?? option.value}</Text>
                  {nameOf.has(option.value) && (
                    <Text size="xs" c="dimmed">
                      {option.value}
                    </Text>
                  )}
                </Stack>
              )}
              {...form.getInputProps('participants')}
            />
          </>
        )}

        {kind === 'call' && (
          <>
            <SegmentedControl
              aria-label="Direction"
              data={CALL_DIRECTIONS.map((value) => ({ value, label: CALL_DIRECTION_LABELS[value] }))}
              {...form.getInputProps('call_direction')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <DateTimePicker
                label="Call time"
                required
                data-testid="activity-starts"
                {...PICKER}
                {...form.getInputProps('starts_at')}
              />
              <NumberInput
                label="Duration (minutes)"
                min={0}
                max={ACTIVITY_LIMITS.durationSeconds / 60}
                allowDecimal={false}
                {...form.getInputProps('duration_minutes')}
              />
            </SimpleGrid>
            <Autocomplete
              label="Outcome"
              placeholder="Interested"
              data={[...CALL_OUTCOMES]}
              maxLength={ACTIVITY_LIMITS.outcome}
              {...form.getInputProps('outcome')}
            />
          </>
        )}

        <SimpleGrid cols={{ base: 1, sm: showStatus ? 3 : 2 }}>
          {showStatus && (
            <Select
              label="Status"
              data={statusOptions}
              allowDeselect={false}
              data-testid="activity-status"
              {...form.getInputProps('status')}
            />
          )}
          <Select
            label="Owner"
            data={userOptions}
            searchable
            allowDeselect={false}
            placeholder={users.isPending ? 'Loading…' : undefined}
            {...form.getInputProps('owner_id')}
          />
          <Select
            label="Reminder"
            allowDeselect={false}
            data-testid="activity-reminder"
            data={[
              ...REMINDER_OPTIONS.map((option) => ({ value: option.value, label: option.label })),
              ...(form.values.reminder === 'keep' && editing?.reminder_at
                ? [{ value: 'keep', label: `At ${dateTimeLabel(editing.reminder_at)}` }]
                : []),
            ]}
            {...form.getInputProps('reminder')}
          />
        </SimpleGrid>

        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxRows={8}
          maxLength={ACTIVITY_LIMITS.description}
          {...form.getInputProps('description')}
        />

        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="activity-save">
            {editing ? 'Save changes' : `Add ${type.singular.toLowerCase()}`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
