import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  Popover,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  IconChevronDown,
  IconDeviceFloppy,
  IconFilter,
  IconFilterStar,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import type { RecordTypeId } from '@tradeloop/contracts/crm/records';
import type { SavedFilter, View, Visibility } from '@tradeloop/contracts/crm/views';
import { isApiError } from '../../../../lib/api-client.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { useDeleteFilter, useDeleteView, useSaveFilter, useSaveView } from '../api/get-views.ts';
import type { UiField } from '../../shared/fields.ts';
import { completeFilters, FilterBuilder, type FilterRow } from './FilterBuilder.tsx';

/** How a list is sorted: the field and the direction. */
export type SortState = { field: string; direction: 'asc' | 'desc' };

/** Who sees a view or filter, in the picker's words: its author's name when it is shared. */
function sharedBy(item: { visibility: Visibility; owner: { full_name: string } | null }) {
  if (item.visibility === 'private') return 'Only me';
  return item.owner ? `Shared by ${item.owner.full_name}` : 'Shared with the company';
}

/** Why a shared view or filter offers no changes (docs/decisions/058). */
const LOCKED_HINT = 'Only its author or someone who manages CRM settings can change it';

function NameModal({
  opened,
  title,
  onClose,
  onSave,
  pending,
  error,
}: {
  opened: boolean;
  title: string;
  onClose: () => void;
  onSave: (name: string, visibility: Visibility) => void;
  pending: boolean;
  error?: string;
}) {
  const [name, setName] = useState('');
  const [visibility, setVisibility] = useState<Visibility>('private');
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSave(name, visibility);
        }}
      >
        <Stack>
          <TextInput
            label="Name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={error}
            data-autofocus
            required
            maxLength={60}
          />
          <Radio.Group label="Who sees it" value={visibility} onChange={(value) => setVisibility(value as Visibility)}>
            <Stack gap={6} mt={4}>
              <Radio value="private" label="Only me" />
              <Radio value="company" label="Everyone in the company" />
            </Stack>
          </Radio.Group>
          <Group justify="flex-end">
            <Button type="submit" loading={pending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

type ViewMenuProps = {
  typeId: RecordTypeId;
  views: View[];
  active: View;
  dirty: boolean;
  current: { columns: string[]; sort: SortState; filters: FilterRow[] };
  /**
   * What the list counts when a search, a saved filter or changed conditions narrow the active view (its
   * text, as the list's badge shows it); undefined when the list shows the view as it was saved.
   */
  narrowedCount?: string;
  onSelect: (view: View) => void;
  onSaved: (view: View) => void;
  onDeleted: () => void;
};

/**
 * The views of a list (spec section 4): choose one; saving creates a view when the built-in one is
 * active and updates the active view otherwise, then views and data reload; deleting goes back to
 * the built-in view.
 */
export function ViewMenu({
  typeId,
  views,
  active,
  dirty,
  current,
  narrowedCount,
  onSelect,
  onSaved,
  onDeleted,
}: ViewMenuProps) {
  const [naming, setNaming] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [nameError, setNameError] = useState<string>();
  const save = useSaveView(typeId);
  const remove = useDeleteView(typeId);
  const body = (name: string, visibility?: Visibility) => ({
    type_id: typeId,
    name,
    columns: current.columns,
    sort: current.sort,
    filters: completeFilters(current.filters),
    ...(visibility && { visibility }),
  });
  const handleSaved = (result: { data: View; message?: string }) => {
    notifySuccess(result.message ?? 'View saved');
    setNaming(false);
    onSaved(result.data);
  };
  const handleSave = (id: number | null, name: string, visibility?: Visibility) =>
    save.mutate(
      { id, body: body(name, visibility) },
      {
        onSuccess: handleSaved,
        onError: (error) => setNameError(isApiError(error) ? (error.errors?.name?.[0] ?? error.message) : undefined),
      },
    );

  // The active view counts what the list shows: "5 of 40" under a search or filter, never 40 over 5 rows.
  const viewLabel = (view: View) => {
    const count = view.total_results.toLocaleString();
    const shown = view.id === active.id && narrowedCount !== undefined ? `${narrowedCount} of ${count}` : count;
    return `${view.name} (${shown})`;
  };

  return (
    <Group gap={6} wrap="nowrap">
      <Select
        aria-label="View"
        w={260}
        data={[
          ...views.filter((view) => view.id === null).map((view) => ({ value: 'all', label: viewLabel(view) })),
          ...(['private', 'company'] as const).flatMap((visibility) => {
            const items = views.filter((view) => view.id !== null && view.visibility === visibility);
            if (items.length === 0) return [];
            return {
              group: visibility === 'private' ? 'Only me' : 'Shared with the company',
              items: items.map((view) => ({
                value: String(view.id),
                label: viewLabel(view) + (visibility === 'company' && view.owner ? ` · ${view.owner.full_name}` : ''),
              })),
            };
          }),
        ]}
        value={active.id === null ? 'all' : String(active.id)}
        allowDeselect={false}
        onChange={(value) => {
          const view = views.find((candidate) => (candidate.id === null ? 'all' : String(candidate.id)) === value);
          if (view) onSelect(view);
        }}
      />
      <Menu position="bottom-end" shadow="md">
        <Menu.Target>
          <Button
            variant={dirty ? 'filled' : 'default'}
            size="sm"
            rightSection={<IconChevronDown size={14} />}
            leftSection={<IconDeviceFloppy size={16} />}
          >
            {dirty ? 'Save view' : 'View'}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {active.id !== null && <Menu.Label>{sharedBy(active)}</Menu.Label>}
          {active.id !== null && !active.can_edit && <Menu.Label>{LOCKED_HINT}</Menu.Label>}
          {active.id !== null && active.can_edit && (
            <Menu.Item
              onClick={() => {
                setNameError(undefined);
                handleSave(active.id, active.name);
              }}
            >
              Save changes to “{active.name}”
            </Menu.Item>
          )}
          <Menu.Item
            onClick={() => {
              setNameError(undefined);
              setNaming(true);
            }}
          >
            Save as a new view…
          </Menu.Item>
          {active.id !== null && active.can_edit && (
            <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setConfirmDelete(true)}>
              Delete “{active.name}”
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <NameModal
        opened={naming}
        title="Save view"
        onClose={() => setNaming(false)}
        onSave={(name, visibility) => handleSave(null, name, visibility)}
        pending={save.isPending}
        error={nameError}
      />
      <Modal opened={confirmDelete} onClose={() => setConfirmDelete(false)} title={`Delete “${active.name}”?`}>
        <Stack>
          <Text size="sm">The records stay; only this view’s columns, sort and conditions go.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmDelete(false)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                active.id !== null &&
                remove.mutate(active.id, {
                  onSuccess: (result) => {
                    notifySuccess(result.message ?? 'View deleted');
                    setConfirmDelete(false);
                    onDeleted();
                  },
                })
              }
            >
              Delete view
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}

type FiltersProps = {
  typeId: RecordTypeId;
  fields: UiField[];
  rows: FilterRow[];
  onApply: (rows: FilterRow[]) => void;
  savedFilters: SavedFilter[];
  activeFilterId: number | null;
  onApplySaved: (filter: SavedFilter | null) => void;
};

/** Conditions of the list (AND), and saved filters (lead/filter-save) with their counts. */
export function FilterControls({
  typeId,
  fields,
  rows,
  onApply,
  savedFilters,
  activeFilterId,
  onApplySaved,
}: FiltersProps) {
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<FilterRow[]>(rows);
  const [naming, setNaming] = useState(false);
  const [nameError, setNameError] = useState<string>();
  const save = useSaveFilter(typeId);
  const remove = useDeleteFilter(typeId);
  const applied = completeFilters(rows).length;
  const activeSaved = savedFilters.find((filter) => filter.id === activeFilterId);

  const handleSaveFilter = (name: string, visibility: Visibility) =>
    save.mutate(
      { type_id: typeId, name, filters: completeFilters(draft), visibility },
      {
        onSuccess: (result) => {
          notifySuccess(result.message ?? 'Filter saved');
          setNaming(false);
          setOpened(false);
          if (result.data.saved) onApplySaved(result.data.saved);
        },
        onError: (error) =>
          setNameError(
            isApiError(error) ? (error.errors?.name?.[0] ?? error.errors?.filters?.[0] ?? error.message) : undefined,
          ),
      },
    );

  return (
    <Group gap={6} wrap="nowrap">
      {/* Hidden while the filter is named: the dialog would open under it (it keeps the draft). */}
      <Popover
        opened={opened && !naming}
        onChange={setOpened}
        position="bottom-start"
        shadow="md"
        width="min(720px, 96vw)"
        trapFocus
        closeOnClickOutside={false}
      >
        <Popover.Target>
          <Button
            variant={applied ? 'light' : 'default'}
            size="sm"
            leftSection={<IconFilter size={16} />}
            onClick={() => {
              setDraft(rows);
              setOpened((value) => !value);
            }}
          >
            Filter{applied ? ` · ${applied}` : ''}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          {/* The actions come first: a field's list opens downwards over what follows it, never over them. */}
          <Stack>
            <Group justify="space-between">
              <Button
                variant="subtle"
                size="xs"
                disabled={completeFilters(draft).length === 0}
                onClick={() => setNaming(true)}
              >
                Save as filter…
              </Button>
              <Group gap="xs">
                <Button variant="default" size="xs" onClick={() => setOpened(false)}>
                  Cancel
                </Button>
                <Button
                  size="xs"
                  onClick={() => {
                    onApply(completeFilters(draft));
                    setOpened(false);
                  }}
                >
                  Apply
                </Button>
              </Group>
            </Group>
            <FilterBuilder fields={fields} rows={draft} onChange={setDraft} />
          </Stack>
        </Popover.Dropdown>
      </Popover>
      <Menu position="bottom-start" shadow="md" width={280}>
        <Menu.Target>
          <Button
            variant={activeSaved ? 'light' : 'default'}
            size="sm"
            leftSection={<IconFilterStar size={16} />}
            rightSection={<IconChevronDown size={14} />}
          >
            {activeSaved ? activeSaved.name : 'Saved filters'}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {savedFilters.length === 0 && (
            <Menu.Label>No saved filters yet. Build conditions, then “Save as filter”.</Menu.Label>
          )}
          {activeSaved && <Menu.Item onClick={() => onApplySaved(null)}>Clear “{activeSaved.name}”</Menu.Item>}
          {savedFilters.map((filter) => (
            <Menu.Item
              key={filter.id}
              onClick={() => onApplySaved(filter)}
              title={`${sharedBy(filter)}${filter.can_edit ? '' : `. ${LOCKED_HINT}.`}`}
              leftSection={
                filter.visibility === 'company' ? <IconUsers size={14} aria-label={sharedBy(filter)} /> : undefined
              }
              rightSection={
                <Group gap={4} wrap="nowrap">
                  <Badge size="sm" variant="light">
                    {filter.total_results.toLocaleString()}
                  </Badge>
                  {filter.can_edit && (
                    <ActionIcon
                      component="span"
                      size="sm"
                      variant="subtle"
                      color="red"
                      aria-label={`Delete saved filter ${filter.name}`}
                      onClick={(event) => {
                        event.stopPropagation();
                        remove.mutate(filter.id, {
                          onSuccess: (result) => {
                            notifySuccess(result.message ?? 'Filter deleted');
                            if (filter.id === activeFilterId) onApplySaved(null);
                          },
                        });
                      }}
                    >
                      <IconTrash size={12} />
                    </ActionIcon>
                  )}
                </Group>
              }
            >
              {filter.name}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <NameModal
        opened={naming}
        title="Save filter"
        onClose={() => setNaming(false)}
        onSave={handleSaveFilter}
        pending={save.isPending}
        error={nameError}
      />
    </Group>
  );
}
