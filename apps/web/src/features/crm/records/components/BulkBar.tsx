import { useState } from 'react';
import { Button, Group, Modal, Paper, Select, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconPencil, IconTrash, IconUserShare, IconX } from '@tabler/icons-react';
import type { FieldValue, RecordTypeId } from '@tradeloop/contracts/crm/records';
import { notifySuccess } from '../../../../lib/notify.ts';
import { useCrmUsers } from '../../shared/api/get-users.ts';
import { useBulkAssign, useBulkDelete, useBulkRestore, useBulkUpdate } from '../api/records.ts';
import type { UiField } from '../../shared/fields.ts';
import { FieldInput } from './FieldInput.tsx';

type BulkBarProps = {
  typeId: RecordTypeId;
  ids: number[];
  fields: UiField[];
  inBin: boolean;
  /** What the role may do with records of this type (decision 038): edit and assign, delete and restore. */
  mayEdit: boolean;
  mayDelete: boolean;
  onDone: () => void;
};

/** Actions on the selected rows: edit one field, assign an owner, delete or restore. */
export function BulkBar({ typeId, ids, fields, inBin, mayEdit, mayDelete, onDone }: BulkBarProps) {
  const [dialog, setDialog] = useState<'edit' | 'assign' | 'delete' | null>(null);
  const [fieldName, setFieldName] = useState<string | null>(null);
  const [value, setValue] = useState<FieldValue>(null);
  const [ownerId, setOwnerId] = useState<string | null>(null);
  const users = useCrmUsers();
  const update = useBulkUpdate();
  const assign = useBulkAssign();
  const remove = useBulkDelete();
  const restore = useBulkRestore();
  const editable = fields.filter((field) => !field.isColumn && field.sectionId !== null);
  const field = editable.find((candidate) => candidate.name === fieldName);
  const finish = (message?: string) => {
    if (message) notifySuccess(message);
    setDialog(null);
    onDone();
  };
  const count = `${ids.length} selected`;

  return (
    <>
      <Paper withBorder shadow="sm" px="md" py="xs" radius="md" bg="brand.0" role="region" aria-label="Bulk actions">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700} size="sm">
            {count}
          </Text>
          <Group gap="xs">
            {inBin ? (
              mayDelete && (
                <Button
                  size="xs"
                  leftSection={<IconArrowBackUp size={14} />}
                  loading={restore.isPending}
                  onClick={() => restore.mutate({ typeId, ids }, { onSuccess: (result) => finish(result.message) })}
                >
                  Restore
                </Button>
              )
            ) : (
              <>
                {mayEdit && (
                  <>
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconPencil size={14} />}
                      onClick={() => setDialog('edit')}
                    >
                      Edit field
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconUserShare size={14} />}
                      onClick={() => setDialog('assign')}
                    >
                      Assign
                    </Button>
                  </>
                )}
                {mayDelete && (
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    leftSection={<IconTrash size={14} />}
                    onClick={() => setDialog('delete')}
                  >
                    Delete
                  </Button>
                )}
              </>
            )}
            <Button size="xs" variant="subtle" color="gray" leftSection={<IconX size={14} />} onClick={onDone}>
              Clear
            </Button>
          </Group>
        </Group>
      </Paper>

      <Modal opened={dialog === 'edit'} onClose={() => setDialog(null)} title={`Edit ${count}`}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (fieldName)
              update.mutate(
                { typeId, ids, field: fieldName, value },
                { onSuccess: (result) => finish(result.message) },
              );
          }}
        >
          <Stack>
            <Select
              label="Field"
              searchable
              data={editable.map((candidate) => ({ value: candidate.name, label: candidate.label }))}
              value={fieldName}
              onChange={(next) => {
                setFieldName(next);
                setValue(null);
              }}
            />
            {field && <FieldInput field={{ ...field, required: false }} value={value} onChange={setValue} />}
            <Text size="xs" c="dimmed">
              Leave the value empty to clear the field on every selected record.
            </Text>
            <Group justify="flex-end">
              <Button type="submit" disabled={!fieldName} loading={update.isPending}>
                Update {ids.length}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>

      <Modal opened={dialog === 'assign'} onClose={() => setDialog(null)} title={`Assign ${count}`}>
        <Stack>
          <Select
            label="New owner"
            searchable
            data={(users.data ?? []).map((user) => ({ value: String(user.id), label: user.full_name }))}
            value={ownerId}
            onChange={setOwnerId}
          />
          <Group justify="flex-end">
            <Button
              disabled={!ownerId}
              loading={assign.isPending}
              onClick={() =>
                ownerId &&
                assign.mutate(
                  { typeId, ids, ownerId: Number(ownerId) },
                  { onSuccess: (result) => finish(result.message) },
                )
              }
            >
              Assign
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={dialog === 'delete'} onClose={() => setDialog(null)} title={`Delete ${count}?`}>
        <Stack>
          <Text size="sm">The records move to Recently deleted, where you can restore them.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialog(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate({ typeId, ids }, { onSuccess: (result) => finish(result.message) })}
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
