import {
  ActionIcon,
  Anchor,
  Avatar,
  Badge,
  Button,
  Group,
  Menu,
  ScrollArea,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconDotsVertical, IconEye, IconEyeOff, IconPencil, IconPhoto, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { CATALOG_MESSAGES, type ProductListItem } from '@tradeloop/contracts/catalog';
import { notifySuccess } from '../../../lib/notify.ts';
import { productActions, useProductAction } from '../api/product-actions.ts';
import { priceRange } from '../format.ts';
import { CATALOG_PATHS } from '../paths.ts';
import { dateText } from '../../../lib/format.ts';

/** How long the deletion notice offers its undo. */
const UNDO_MS = 8000;

export function ProductTable({ products, busy }: { products: ProductListItem[]; busy: boolean }) {
  return (
    <ScrollArea type="auto">
      <Table highlightOnHover verticalSpacing="sm" miw={860} style={{ opacity: busy ? 0.7 : 1 }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th>Category and brand</Table.Th>
            <Table.Th>Price</Table.Th>
            <Table.Th>Combinations</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Changed</Table.Th>
            <Table.Th aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {products.map((product) => (
            <ProductRow key={product.id} product={product} />
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

function ProductRow({ product }: { product: ProductListItem }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <Avatar src={product.main_image} radius="md" size={48} alt="">
            <IconPhoto size={20} />
          </Avatar>
          <div>
            <Anchor component={Link} to={CATALOG_PATHS.edit(product.id)} fw={600} size="sm">
              {product.pre_title_name ? `${product.pre_title_name} ` : ''}
              {product.name}
            </Anchor>
            <Text size="xs" c="dimmed">
              {product.unique_number}
              {product.model_number ? ` · Model ${product.model_number}` : ''}
              {` · ${product.availability === 'in_stock' ? 'In stock' : 'By order'}`}
            </Text>
          </div>
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{product.category_name ?? '—'}</Text>
        <Text size="xs" c="dimmed">
          {product.brand_name}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{priceRange(product)}</Text>
        <Text size="xs" c="dimmed">
          {product.price_type === 'quantity' ? 'By quantity' : 'Fixed price'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{product.combinations}</Text>
      </Table.Td>
      <Table.Td>
        <Badge color={product.status === 'active' ? 'teal' : 'gray'} variant="light">
          {product.status === 'active' ? 'Active' : 'Inactive'}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{dateText(product.updated_at)}</Text>
      </Table.Td>
      <Table.Td>
        <RowActions product={product} />
      </Table.Td>
    </Table.Tr>
  );
}

function RowActions({ product }: { product: ProductListItem }) {
  const navigate = useNavigate();
  const duplicate = useProductAction(productActions.duplicate);
  const remove = useProductAction(productActions.remove);
  const restore = useProductAction(productActions.restore);
  const setStatus = useProductAction(productActions.setStatus);
  const active = product.status === 'active';

  const handleDuplicate = async () => {
    const result = await duplicate.mutateAsync(product.id);
    notifySuccess(CATALOG_MESSAGES.duplicated, { autoClose: 4000 });
    navigate(CATALOG_PATHS.edit((result as { data: { id: number } }).data.id));
  };

  const handleDelete = async () => {
    await remove.mutateAsync(product.id);
    const noticeId = `deleted-${product.id}`;
    notifications.show({
      id: noticeId,
      autoClose: UNDO_MS,
      title: CATALOG_MESSAGES.deleted,
      message: (
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" lineClamp={1}>
            {product.name}
          </Text>
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => {
              notifications.hide(noticeId);
              void restore.mutateAsync(product.id).then(() => notifySuccess(CATALOG_MESSAGES.restored));
            }}
          >
            Undo
          </Button>
        </Group>
      ),
    });
  };

  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label="Edit">
        <ActionIcon
          component={Link}
          to={CATALOG_PATHS.edit(product.id)}
          variant="subtle"
          aria-label={`Edit ${product.name}`}
        >
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={`More actions for ${product.name}`}>
            <IconDotsVertical size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => void handleDuplicate()}>
            Duplicate
          </Menu.Item>
          <Menu.Item
            leftSection={active ? <IconEyeOff size={16} /> : <IconEye size={16} />}
            onClick={() => void setStatus.mutateAsync({ id: product.id, status: active ? 'inactive' : 'active' })}
          >
            {active ? 'Hide from buyers' : 'Publish'}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => void handleDelete()}>
            Delete
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
