import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Group, Loader, Modal, Radio, Stack, Table, Text } from '@mantine/core';
import { IconGitMerge } from '@tabler/icons-react';
import {
  CRM_MESSAGES,
  crmType,
  type FieldValue,
  type MergeSide,
  type RecordDetail,
  type RecordTypeId,
} from '@tradeloop/contracts/crm/records';
import { notifySuccess } from '../../../../lib/notify.ts';
import { detailQueryOptions } from '../api/get-detail.ts';
import { useMergeRecords } from '../api/merge-records.ts';
import { fromDynamicField, fromListField, valueText, type UiField } from '../../shared/fields.ts';
import { FieldInput } from './FieldInput.tsx';

const isEmpty = (value: FieldValue | undefined) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
const same = (a: FieldValue | undefined, b: FieldValue | undefined) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

type Props = { detail: RecordDetail; typeId: RecordTypeId; opened: boolean; onClose: () => void };

/**
 * Merge (decision 065): the user picks another record of the same type, sees both side by side with a
 * choice per field whose values differ, and merges it into this one. Everything related to the other
 * record moves here; the other goes to Recently deleted.
 */
export function MergeRecordsModal({ detail, typeId, opened, onClose }: Props) {
  const type = crmType(typeId);
  const singular = type.singular.toLowerCase();
  const record = detail.record;
  const [otherId, setOtherId] = useState<number | null>(null);
  const [choices, setChoices] = useState<Record<string, MergeSide>>({});
  const chosenOther = otherId !== null && otherId !== record.id ? otherId : null;
  const other = useQuery({ ...detailQueryOptions(typeId, chosenOther ?? 0), enabled: chosenOther !== null });
  const merge = useMergeRecords();

  const picker = fromListField({
    id: null,
    name: 'merge_with',
    label: `${type.singular} to merge into this one`,
    field_type: 'lookup',
    option_list: [],
    settings: { lookup_type_id: typeId as 1 | 2 | 3 | 4 },
    is_system: true,
    on_form: true,
    conditions: [],
  });
  const fields = detail.sections.flatMap((section) => section.form_fields).map(fromDynamicField);
  const otherRecord = chosenOther !== null ? other.data?.record : undefined;
  const refs = {
    users: { ...detail.refs.users, ...other.data?.refs.users },
    records: { ...detail.refs.records, ...other.data?.refs.records },
  };
  const differing = otherRecord
    ? fields.filter((field) => !same(record.values[field.name], otherRecord.values[field.name]))
    : [];
  const sideOf = (field: UiField): MergeSide =>
    choices[field.name] ?? (isEmpty(record.values[field.name]) ? 'merged' : 'kept');

  const close = () => {
    setOtherId(null);
    setChoices({});
    onClose();
  };
  const submit = () => {
    if (!otherRecord) return;
    merge.mutate(
      {
        kept_id: record.id,
        merged_id: otherRecord.id,
        choices: Object.fromEntries(differing.map((field) => [field.name, sideOf(field)])),
      },
      {
        onSuccess: (result) => {
          notifySuccess(result.message ?? 'Merged');
          close();
        },
      },
    );
  };

  const shown = (field: UiField, value: FieldValue | undefined) => valueText(field, value, refs) || 'Empty';

  return (
    <Modal opened={opened} onClose={close} size="xl" title={<Text fw={700}>Merge into {record.title}</Text>}>
      <Stack>
        <FieldInput
          field={picker}
          value={otherId}
          onChange={(value) => {
            setOtherId(typeof value === 'number' ? value : null);
            setChoices({});
          }}
          error={otherId === record.id ? CRM_MESSAGES.mergeSameRecord : undefined}
        />
        {chosenOther !== null && other.isPending && <Loader size="sm" aria-label="Loading the other record" />}
        {otherRecord && (
          <>
            <Alert variant="light" icon={<IconGitMerge size={16} />}>
              Everything of {otherRecord.title} (notes, files, tasks, meetings, calls, e-mails, tags,
              {typeId === 1 ? ' requests, engagement, quotation,' : ''} history) moves to {record.title}.{' '}
              {otherRecord.title} then goes to Recently deleted.
            </Alert>
            {differing.length === 0 ? (
              <Text size="sm">Both {type.name.toLowerCase()} hold the same values.</Text>
            ) : (
              <Table.ScrollContainer minWidth={520}>
                <Table aria-label="Values to keep" verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Field</Table.Th>
                      <Table.Th scope="col">
                        This {singular}: {record.title}
                      </Table.Th>
                      <Table.Th scope="col">
                        Merged {singular}: {otherRecord.title}
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {differing.map((field) => (
                      <Table.Tr key={field.name}>
                        <Table.Th scope="row">{field.label}</Table.Th>
                        {(['kept', 'merged'] as const).map((side) => {
                          const value = side === 'kept' ? record.values[field.name] : otherRecord.values[field.name];
                          return (
                            <Table.Td key={side}>
                              <Radio
                                name={`merge-${field.name}`}
                                value={side}
                                checked={sideOf(field) === side}
                                onChange={() => setChoices({ ...choices, [field.name]: side })}
                                label={shown(field, value)}
                                aria-label={`${field.label}: ${shown(field, value)} (${side === 'kept' ? 'this' : 'merged'} ${singular})`}
                              />
                            </Table.Td>
                          );
                        })}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button loading={merge.isPending} disabled={!otherRecord} onClick={submit}>
            Merge {singular}s
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
