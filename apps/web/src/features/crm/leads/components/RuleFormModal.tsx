import { useState } from 'react';
import { Modal, MultiSelect, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  ASSIGNMENT_MODE_LABELS,
  ASSIGNMENT_MODES,
  type AssignmentMode,
  type AssignmentRule,
  assignmentRuleBodySchema,
} from '@tradeloop/contracts/crm/leads';
import { showSubmitError, zodFormValidator } from '../../../../lib/form.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { useCrmUsers } from '../../shared/api/get-users.ts';
import { useSaveRule } from '../api/rules.ts';
import { useRuleOptions } from '../api/rule-options.ts';
import { FormAlert, FormButtons } from './SettingsParts.tsx';

type FormValues = { name: string; mode: AssignmentMode; match_ids: string[]; user_ids: string[]; is_active: boolean };

const toBody = (values: FormValues) => ({
  name: values.name,
  mode: values.mode,
  match_ids: values.mode === 'round_robin' ? [] : values.match_ids.map(Number),
  user_ids: values.user_ids.map(Number),
  is_active: values.is_active,
});

const schemaCheck = zodFormValidator(assignmentRuleBodySchema);
const validate = (values: FormValues) => schemaCheck(toBody(values));

type RuleFormModalProps = { opened: boolean; onClose: () => void; editing: AssignmentRule | null };

const valuesOf = (editing: AssignmentRule | null): FormValues =>
  editing
    ? {
        name: editing.name,
        mode: editing.mode,
        match_ids: editing.match_ids.map(String),
        user_ids: editing.user_ids.map(String),
        is_active: editing.is_active,
      }
    : { name: '', mode: 'round_robin', match_ids: [], user_ids: [], is_active: true };

/** Add or edit a rule: how it matches new leads, and whose turn it is to get them. */
export function RuleFormModal({ opened, onClose, editing }: RuleFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={editing ? `Edit “${editing.name}”` : 'Add a rule'} size="lg">
      {opened && <RuleForm key={editing?.id ?? 'new'} editing={editing} onDone={onClose} />}
    </Modal>
  );
}

/** The form, made afresh each time the modal opens, for the rule it opens with. */
function RuleForm({ editing, onDone }: { editing: AssignmentRule | null; onDone: () => void }) {
  const save = useSaveRule();
  const users = useCrmUsers();
  const options = useRuleOptions();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<FormValues>({ initialValues: valuesOf(editing), validate });

  const handleSubmit = form.onSubmit((values) =>
    save.mutate(
      { id: editing?.id, body: toBody(values) },
      {
        onSuccess: (result) => {
          notifySuccess(result.message ?? 'Rule saved');
          onDone();
        },
        onError: (error) => showSubmitError(error, form, setAlert),
      },
    ),
  );

  const matchData =
    form.values.mode === 'territory'
      ? (options.data?.territories ?? []).map((territory) => ({ value: String(territory.id), label: territory.name }))
      : (options.data?.categories ?? []).map((category) => ({ value: String(category.id), label: category.path }));

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        <FormAlert message={alert} />
        <TextInput label="Name" placeholder="Europe desk" required data-autofocus {...form.getInputProps('name')} />
        <Select
          label="Matches"
          data={ASSIGNMENT_MODES.map((mode) => ({ value: mode, label: ASSIGNMENT_MODE_LABELS[mode] }))}
          allowDeselect={false}
          {...form.getInputProps('mode')}
          onChange={(value) => {
            form.setFieldValue('mode', (value ?? 'round_robin') as AssignmentMode);
            form.setFieldValue('match_ids', []);
          }}
        />
        {form.values.mode !== 'round_robin' && (
          <MultiSelect
            label={form.values.mode === 'territory' ? 'Territories' : 'Product categories'}
            description={
              form.values.mode === 'territory'
                ? 'From the country on the lead.'
                : 'A category includes the ones below it; matched on quote requests and chat enquiries about a product.'
            }
            placeholder={options.isPending ? 'Loading…' : 'Choose'}
            data={matchData}
            searchable
            limit={100}
            required
            nothingFoundMessage="Nothing by that name"
            {...form.getInputProps('match_ids')}
          />
        )}
        <MultiSelect
          label="Assign to, in turn"
          placeholder={users.isPending ? 'Loading people…' : 'Choose people'}
          data={(users.data ?? []).map((user) => ({ value: String(user.id), label: user.full_name }))}
          searchable
          required
          {...form.getInputProps('user_ids')}
        />
        <Switch label="Active" {...form.getInputProps('is_active', { type: 'checkbox' })} />
        <FormButtons onCancel={onDone} label={editing ? 'Save' : 'Add rule'} loading={save.isPending} />
      </Stack>
    </form>
  );
}
