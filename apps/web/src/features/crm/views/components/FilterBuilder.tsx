import { ActionIcon, Button, Group, MultiSelect, Select, Stack, TagsInput, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  type ConditionId,
  type FieldValue,
  FILTER_CONDITIONS,
  LIST_CONDITIONS,
  VALUELESS_CONDITIONS,
} from '@tradeloop/contracts/crm/records';
import type { FilterInput } from '@tradeloop/contracts/crm/views';
import type { UiField } from '../../shared/fields.ts';
import { FieldInput } from '../../records/components/FieldInput.tsx';

export type FilterRow = { id: string; condition: number; value?: FilterInput['value'] };

export function conditionLabel(field: UiField | undefined, condition: number) {
  const entry = FILTER_CONDITIONS[condition as ConditionId];
  if (!entry) return `Condition ${condition}`;
  return field && (field.type === 'date' || field.type === 'datetime') ? entry.dateLabel : entry.label;
}

const isList = (condition: number) => (LIST_CONDITIONS as readonly number[]).includes(condition);
const isValueless = (condition: number) => (VALUELESS_CONDITIONS as readonly number[]).includes(condition);

/** The value part of a filter row: none, a list, or one value in the field's own input. */
function FilterValue({
  field,
  row,
  onChange,
}: {
  field: UiField;
  row: FilterRow;
  onChange: (value: FilterInput['value']) => void;
}) {
  if (isValueless(row.condition)) return null;
  const label = `${field.label} value`;
  const list = isList(row.condition) || (field.type === 'multiselect' && (row.condition === 3 || row.condition === 4));
  const values = Array.isArray(row.value)
    ? row.value.map(String)
    : row.value === undefined || row.value === null
      ? []
      : [String(row.value)];
  if (list && (field.type === 'select' || field.type === 'multiselect')) {
    return (
      <MultiSelect
        aria-label={label}
        size="xs"
        data={field.options}
        value={values}
        onChange={onChange}
        searchable
        w={220}
        placeholder="Choose values"
      />
    );
  }
  if (list && field.type !== 'user' && field.type !== 'lookup') {
    return (
      <TagsInput
        aria-label={label}
        size="xs"
        value={values}
        onChange={onChange}
        w={220}
        placeholder="Type, then Enter"
      />
    );
  }
  if (field.type === 'checkbox') {
    return (
      <Select
        aria-label={label}
        size="xs"
        w={120}
        data={[
          { value: 'true', label: 'Checked' },
          { value: 'false', label: 'Unchecked' },
        ]}
        value={row.value === undefined ? null : String(row.value)}
        onChange={(next) => onChange(next === null ? undefined : next === 'true')}
      />
    );
  }
  const single = Array.isArray(row.value) ? row.value[0] : row.value;
  const inputField: UiField = {
    ...field,
    type: field.type === 'textarea' ? 'text' : field.type,
    required: false,
    settings: { ...field.settings, multiple: false },
  };
  return (
    <div style={{ width: 220 }}>
      <FieldInput
        compact
        field={inputField}
        value={single as FieldValue | undefined}
        onChange={(next) =>
          onChange(
            list && next !== null && next !== undefined ? [next as string | number] : (next as FilterInput['value']),
          )
        }
      />
    </div>
  );
}

type FilterBuilderProps = { fields: UiField[]; rows: FilterRow[]; onChange: (rows: FilterRow[]) => void };

/** Conditions combined with AND: a field, one of the conditions its type allows, and a value. */
export function FilterBuilder({ fields, rows, onChange }: FilterBuilderProps) {
  const filterable = fields.filter((field) => field.conditions.length > 0);
  const update = (index: number, change: Partial<FilterRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  const add = () => {
    const field = filterable[0];
    if (field) onChange([...rows, { id: field.name, condition: field.conditions[0] }]);
  };
  return (
    <Stack gap="xs">
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          No conditions yet. Add one to narrow the list.
        </Text>
      )}
      {rows.map((row, index) => {
        const field = filterable.find((candidate) => candidate.name === row.id);
        return (
          <Group key={index} gap="xs" wrap="wrap" align="flex-start">
            <Text size="xs" fw={700} c="dimmed" w={32} pt={6} aria-hidden={index === 0}>
              {index > 0 ? 'AND' : ''}
            </Text>
            <Select
              aria-label="Field"
              size="xs"
              w={180}
              searchable
              data={filterable.map((candidate) => ({ value: candidate.name, label: candidate.label }))}
              value={row.id}
              onChange={(name) => {
                const next = filterable.find((candidate) => candidate.name === name);
                if (next) update(index, { id: next.name, condition: next.conditions[0], value: undefined });
              }}
            />
            <Select
              aria-label="Condition"
              size="xs"
              w={190}
              data={(field?.conditions ?? []).map((condition) => ({
                value: String(condition),
                label: conditionLabel(field, condition),
              }))}
              value={String(row.condition)}
              onChange={(condition) => condition && update(index, { condition: Number(condition), value: undefined })}
            />
            {field && <FilterValue field={field} row={row} onChange={(value) => update(index, { value })} />}
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label="Remove condition"
              onClick={() => onChange(rows.filter((_, at) => at !== index))}
              mt={2}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        );
      })}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={add}
          disabled={filterable.length === 0}
        >
          Add condition
        </Button>
      </Group>
    </Stack>
  );
}

/** Filters worth sending: complete rows only. */
export function completeFilters(rows: FilterRow[]): FilterRow[] {
  return rows.filter((row) => {
    if (isValueless(row.condition)) return true;
    if (Array.isArray(row.value)) return row.value.length > 0;
    return row.value !== undefined && row.value !== null && row.value !== '';
  });
}
