import { useState } from 'react';
import dayjs from 'dayjs';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import '@mantine/dates/styles.css';
import type { RecordTypeId } from '@tradeloop/contracts/crm/records';
import { REMINDER_MESSAGES, REMINDER_TITLE_MAX } from '@tradeloop/contracts/crm/activities';
import { showSubmitError } from '../../../../lib/form.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { targetParams } from '../../shared/target.ts';
import { useStoreReminder } from './api/reminder-actions.ts';

type AddReminderModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The record the reminder is about, if any. */
  record?: { typeId: RecordTypeId; id: number };
};

const inAnHour = () => dayjs().add(1, 'hour').startOf('hour').format('YYYY-MM-DD HH:mm:ss');

/** A reminder by hand: what, and when (in the browser's time); one in the past is sent at once. */
export function AddReminderModal({ opened, onClose, record }: AddReminderModalProps) {
  const [alert, setAlert] = useState<string | null>(null);
  const store = useStoreReminder();
  const form = useForm({
    initialValues: { title: '', remind_at: inAnHour() as string | null },
    validate: {
      title: (value) =>
        !value.trim()
          ? REMINDER_MESSAGES.titleRequired
          : value.trim().length > REMINDER_TITLE_MAX
            ? REMINDER_MESSAGES.titleTooLong
            : null,
      remind_at: (value) => (value && dayjs(value).isValid() ? null : REMINDER_MESSAGES.remindAtRequired),
    },
  });

  const handleClose = () => {
    form.reset();
    form.setFieldValue('remind_at', inAnHour());
    setAlert(null);
    onClose();
  };

  const handleSubmit = form.onSubmit(async (values) => {
    setAlert(null);
    try {
      const result = await store.mutateAsync({
        title: values.title.trim(),
        remind_at: dayjs(values.remind_at).toISOString(),
        ...(record ? targetParams(record.typeId, record.id) : {}),
      });
      notifySuccess(result.message ?? REMINDER_MESSAGES.saved);
      handleClose();
    } catch (error) {
      showSubmitError(error, form, setAlert);
    }
  });

  return (
    <Modal opened={opened} onClose={handleClose} title="Add a reminder">
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          {alert && (
            <Alert color="red" variant="light">
              {alert}
            </Alert>
          )}
          <TextInput
            label="Remind me to"
            placeholder="Call back about the quotation"
            data-autofocus
            required
            maxLength={REMINDER_TITLE_MAX}
            {...form.getInputProps('title')}
          />
          <DateTimePicker
            label="When"
            required
            valueFormat="DD-MM-YYYY hh:mm A"
            timePickerProps={{ format: '12h' }}
            {...form.getInputProps('remind_at')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={handleClose}>
              Cancel
            </Button>
            <Button type="submit" loading={store.isPending}>
              Save reminder
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
