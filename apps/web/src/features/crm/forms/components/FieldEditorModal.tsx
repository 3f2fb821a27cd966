import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Select, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import {
  CRM_MESSAGES,
  crmType,
  FIELD_TYPE_LABELS,
  RECORD_TYPE_IDS,
  TEXT_LIMITS,
} from '@tradeloop/contracts/crm/records';
import type { DraftField } from '../draft.ts';

const UNIQUE_TYPES = new Set(['text', 'email', 'phone', 'url', 'number', 'currency', 'date', 'select']);
const CURRENCIES = ['USD', 'EUR', 'GBP', 'INR', 'CNY', 'AED', 'JPY', 'AUD', 'CAD', 'BRL', 'SGD', 'CHF'];

/** Label, flags, help text and type settings of one field. The type itself is fixed once saved. */
export function FieldEditorModal({
  field,
  onClose,
  onSave,
}: {
  field: DraftField;
  onClose: () => void;
  onSave: (field: DraftField) => void;
}) {
  const [draft, setDraft] = useState<DraftField>(field);
  const [error, setError] = useState<string | null>(null);

  const hasOptions = draft.field_type === 'select' || draft.field_type === 'multiselect';
  const set = (change: Partial<DraftField>) => setDraft({ ...draft, ...change });
  const handleSave = () => {
    if (!draft.label.trim()) return setError(CRM_MESSAGES.labelRequired);
    if (hasOptions && draft.option_list.length === 0) return setError(CRM_MESSAGES.optionsRequired);
    if (new Set(draft.option_list.map((option) => option.toLowerCase())).size !== draft.option_list.length)
      return setError(CRM_MESSAGES.optionsDuplicate);
    onSave({ ...draft, label: draft.label.trim() });
  };

  return (
    <Modal opened onClose={onClose} title={<Text fw={700}>{draft.id ? 'Edit field' : 'New field'}</Text>}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          handleSave();
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            {FIELD_TYPE_LABELS[draft.field_type]}
            {draft.name ? ` · stored as “${draft.name}”` : ''}
          </Text>
          {draft.is_system && (
            <Alert variant="light" color="gray" icon={<IconLock size={16} />}>
              Every record needs this field: you can rename it and move it, not remove it.
            </Alert>
          )}
          <TextInput
            label="Label"
            required
            maxLength={TEXT_LIMITS.label}
            value={draft.label}
            onChange={(event) => set({ label: event.currentTarget.value })}
            data-autofocus
          />
          <TextInput
            label="Help text"
            description="Shown under the field on forms"
            maxLength={TEXT_LIMITS.tooltip}
            value={draft.tooltip}
            onChange={(event) => set({ tooltip: event.currentTarget.value })}
          />
          {hasOptions && (
            <TagsInput
              label="Options"
              description="Type an option and press Enter; the order here is the order on forms and boards"
              value={draft.option_list}
              onChange={(options) => set({ option_list: options.map((option) => option.trim()).filter(Boolean) })}
              clearable
            />
          )}
          {draft.field_type === 'currency' && (
            <Select
              label="Currency"
              data={CURRENCIES}
              value={draft.settings.currency ?? 'USD'}
              onChange={(currency) => set({ settings: { ...draft.settings, currency: currency ?? 'USD' } })}
              allowDeselect={false}
            />
          )}
          {draft.field_type === 'lookup' && (
            <Select
              label="Points to"
              disabled={draft.is_system || !!draft.id}
              data={RECORD_TYPE_IDS.map((id) => ({ value: String(id), label: crmType(id).name }))}
              value={String(draft.settings.lookup_type_id ?? 3)}
              onChange={(value) =>
                set({ settings: { ...draft.settings, lookup_type_id: Number(value) as 1 | 2 | 3 | 4 } })
              }
              allowDeselect={false}
            />
          )}
          <Group>
            <Checkbox
              label="Required"
              checked={draft.is_required}
              onChange={(event) => set({ is_required: event.currentTarget.checked })}
            />
            {UNIQUE_TYPES.has(draft.field_type) && (
              <Checkbox
                label="Unique (no two records share a value)"
                checked={draft.unique}
                onChange={(event) => set({ unique: event.currentTarget.checked })}
              />
            )}
          </Group>
          {error && (
            <Text c="red" size="sm" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Done</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
