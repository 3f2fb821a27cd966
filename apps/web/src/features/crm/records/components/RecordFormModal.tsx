import { useState } from 'react';
import { Alert, Button, Divider, Group, Modal, ScrollArea, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  type CrmRecord,
  crmType,
  type DynamicSection,
  type FieldValue,
  type RecordTypeId,
  type RecordValues,
  type Refs,
} from '@tradeloop/contracts/crm/records';
import { isApiError } from '../../../../lib/api-client.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { useAddForm, type AddFormSource } from '../../forms/api/get-form.ts';
import { useCreateRecord, useUpdateRecord } from '../api/records.ts';
import { fromDynamicField } from '../../shared/fields.ts';
import { FieldInput } from './FieldInput.tsx';

type RecordFormProps = {
  sections: DynamicSection[];
  values: RecordValues;
  onChange: (name: string, value: FieldValue) => void;
  errors: Record<string, string[]>;
  knownTitles: Record<string, string>;
};

/** The sections of a form as the seller laid them out: one or two columns each. */
export function RecordFormSections({ sections, values, onChange, errors, knownTitles }: RecordFormProps) {
  return (
    <Stack gap="lg">
      {sections
        .filter((section) => section.form_fields.length > 0)
        .map((section) => (
          <fieldset key={section.id} style={{ border: 0, padding: 0, margin: 0 }}>
            <Divider
              label={
                <Text fw={700} size="sm">
                  {section.name}
                </Text>
              }
              labelPosition="left"
              mb="sm"
            />
            <SimpleGrid
              cols={{ base: 1, sm: section.tab_columns === 'multi' ? 2 : 1 }}
              spacing="md"
              verticalSpacing="sm"
            >
              {section.form_fields.map((field) => (
                <div
                  key={field.id}
                  style={
                    field.type === 'textarea' && section.tab_columns === 'multi' ? { gridColumn: '1 / -1' } : undefined
                  }
                >
                  <FieldInput
                    field={fromDynamicField(field)}
                    value={values[field.name]}
                    onChange={(value) => onChange(field.name, value)}
                    error={errors[field.name]?.[0]}
                    knownTitles={knownTitles}
                  />
                </div>
              ))}
            </SimpleGrid>
          </fieldset>
        ))}
    </Stack>
  );
}

function initialValues(sections: DynamicSection[]) {
  const values: RecordValues = {};
  for (const section of sections)
    for (const field of section.form_fields) if (field.value !== null) values[field.name] = field.value;
  return values;
}

type RecordFormModalProps = {
  typeId: RecordTypeId;
  opened: boolean;
  onClose: () => void;
  /** Editing: the record and its sections with values (from its info call). */
  editing?: { record: CrmRecord; sections: DynamicSection[]; refs: Refs };
  /** Adding from a related record (a contact or an account). */
  source?: AddFormSource;
  onSaved?: (record: CrmRecord) => void;
};

/** Add or edit a record through its type's form; required and unique flags come back as field errors. */
export function RecordFormModal({
  typeId,
  opened,
  onClose,
  editing,
  source = { kind: 'none' },
  onSaved,
}: RecordFormModalProps) {
  const addForm = useAddForm(typeId, source, opened && !editing);
  const singular = crmType(typeId).singular;
  const sections = editing?.sections ?? addForm.data?.sections;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={700}>{editing ? `Edit ${singular.toLowerCase()}` : `New ${singular.toLowerCase()}`}</Text>}
      size="xl"
      scrollAreaComponent={ScrollArea.Autosize}
    >
      {!sections ? (
        <Stack>
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} height={36} />
          ))}
        </Stack>
      ) : (
        <RecordFormBody
          key={editing ? editing.record.updated_at : addForm.dataUpdatedAt}
          typeId={typeId}
          sections={sections}
          formUniqueId={addForm.data?.crm_user_form_unique_id}
          editing={editing}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </Modal>
  );
}

type BodyProps = Omit<RecordFormModalProps, 'opened' | 'source'> & {
  sections: DynamicSection[];
  formUniqueId?: string;
};

function RecordFormBody({ typeId, sections, formUniqueId, editing, onClose, onSaved }: BodyProps) {
  const [values, setValues] = useState<RecordValues>(() =>
    editing ? { ...editing.record.values } : initialValues(sections),
  );
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const create = useCreateRecord();
  const update = useUpdateRecord();
  const singular = crmType(typeId).singular;

  const handleChange = (name: string, value: FieldValue) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: [] }));
  };
  const handleFailure = (failure: unknown) => {
    if (isApiError(failure) && failure.errors) setErrors(failure.errors);
  };
  const handleSubmit = () => {
    const done = (result: { data: CrmRecord; message?: string }) => {
      notifySuccess(result.message ?? 'Saved');
      onSaved?.(result.data);
      onClose();
    };
    if (editing) {
      // Only what changed, plus emptied values, so untouched required fields are not re-sent.
      const before = editing.record.values;
      const names = new Set([...Object.keys(before), ...Object.keys(values)]);
      const changed = Object.fromEntries(
        [...names]
          .filter((name) => JSON.stringify(before[name] ?? null) !== JSON.stringify(values[name] ?? null))
          .map((name) => [name, values[name] ?? null]),
      );
      update.mutate({ id: editing.record.id, values: changed }, { onSuccess: done, onError: handleFailure });
    } else {
      create.mutate(
        { type_id: typeId, values, crm_user_form_unique_id: formUniqueId },
        { onSuccess: done, onError: handleFailure },
      );
    }
  };
  const generalError = Object.entries(errors).find(
    ([name, messages]) =>
      messages.length && !sections.some((section) => section.form_fields.some((field) => field.name === name)),
  );
  const knownTitles = Object.fromEntries(
    Object.entries(editing?.refs.records ?? {}).map(([id, ref]) => [id, ref.title]),
  );

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        handleSubmit();
      }}
    >
      <Stack gap="lg">
        {generalError && (
          <Alert color="red" icon={<IconAlertTriangle size={16} />}>
            {generalError[1][0]}
          </Alert>
        )}
        <RecordFormSections
          sections={sections}
          values={values}
          onChange={handleChange}
          errors={errors}
          knownTitles={knownTitles}
        />
        <Group justify="flex-end" pos="sticky" bottom={0} py="sm" bg="white">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {editing ? 'Save changes' : `Create ${singular.toLowerCase()}`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
