import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Group, Menu, Modal, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertTriangle, IconChevronDown, IconDeviceFloppy, IconLock, IconPlus } from '@tabler/icons-react';
import { ROLE_MESSAGES } from '@tradeloop/contracts/accounts-roles';
import { crmType, type RecordTypeId } from '@tradeloop/contracts/crm/records';
import type { Form } from '@tradeloop/contracts/crm/forms';
import { EmptyState } from '../../../../components/EmptyState.tsx';
import { ErrorState } from '../../../../components/ErrorState.tsx';
import { useCan } from '../../../../lib/permissions.ts';
import { describeErrors, isApiError } from '../../../../lib/api-client.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { useCrmForm } from '../api/get-form.ts';
import { useDeleteSection, useRestoreDefaultForm, useSaveForm } from '../api/save-form.ts';
import { newKey, toDraft, toSaveBody, type Draft, type DraftField, type DraftSection } from '../draft.ts';
import { FieldEditorModal } from '../components/FieldEditorModal.tsx';
import { FormCanvas } from '../components/FormCanvas.tsx';

const TYPES: RecordTypeId[] = [1, 4, 3, 2];

function replaceField(draft: Draft, field: DraftField): Draft {
  return {
    sections: draft.sections.map((section) => ({
      ...section,
      fields: section.fields.map((item) => (item.key === field.key ? field : item)),
    })),
    unused: draft.unused.map((item) => (item.key === field.key ? field : item)),
  };
}

/** The form builder: sections and fields of each record type, arranged by dragging, saved as a whole. */
export function FormBuilderPage() {
  useDocumentTitle('Forms · CRM · TradeLoop');
  const [params, setParams] = useSearchParams();
  const typeId = (Number(params.get('type')) || 1) as RecordTypeId;
  const form = useCrmForm(typeId);
  const can = useCan();
  if (!can('crm.settings')) {
    return (
      <Stack>
        <Title order={1} size="h2">
          Forms
        </Title>
        <EmptyState
          icon={<IconLock size={32} />}
          title="Forms are CRM settings"
          description={ROLE_MESSAGES.forbidden}
        />
      </Stack>
    );
  }
  if (form.isError) return <ErrorState onRetry={() => void form.refetch()} />;
  if (form.isPending) {
    return (
      <Stack>
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} height={160} radius="lg" />
        ))}
      </Stack>
    );
  }
  // A fresh working copy whenever the saved form changes (save, section deleted, defaults restored).
  return (
    <FormEditor
      key={`${typeId}-${form.dataUpdatedAt}`}
      typeId={typeId}
      form={form.data}
      onType={(next) => setParams({ type: String(next) })}
    />
  );
}

function FormEditor({
  typeId,
  form,
  onType,
}: {
  typeId: RecordTypeId;
  form: Form;
  onType: (typeId: RecordTypeId) => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(form));
  const [editing, setEditing] = useState<DraftField | null>(null);
  const [removing, setRemoving] = useState<DraftSection | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useSaveForm();
  const deleteSection = useDeleteSection();
  const restore = useRestoreDefaultForm();

  const dirty = JSON.stringify(toSaveBody(typeId, draft)) !== JSON.stringify(toSaveBody(typeId, toDraft(form)));

  const handleSave = () => {
    setServerError(null);
    save.mutate(toSaveBody(typeId, draft), {
      onSuccess: (result) => notifySuccess(result.message ?? 'Saved'),
      onError: (error) =>
        setServerError(isApiError(error) ? (error.errors ? describeErrors(error.errors) : error.message) : null),
    });
  };
  const handleDeleteSection = (section: DraftSection) => {
    if (!section.id) {
      // Not saved yet: its fields simply go back to the unused list.
      setDraft({
        sections: draft.sections.filter((item) => item.key !== section.key),
        unused: [...draft.unused, ...section.fields.filter((field) => field.id)],
      });
      return;
    }
    setRemoving(section);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Forms
          </Title>
          <Text c="dimmed" size="sm">
            The fields your {crmType(typeId).name.toLowerCase()} carry: drag to arrange, click ⋯ to edit.
          </Text>
        </div>
        <Group gap="xs">
          <SegmentedControl
            value={String(typeId)}
            onChange={(value) => onType(Number(value) as RecordTypeId)}
            data={TYPES.map((id) => ({ value: String(id), label: crmType(id).name }))}
            disabled={dirty}
            aria-label="Record type"
          />
          <Menu position="bottom-end">
            <Menu.Target>
              <Button variant="default" rightSection={<IconChevronDown size={14} />}>
                More
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                onClick={() =>
                  restore.mutate(typeId, { onSuccess: (result) => notifySuccess(result.message ?? 'Restored') })
                }
              >
                Restore default fields
              </Menu.Item>
              <Menu.Item disabled={!dirty} onClick={() => setDraft(toDraft(form))}>
                Discard changes
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            onClick={() =>
              setDraft({
                ...draft,
                sections: [
                  ...draft.sections,
                  { key: newKey('sn'), name: 'New section', tab_columns: 'multi', fields: [] },
                ],
              })
            }
          >
            Add section
          </Button>
          <Button
            leftSection={<IconDeviceFloppy size={16} />}
            onClick={handleSave}
            loading={save.isPending}
            disabled={!dirty}
          >
            Save form
          </Button>
        </Group>
      </Group>
      {dirty && (
        <Text size="sm" c="orange.8" role="status">
          Unsaved changes. Switching record type is off until you save or discard them.
        </Text>
      )}
      {serverError && (
        <Alert color="red" icon={<IconAlertTriangle size={16} />} withCloseButton onClose={() => setServerError(null)}>
          {serverError}
        </Alert>
      )}
      <FormCanvas draft={draft} onChange={setDraft} onEditField={setEditing} onDeleteSection={handleDeleteSection} />
      {editing && (
        <FieldEditorModal
          key={editing.key}
          field={editing}
          onClose={() => setEditing(null)}
          onSave={(field) => {
            setDraft(replaceField(draft, field));
            setEditing(null);
          }}
        />
      )}
      <Modal opened={!!removing} onClose={() => setRemoving(null)} title={`Delete “${removing?.name}”?`}>
        <Stack>
          <Text size="sm">
            Its fields move to Unused fields; their values stay on every record.
            {dirty ? ' Unsaved changes elsewhere on the form are discarded.' : ''}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={deleteSection.isPending}
              onClick={() =>
                removing?.id &&
                deleteSection.mutate(removing.id, {
                  onSuccess: (result) => {
                    notifySuccess(result.message ?? 'Section deleted');
                    setRemoving(null);
                  },
                })
              }
            >
              Delete section
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
