import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Popover,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconPencil } from '@tabler/icons-react';
import type { CrmRecord, FieldValue, RecordTypeId, Refs } from '@tradeloop/contracts/crm/records';
import { SCORE_FIELD } from '@tradeloop/contracts/crm/scoring';
import { isApiError } from '../../../../lib/api-client.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { useUpdateField } from '../api/records.ts';
import { toneOf, valueText, type UiField } from '../../shared/fields.ts';
import { CRM_PATHS } from '../../shared/paths.ts';
import { FieldInput } from './FieldInput.tsx';
import { formatPhone } from '@tradeloop/contracts/phone';

function columnValue(record: CrmRecord, field: UiField): FieldValue | undefined {
  switch (field.name) {
    case 'owner_id':
      return record.owner?.id ?? null;
    case 'created_at':
      return record.created_at;
    case 'updated_at':
      return record.updated_at;
    case 'is_converted':
      return record.converted_at !== null;
    case 'tags':
    case SCORE_FIELD.name:
      // Listings carry a record's tag names and lead score in values when the view shows those columns.
      return record.values[field.name];
    default:
      return null;
  }
}

/** Field types whose values show as links (mailto, tel, web addresses, records). */
const LINK_TYPES = new Set<UiField['type']>(['email', 'phone', 'url', 'lookup']);

function isEmpty(value: FieldValue | undefined): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

export function recordValue(record: CrmRecord, field: UiField): FieldValue | undefined {
  return field.isColumn ? columnValue(record, field) : record.values[field.name];
}

/** A value shown the way its type reads best: badges for choices, links for addresses and records. */
export function FieldDisplay({ record, field, refs }: { record: CrmRecord; field: UiField; refs: Refs }): ReactNode {
  const value = recordValue(record, field);
  const withOwner =
    field.name === 'owner_id' && record.owner
      ? { ...refs, users: { ...refs.users, [record.owner.id]: record.owner.full_name } }
      : refs;
  if (isEmpty(value)) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  switch (field.type) {
    case 'select':
      return (
        <Badge variant="light" color={toneOf(String(value))} radius="sm" tt="none">
          {String(value)}
        </Badge>
      );
    case 'multiselect':
      return (
        <Group gap={4} wrap="nowrap">
          {(value as string[]).map((item) => (
            <Badge key={item} variant="outline" color="gray" radius="sm" tt="none">
              {item}
            </Badge>
          ))}
        </Group>
      );
    case 'email':
      return (
        <Anchor
          className="tl-cell-link"
          size="sm"
          href={`mailto:${String(value)}`}
          truncate
          onClick={(event) => event.stopPropagation()}
        >
          {String(value)}
        </Anchor>
      );
    case 'phone':
      return (
        <Anchor
          className="tl-cell-link"
          size="sm"
          href={`tel:${String(value).replace(/[^\d+]/g, '')}`}
          onClick={(event) => event.stopPropagation()}
        >
          {formatPhone(String(value))}
        </Anchor>
      );
    case 'url':
      return (
        <Anchor
          className="tl-cell-link"
          size="sm"
          href={String(value)}
          target="_blank"
          rel="noopener noreferrer"
          truncate
          onClick={(event) => event.stopPropagation()}
        >
          {String(value).replace(/^https?:\/\//, '')}
        </Anchor>
      );
    case 'lookup': {
      const ids = (Array.isArray(value) ? value : [value]) as number[];
      return (
        <Group gap={6} wrap="nowrap">
          {ids.map((id) => {
            const ref = refs.records[String(id)];
            return ref ? (
              <Anchor
                className="tl-cell-link"
                key={id}
                component={Link}
                to={CRM_PATHS.detail(ref.type_id as RecordTypeId, ref.id)}
                size="sm"
                truncate
              >
                {ref.title}
              </Anchor>
            ) : (
              <Text key={id} size="sm" c="dimmed">
                Removed record
              </Text>
            );
          })}
        </Group>
      );
    }
    default:
      return (
        <Text size="sm" truncate>
          {valueText(field, value, withOwner)}
        </Text>
      );
  }
}

const READ_ONLY = new Set(['created_at', 'updated_at', 'created_by', 'is_converted', 'tags', SCORE_FIELD.name]);

/** A table cell: the value, and an editor in place on click or Enter (POST crm/update_datalisting_fields). */
export function FieldCell({
  record,
  field,
  refs,
  editable,
}: {
  record: CrmRecord;
  field: UiField;
  refs: Refs;
  editable: boolean;
}) {
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<FieldValue | undefined>(undefined);
  const [error, setError] = useState<string | undefined>();
  const update = useUpdateField();
  const canEdit = editable && !READ_ONLY.has(field.name);
  const display = <FieldDisplay record={record} field={field} refs={refs} />;
  if (!canEdit) return display;

  const open = () => {
    setDraft(recordValue(record, field));
    setError(undefined);
    setOpened(true);
  };
  const save = () =>
    update.mutate(
      {
        record,
        field: { id: field.isColumn ? null : field.id, name: field.name, section_id: field.sectionId },
        value: draft ?? null,
      },
      {
        onSuccess: (result) => {
          notifySuccess(result.message ?? 'Saved');
          setOpened(false);
        },
        onError: (failure) =>
          setError(isApiError(failure) ? (failure.errors?.[field.name]?.[0] ?? failure.message) : undefined),
      },
    );

  const editName = `Edit ${field.label} of ${record.title}`;
  const hasLinks = LINK_TYPES.has(field.type) && !isEmpty(recordValue(record, field));
  const popover = (
    <Popover
      opened={opened}
      onChange={setOpened}
      trapFocus
      position="bottom-start"
      shadow="md"
      width={300}
      withinPortal
    >
      <Popover.Target>
        {hasLinks ? (
          // Addresses and records are links of their own: a separate pencil edits them (a link inside
          // a button would be reachable by neither keyboard nor screen reader as itself).
          <ActionIcon variant="subtle" color="gray" size={24} onClick={open} aria-label={editName}>
            <IconPencil size={13} aria-hidden />
          </ActionIcon>
        ) : (
          // Named by what it shows, then what it edits: "Qualified, Edit Lead status of Karthik Raman".
          <UnstyledButton
            onClick={open}
            style={{ width: '100%', minWidth: 0, display: 'flex', alignItems: 'center', gap: 6, textAlign: 'left' }}
            className="tl-cell-edit"
          >
            <div style={{ minWidth: 0, flex: 1, overflow: 'hidden' }}>{display}</div>
            <VisuallyHidden>, {editName}</VisuallyHidden>
            <IconPencil size={13} className="tl-cell-edit-icon" aria-hidden />
          </UnstyledButton>
        )}
      </Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <Stack gap="xs">
            <FieldInput
              field={{ ...field, required: false }}
              value={draft}
              onChange={setDraft}
              error={error}
              autoFocus
              inPopover
              knownTitles={Object.fromEntries(Object.entries(refs.records).map(([id, ref]) => [id, ref.title]))}
            />
            <Group justify="flex-end" gap="xs">
              <Button size="xs" variant="default" onClick={() => setOpened(false)}>
                Cancel
              </Button>
              <Button size="xs" type="submit" loading={update.isPending} leftSection={<IconCheck size={14} />}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
  if (!hasLinks) return popover;
  return (
    <Group gap={4} wrap="nowrap" miw={0}>
      <div style={{ minWidth: 0, flex: 1, overflow: 'hidden' }}>{display}</div>
      {popover}
    </Group>
  );
}
