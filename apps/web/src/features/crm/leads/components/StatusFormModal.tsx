import { useState } from 'react';
import { ColorSwatch, Group, Input, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck } from '@tabler/icons-react';
import {
  type LeadStatus,
  STATUS_COLOURS,
  type StatusColour,
  statusStoreBodySchema,
} from '@tradeloop/contracts/crm/leads';
import { showSubmitError, zodFormValidator } from '../../../../lib/form.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { useCreateStatus, useUpdateStatus } from '../api/statuses.ts';
import { statusColour } from './StatusSelect.tsx';
import { FormAlert, FormButtons } from './SettingsParts.tsx';

type FormValues = { name: string; colour: StatusColour; is_converted: boolean; is_lost: boolean };

const validate = zodFormValidator(statusStoreBodySchema);

type StatusFormModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The status being edited; a new one otherwise. */
  editing: LeadStatus | null;
};

const valuesOf = (editing: LeadStatus | null): FormValues =>
  editing
    ? {
        name: editing.name,
        colour: (STATUS_COLOURS as readonly string[]).includes(editing.colour)
          ? (editing.colour as StatusColour)
          : 'gray',
        is_converted: editing.is_converted,
        is_lost: editing.is_lost,
      }
    : { name: '', colour: 'blue', is_converted: false, is_lost: false };

/** Add or edit a status: name, colour, and whether it counts as converted or as lost. */
export function StatusFormModal({ opened, onClose, editing }: StatusFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={editing ? `Edit “${editing.name}”` : 'Add a status'}>
      {opened && <StatusForm key={editing?.id ?? 'new'} editing={editing} onDone={onClose} />}
    </Modal>
  );
}

/** The form, made afresh each time the modal opens, for the status it opens with. */
function StatusForm({ editing, onDone }: { editing: LeadStatus | null; onDone: () => void }) {
  const create = useCreateStatus();
  const update = useUpdateStatus();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<FormValues>({ initialValues: valuesOf(editing), validate });

  const handleSubmit = form.onSubmit((values) => {
    const options = {
      onSuccess: (result: { message?: string }) => {
        notifySuccess(result.message ?? 'Saved');
        onDone();
      },
      onError: (error: unknown) => showSubmitError(error, form, setAlert),
    };
    if (editing) update.mutate({ id: editing.id, body: values }, options);
    else create.mutate(values, options);
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        <FormAlert message={alert} />
        <TextInput
          label="Name"
          required
          data-autofocus
          description={editing?.lead_count ? 'Leads with this status keep it under the new name.' : undefined}
          {...form.getInputProps('name')}
        />
        <Input.Wrapper label="Colour">
          <Group gap={6} mt={4} role="radiogroup" aria-label="Colour">
            {STATUS_COLOURS.map((colour) => (
              <ColorSwatch
                key={colour}
                component="button"
                type="button"
                role="radio"
                aria-checked={form.values.colour === colour}
                aria-label={colour}
                color={statusColour(colour)}
                size={26}
                style={{ cursor: 'pointer', color: 'white' }}
                onClick={() => form.setFieldValue('colour', colour)}
              >
                {form.values.colour === colour && <IconCheck size={14} />}
              </ColorSwatch>
            ))}
          </Group>
        </Input.Wrapper>
        <Switch
          label="Counts as converted (won)"
          checked={form.values.is_converted}
          onChange={(event) => {
            form.setFieldValue('is_converted', event.currentTarget.checked);
            if (event.currentTarget.checked) form.setFieldValue('is_lost', false);
          }}
        />
        <Switch
          label="Counts as lost"
          checked={form.values.is_lost}
          error={form.errors.is_lost}
          onChange={(event) => {
            form.setFieldValue('is_lost', event.currentTarget.checked);
            if (event.currentTarget.checked) form.setFieldValue('is_converted', false);
          }}
        />
        <FormButtons
          onCancel={onDone}
          label={editing ? 'Save' : 'Add status'}
          loading={create.isPending || update.isPending}
        />
      </Stack>
    </form>
  );
}
