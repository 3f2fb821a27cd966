import { useState } from 'react';
import {
  Button,
  Card,
  Checkbox,
  ColorSwatch,
  Group,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus, IconTag, IconTrash } from '@tabler/icons-react';
import { CONTENT_LIMITS } from '@tradeloop/contracts/crm/records';
import { TAG_COLOURS, type TagColour } from '@tradeloop/contracts/crm/tags';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCan } from '../../../lib/permissions.ts';
import { ConfirmDeleteModal } from '../shared/ConfirmDeleteModal.tsx';
import { useBulkDeleteTags, useCreateTag, useTagIndex } from './api.ts';
import { TagBadge } from './TagsPanel.tsx';
import { dateText } from '../../../lib/format.ts';

const COLOUR_OPTIONS = TAG_COLOURS.map((colour) => ({
  value: colour,
  label: colour[0]!.toUpperCase() + colour.slice(1),
}));

function NewTagForm() {
  const create = useCreateTag();
  const [name, setName] = useState('');
  const [colour, setColour] = useState<TagColour | null>(null);
  const [error, setError] = useState<string | undefined>();
  const handleCreate = () => {
    setError(undefined);
    create.mutate(
      { name, ...(colour ? { colour } : {}) },
      {
        onSuccess: (result) => {
          notifySuccess(result.message ?? 'Tag created');
          setName('');
          setColour(null);
        },
        onError: (failure) =>
          setError(isApiError(failure) ? (failure.errors?.name?.[0] ?? failure.message) : undefined),
      },
    );
  };
  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <TextInput
        aria-label="Tag name"
        placeholder="New tag name"
        value={name}
        maxLength={CONTENT_LIMITS.tagNameMaxChars}
        onChange={(event) => setName(event.currentTarget.value)}
        onKeyDown={(event) => event.key === 'Enter' && name.trim() && handleCreate()}
        error={error}
        w={240}
      />
      <Select
        aria-label="Tag colour"
        placeholder="Colour (automatic)"
        data={COLOUR_OPTIONS}
        value={colour}
        onChange={(value) => setColour(value as TagColour | null)}
        clearable
        w={190}
        leftSection={colour ? <ColorSwatch size={14} color={`var(--mantine-color-${colour}-6)`} /> : undefined}
        renderOption={({ option }) => (
          <Group gap="xs">
            <ColorSwatch size={14} color={`var(--mantine-color-${option.value}-6)`} />
            {option.label}
          </Group>
        )}
      />
      <Button
        leftSection={<IconPlus size={16} />}
        onClick={handleCreate}
        loading={create.isPending}
        disabled={!name.trim()}
      >
        Create tag
      </Button>
    </Group>
  );
}

/** CRM › Tags: the company's tags with how many records carry each; create tags, delete several at once. */
export function TagsPage() {
  useDocumentTitle('Tags · CRM · TradeLoop');
  const index = useTagIndex();
  const remove = useBulkDeleteTags();
  // Clearing tags out is a CRM setting (decision 038); every role that works the CRM adds them.
  const mayClean = useCan()('crm.settings');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const tags = index.data ?? [];
  const toggle = (id: number) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const handleDelete = () =>
    remove.mutate([...selected], {
      onSuccess: (result) => {
        notifySuccess(result.message ?? 'Tags Deleted Successfully');
        setSelected(new Set());
        setConfirming(false);
      },
    });
  const chosen = tags.filter((tag) => selected.has(tag.id));
  const usage = chosen.reduce((sum, tag) => sum + tag.usage_count, 0);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={2}>
          <Title order={1} size="h2">
            Tags
          </Title>
          <Text c="dimmed" size="sm">
            Labels for leads, contacts, accounts and deals. Filter any list by them, or show them as a column.
          </Text>
        </Stack>
        {mayClean && (
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            disabled={selected.size === 0}
            onClick={() => setConfirming(true)}
          >
            Delete selected{selected.size ? ` (${selected.size})` : ''}
          </Button>
        )}
      </Group>
      <Card>
        <NewTagForm />
      </Card>
      {index.isPending ? (
        <Skeleton height={240} radius="lg" />
      ) : index.isError ? (
        <ErrorState onRetry={() => void index.refetch()} />
      ) : tags.length === 0 ? (
        <Card>
          <EmptyState
            icon={<IconTag size={30} />}
            title="No tags yet"
            description="Create one above, or type a new tag on any record's page."
          />
        </Card>
      ) : (
        <Card p={0}>
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={44}>
                    <Checkbox
                      aria-label="Select all tags"
                      checked={selected.size === tags.length}
                      indeterminate={selected.size > 0 && selected.size < tags.length}
                      onChange={() =>
                        setSelected(selected.size === tags.length ? new Set() : new Set(tags.map((tag) => tag.id)))
                      }
                    />
                  </Table.Th>
                  <Table.Th>Tag</Table.Th>
                  <Table.Th ta="right">Records</Table.Th>
                  <Table.Th>Created</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tags.map((tag) => (
                  <Table.Tr key={tag.id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Select ${tag.name}`}
                        checked={selected.has(tag.id)}
                        onChange={() => toggle(tag.id)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TagBadge tag={tag} />
                    </Table.Td>
                    <Table.Td ta="right">{tag.usage_count.toLocaleString()}</Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        {dateText(tag.created_at)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      <ConfirmDeleteModal
        opened={confirming}
        title={`Delete ${chosen.length} ${chosen.length === 1 ? 'tag' : 'tags'}?`}
        loading={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={handleDelete}
      >
        {usage > 0
          ? `They are taken off ${usage.toLocaleString()} ${usage === 1 ? 'record' : 'records'}; the records stay.`
          : 'No record carries them.'}
      </ConfirmDeleteModal>
    </Stack>
  );
}
