import { useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  FileInput,
  Group,
  NativeSelect,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCheck, IconFileTypePdf, IconPencil, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CATALOG_FILE_RULES, FILE_MESSAGES, type CatalogFile } from '@tradeloop/contracts/catalog-files';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { dateLabel } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import {
  useCompanyCatalogs,
  useDeleteCompanyCatalog,
  useRenameCatalog,
  useUploadCompanyCatalog,
} from '../api/company-catalogs.ts';
import { useProducts } from '../api/get-products.ts';
import { formatBytes } from '../format.ts';

/**
 * /products/catalogs (issue 45): the seller's PDF catalogs in one place, each with the product it belongs
 * to (or all products), to upload, rename and delete. The product editor keeps its own section.
 */
export function CatalogsPage() {
  useDocumentTitle('Catalogs · TradeLoop');
  const catalogs = useCompanyCatalogs();
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            Catalogs
          </Title>
          <Text c="dimmed" size="sm">
            PDF brochures and data sheets buyers download from your product pages, up to 20 MB each.{' '}
            <Anchor component={Link} to="/products/List" size="sm" underline="always">
              Back to your products
            </Anchor>
          </Text>
        </div>
        <UploadCard />
        {catalogs.isPending ? (
          <Skeleton height={200} role="status" aria-busy="true" aria-label="Loading the catalogs" />
        ) : catalogs.isError ? (
          <ErrorState onRetry={() => void catalogs.refetch()} />
        ) : catalogs.data.length === 0 ? (
          <Card>
            <EmptyState
              icon={<IconFileTypePdf size={30} />}
              title="No catalogs yet"
              description="Upload a PDF above: for one product, or for all of them."
            />
          </Card>
        ) : (
          <Card padding={0}>
            <Table.ScrollContainer minWidth={640}>
              <Table aria-label="Catalogs" data-testid="catalogs-table" verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Title</Table.Th>
                    <Table.Th>Product</Table.Th>
                    <Table.Th>File</Table.Th>
                    <Table.Th>Uploaded</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {catalogs.data.map((catalog) => (
                    <CatalogRow key={catalog.id} catalog={catalog} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        )}
      </Stack>
    </Container>
  );
}

function UploadCard() {
  const upload = useUploadCompanyCatalog();
  const products = useProducts({ page: 1, per_page: 100, status: 'all', sort: 'updated' });
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [productId, setProductId] = useState('');
  const [error, setError] = useState<string | null>(null);

  const handleUpload = async () => {
    if (!file) return setError(FILE_MESSAGES.fileRequired);
    if (!file.name.toLowerCase().endsWith('.pdf')) return setError(FILE_MESSAGES.catalogType);
    if (file.size > CATALOG_FILE_RULES.maxBytes) return setError(FILE_MESSAGES.catalogTooLarge);
    try {
      const result = await upload.mutateAsync({ file, title, productId: productId ? Number(productId) : null });
      notifySuccess(result.message ?? FILE_MESSAGES.catalogUploaded);
      setFile(null);
      setTitle('');
      setError(null);
    } catch (failure) {
      setError(
        isApiError(failure)
          ? (failure.errors?.file?.[0] ?? failure.errors?.title?.[0] ?? failure.message)
          : FILE_MESSAGES.catalogType,
      );
    }
  };

  return (
    <Card padding="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        <TextInput
          label="Title"
          placeholder="e.g. Pump range 2026"
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          w={220}
        />
        <NativeSelect
          label="Product"
          value={productId}
          onChange={(event) => setProductId(event.currentTarget.value)}
          data={[
            { value: '', label: 'All products' },
            ...(products.data?.data ?? []).map((product) => ({ value: String(product.id), label: product.name })),
          ]}
          w={240}
        />
        <FileInput
          label="PDF file"
          placeholder="Choose a PDF"
          accept="application/pdf,.pdf"
          value={file}
          onChange={setFile}
          error={error}
          clearable
          w={240}
        />
        <Button leftSection={<IconUpload size={16} />} onClick={() => void handleUpload()} loading={upload.isPending}>
          Upload
        </Button>
      </Group>
    </Card>
  );
}

function CatalogRow({ catalog }: { catalog: CatalogFile }) {
  const rename = useRenameCatalog();
  const remove = useDeleteCompanyCatalog();
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(catalog.title);
  const failure = isApiError(rename.error) ? (rename.error.errors?.title?.[0] ?? rename.error.message) : null;

  const handleSave = async () => {
    try {
      const result = await rename.mutateAsync({ id: catalog.id, title });
      notifySuccess(result.message ?? FILE_MESSAGES.catalogRenamed);
      setEditing(false);
    } catch {
      // Shown on the field.
    }
  };

  return (
    <Table.Tr>
      <Table.Td>
        {editing ? (
          <Group gap={4} wrap="nowrap">
            <TextInput
              aria-label={`New title of ${catalog.title}`}
              value={title}
              onChange={(event) => setTitle(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') void handleSave();
                if (event.key === 'Escape') setEditing(false);
              }}
              error={failure}
              size="xs"
              data-autofocus
            />
            <ActionIcon aria-label="Save the title" onClick={() => void handleSave()} loading={rename.isPending}>
              <IconCheck size={16} />
            </ActionIcon>
            <ActionIcon variant="subtle" color="gray" aria-label="Cancel" onClick={() => setEditing(false)}>
              <IconX size={16} />
            </ActionIcon>
          </Group>
        ) : (
          <Group gap="xs" wrap="nowrap">
            <IconFileTypePdf size={20} color="var(--mantine-color-red-7)" aria-hidden />
            <Anchor href={catalog.url} download={catalog.file_name} size="sm" fw={600}>
              {catalog.title}
            </Anchor>
          </Group>
        )}
      </Table.Td>
      <Table.Td>
        {catalog.product_id === null ? (
          <Badge variant="light" color="gray" tt="none">
            All products
          </Badge>
        ) : (
          <Anchor component={Link} to={`/products/edit/${catalog.product_id}`} size="sm">
            {catalog.product_name}
          </Anchor>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          {catalog.file_name} · {formatBytes(catalog.bytes)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{dateLabel(catalog.created_at)}</Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <ActionIcon
            variant="subtle"
            aria-label={`Rename catalog ${catalog.title}`}
            onClick={() => {
              setTitle(catalog.title);
              setEditing(true);
            }}
          >
            <IconPencil size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete catalog ${catalog.title}`}
            loading={remove.isPending}
            onClick={() => void remove.mutateAsync(catalog.id).then(() => notifySuccess(FILE_MESSAGES.catalogDeleted))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
