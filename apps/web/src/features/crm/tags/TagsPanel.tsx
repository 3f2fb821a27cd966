import { useState } from 'react';
import { Badge, Card, CloseButton, Group, Skeleton, Stack, TagsInput, Text, Title } from '@mantine/core';
import { CONTENT_LIMITS } from '@tradeloop/contracts/crm/records';
import type { CrmTag } from '@tradeloop/contracts/crm/tags';
import { ErrorState } from '../../../components/ErrorState.tsx';
import type { DetailTabProps } from '../shared/detail-tabs.ts';
import { useRecordTags, useSetRecordTags, useTagIndex } from './api.ts';

/** A tag as a badge of its colour; with onRemove, a button takes it off. */
export function TagBadge({ tag, onRemove }: { tag: Pick<CrmTag, 'name' | 'colour'>; onRemove?: () => void }) {
  return (
    <Badge
      color={tag.colour}
      variant="light"
      tt="none"
      size="lg"
      radius="sm"
      pr={onRemove ? 4 : undefined}
      rightSection={
        onRemove && (
          <CloseButton size="xs" variant="transparent" aria-label={`Remove tag ${tag.name}`} onClick={onRemove} />
        )
      }
    >
      {tag.name}
    </Badge>
  );
}

/** The record page's Tags panel: its tags as coloured badges, and a field to add existing or new ones. */
export function TagsPanel({ typeId, record }: DetailTabProps) {
  const tags = useRecordTags(typeId, record.id);
  const index = useTagIndex();
  const save = useSetRecordTags(typeId, record.id);
  const [typed, setTyped] = useState('');

  const current = tags.data?.tags ?? [];
  const setNames = (names: string[]) => save.mutate(names);
  const handleAdd = (entered: string[]) => {
    const held = new Set(current.map((tag) => tag.name.toLowerCase()));
    const added = entered.map((name) => name.trim()).filter((name) => name && !held.has(name.toLowerCase()));
    setTyped('');
    if (added.length) setNames([...current.map((tag) => tag.name), ...added]);
  };
  const suggestions = (index.data ?? [])
    .map((tag) => tag.name)
    .filter((name) => !current.some((tag) => tag.name.toLowerCase() === name.toLowerCase()));

  return (
    <Card>
      <Title order={3} size="h5" mb="sm">
        Tags
      </Title>
      {tags.isPending ? (
        <Skeleton height={28} />
      ) : tags.isError ? (
        <ErrorState onRetry={() => void tags.refetch()} />
      ) : (
        <Stack gap="sm">
          {current.length === 0 ? (
            <Text size="sm" c="dimmed">
              No tags yet. Tags group records across lists and views.
            </Text>
          ) : (
            <Group gap={6} data-testid="record-tags">
              {current.map((tag) => (
                <TagBadge
                  key={tag.id}
                  tag={tag}
                  onRemove={() => setNames(current.filter((held) => held.id !== tag.id).map((held) => held.name))}
                />
              ))}
            </Group>
          )}
          <TagsInput
            aria-label="Add tags"
            placeholder="Add a tag, then Enter"
            data={suggestions}
            value={[]}
            onChange={handleAdd}
            searchValue={typed}
            onSearchChange={setTyped}
            splitChars={[',']}
            maxLength={CONTENT_LIMITS.tagNameMaxChars}
            disabled={current.length >= CONTENT_LIMITS.tagsPerRecord}
            comboboxProps={{ withinPortal: true }}
            data-testid="tags-input"
          />
        </Stack>
      )}
    </Card>
  );
}
