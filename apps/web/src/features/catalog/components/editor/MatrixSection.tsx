import { useState } from 'react';
import {
  ActionIcon,
  Avatar,
  Badge,
  Group,
  MultiSelect,
  NumberInput,
  Pagination,
  Radio,
  ScrollArea,
  Skeleton,
  Switch,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconTrash } from '@tabler/icons-react';
import type { MatrixRow, ProductImage } from '@tradeloop/contracts/catalog';
import { isApiError } from '../../../../lib/api-client.ts';
import { notifyError } from '../../../../lib/notify.ts';
import { useDeleteCombinations, useMatrix, useUpdateCombination } from '../../api/matrix.ts';
import { Section } from './Section.tsx';

/** The variation matrix: every combination with its own price, pictures, default and status. */
export function MatrixSection({
  productId,
  photos,
  currency,
}: {
  productId: number;
  photos: ProductImage[];
  currency: string;
}) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search, 300);
  const matrix = useMatrix(productId, page, term);
  const update = useUpdateCombination(productId);
  const remove = useDeleteCombinations(productId);

  const handleUpdate = async (change: Parameters<typeof update.mutateAsync>[0]) => {
    try {
      await update.mutateAsync(change);
    } catch (error) {
      if (isApiError(error) && !error.notified) notifyError(error.message);
    }
  };

  return (
    <Section
      id="matrix"
      title="Combinations"
      description="Prices here replace the product's price for that combination; leave empty to use it. Exactly one combination is the default."
    >
      <TextInput
        aria-label="Search combinations"
        placeholder="Search combinations"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        maw={360}
      />
      {matrix.isPending ? (
        <Skeleton h={160} />
      ) : matrix.isError ? (
        <Text c="red">We could not load the combinations.</Text>
      ) : matrix.data.total === 0 ? (
        <Text size="sm" c="dimmed">
          No combinations{term ? ' match' : ''}.
        </Text>
      ) : (
        <>
          <ScrollArea type="auto">
            <Table verticalSpacing={6} miw={720} aria-label="Combinations">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Default</Table.Th>
                  <Table.Th>Combination</Table.Th>
                  <Table.Th>Price ({currency})</Table.Th>
                  <Table.Th>Pictures</Table.Th>
                  <Table.Th>Active</Table.Th>
                  <Table.Th aria-label="Delete" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {matrix.data.data.map((row) => (
                  <MatrixLine
                    key={row.id}
                    row={row}
                    photos={photos}
                    onUpdate={handleUpdate}
                    onDelete={() => void remove.mutateAsync([row.id])}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          {matrix.data.lastPage > 1 && <Pagination total={matrix.data.lastPage} value={page} onChange={setPage} />}
        </>
      )}
    </Section>
  );
}

type Update = {
  id: number;
  price?: number | null;
  images?: number[];
  is_default?: boolean;
  status?: 'active' | 'inactive';
};

function MatrixLine({
  row,
  photos,
  onUpdate,
  onDelete,
}: {
  row: MatrixRow;
  photos: ProductImage[];
  onUpdate: (change: Update) => Promise<void>;
  onDelete: () => void;
}) {
  const [price, setPrice] = useState<number | string>(row.price ?? '');
  const label = row.value.split('|').join(' · ');
  const commitPrice = () => {
    const next = typeof price === 'number' ? price : price === '' ? null : Number(price);
    if (next !== row.price) void onUpdate({ id: row.id, price: next });
  };
  return (
    <Table.Tr>
      <Table.Td>
        <Radio
          aria-label={`Make ${label} the default`}
          checked={row.is_default}
          onChange={() => void onUpdate({ id: row.id, is_default: true })}
          disabled={row.status !== 'active'}
        />
      </Table.Td>
      <Table.Td>
        <Group gap={6}>
          <Text size="sm">{label}</Text>
          {row.is_default && (
            <Badge size="xs" variant="light">
              Default
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td w={150}>
        <NumberInput
          size="xs"
          aria-label={`Price of ${label}`}
          placeholder="Product price"
          min={0}
          decimalScale={4}
          value={price}
          onChange={setPrice}
          onBlur={commitPrice}
        />
      </Table.Td>
      <Table.Td w={220}>
        {photos.length === 0 ? (
          <Text size="xs" c="dimmed">
            Add product pictures first
          </Text>
        ) : (
          <MultiSelect
            size="xs"
            aria-label={`Pictures of ${label}`}
            placeholder="Choose"
            data={photos.map((photo, index) => ({ value: String(photo.id), label: `Picture ${index + 1}` }))}
            value={row.images.map(String)}
            onChange={(ids) => void onUpdate({ id: row.id, images: ids.map(Number) })}
            renderOption={({ option }) => {
              const photo = photos.find((entry) => String(entry.id) === option.value);
              return (
                <Group gap={6}>
                  <Avatar src={photo?.thumb} size={24} radius="sm" alt="" />
                  {option.label}
                </Group>
              );
            }}
          />
        )}
      </Table.Td>
      <Table.Td>
        <Switch
          aria-label={`${label} active`}
          checked={row.status === 'active'}
          disabled={row.is_default}
          onChange={(event) =>
            void onUpdate({ id: row.id, status: event.currentTarget.checked ? 'active' : 'inactive' })
          }
        />
      </Table.Td>
      <Table.Td>
        <Tooltip label="Delete this combination">
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${label}`} onClick={onDelete}>
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Table.Td>
    </Table.Tr>
  );
}
