import { useState } from 'react';
import { Checkbox, MultiSelect, NumberInput, Select, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { FieldValue, RecordTypeId } from '@tradeloop/contracts/crm/records';
import { useCrmUsers } from '../../shared/api/get-users.ts';
import { useLookupOptions } from '../api/lookup.ts';
import { fromLocalInput, toLocalInput, type UiField } from '../../shared/fields.ts';

type FieldInputProps = {
  field: UiField;
  value: FieldValue | undefined;
  onChange: (value: FieldValue) => void;
  error?: string;
  /** Hides the label (table cells, filter rows) while keeping it for screen readers. */
  compact?: boolean;
  autoFocus?: boolean;
  /** Titles of records already chosen in a lookup, so they show before the list loads. */
  knownTitles?: Record<string, string>;
  /** Inside a popover, option lists render in place: a list in a portal would count as a click outside. */
  inPopover?: boolean;
};

/** Option lists inside a popover render in place: one in a portal would count as a click outside it. */
const comboProps = (inPopover: boolean | undefined) => (inPopover ? { comboboxProps: { withinPortal: false } } : {});

function UserInput({ field, value, onChange, common, inPopover }: FieldInputProps & { common: object }) {
  const users = useCrmUsers();
  const data = (users.data ?? []).map((user) => ({ value: String(user.id), label: user.full_name }));
  return (
    <Select
      {...common}
      {...comboProps(inPopover)}
      data={data}
      searchable
      clearable={!field.required}
      value={value === undefined || value === null ? null : String(value)}
      onChange={(next) => onChange(next === null ? null : Number(next))}
      nothingFoundMessage="No one by that name"
    />
  );
}

function LookupInput({ field, value, onChange, common, knownTitles, inPopover }: FieldInputProps & { common: object }) {
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search, 250);
  const typeId = (field.settings.lookup_type_id ?? 3) as RecordTypeId;
  const options = useLookupOptions(typeId, query, true);
  const chosen = (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]).map(String);
  const data = new Map<string, string>();
  for (const id of chosen) data.set(id, knownTitles?.[id] ?? `#${id}`);
  for (const option of options.data ?? []) data.set(String(option.id), option.title);
  const items = [...data].map(([optionValue, label]) => ({ value: optionValue, label }));
  if (field.settings.multiple) {
    return (
      <MultiSelect
        {...common}
        {...comboProps(inPopover)}
        data={items}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        value={chosen}
        onChange={(next) => onChange(next.map(Number))}
        nothingFoundMessage={options.isFetching ? 'Searching…' : 'No records found'}
      />
    );
  }
  return (
    <Select
      {...common}
      {...comboProps(inPopover)}
      data={items}
      searchable
      clearable={!field.required}
      onSearchChange={setSearch}
      value={chosen[0] ?? null}
      onChange={(next) => onChange(next === null ? null : Number(next))}
      nothingFoundMessage={options.isFetching ? 'Searching…' : 'No records found'}
    />
  );
}

/** The input of a form field, by type; values are sent as the server stores them. */
export function FieldInput(props: FieldInputProps) {
  const { field, value, onChange, error, compact, autoFocus } = props;
  const common = {
    label: compact ? undefined : field.label,
    'aria-label': field.label,
    description: compact ? undefined : (field.tooltip ?? undefined),
    withAsterisk: field.required,
    error,
    autoFocus,
    size: compact ? 'xs' : 'sm',
  } as const;
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);

  switch (field.type) {
    case 'textarea':
      return (
        <Textarea
          {...common}
          autosize
          minRows={compact ? 1 : 3}
          maxRows={8}
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'number':
    case 'currency':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : text}
          onChange={(next) => onChange(next === '' ? null : Number(next))}
          decimalScale={field.type === 'currency' ? 2 : undefined}
          thousandSeparator=","
          leftSection={
            field.type === 'currency' ? (
              <span style={{ fontSize: 11 }}>{field.settings.currency ?? 'USD'}</span>
            ) : undefined
          }
          leftSectionWidth={field.type === 'currency' ? 44 : undefined}
        />
      );
    case 'date':
      return (
        <TextInput
          {...common}
          type="date"
          value={text}
          onChange={(event) => onChange(event.currentTarget.value || null)}
        />
      );
    case 'datetime':
      return (
        <TextInput
          {...common}
          type="datetime-local"
          value={text ? toLocalInput(text) : ''}
          onChange={(event) => onChange(fromLocalInput(event.currentTarget.value))}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          {...comboProps(props.inPopover)}
          data={field.options}
          searchable
          clearable={!field.required}
          value={text || null}
          onChange={(next) => onChange(next)}
        />
      );
    case 'multiselect':
      return (
        <MultiSelect
          {...common}
          {...comboProps(props.inPopover)}
          data={field.options}
          searchable
          clearable
          value={Array.isArray(value) ? value.map(String) : []}
          onChange={(next) => onChange(next)}
        />
      );
    case 'checkbox':
      return (
        <Checkbox
          label={compact ? undefined : field.label}
          aria-label={field.label}
          description={compact ? undefined : (field.tooltip ?? undefined)}
          error={error}
          mt={compact ? 0 : 'lg'}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      );
    case 'user':
      return <UserInput {...props} common={common} />;
    case 'lookup':
      return <LookupInput {...props} common={common} />;
    default:
      return (
        <TextInput
          {...common}
          type={
            field.type === 'email' ? 'email' : field.type === 'phone' ? 'tel' : field.type === 'url' ? 'url' : 'text'
          }
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
  }
}
