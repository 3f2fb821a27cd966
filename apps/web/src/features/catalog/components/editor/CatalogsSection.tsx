import { useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  FileInput,
  Grid,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconFileTypePdf, IconTrash, IconUpload } from '@tabler/icons-react';
import { CATALOG_FILE_RULES, FILE_MESSAGES } from '@tradeloop/contracts/catalog-files';
import { isApiError } from '../../../../lib/api-client.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { useCatalogs, useDeleteCatalog, useUploadCatalog } from '../../api/catalogs.ts';
import { formatBytes } from '../../format.ts';
import { Section } from './Section.tsx';

/** PDF catalogs buyers download from the product page: this product's and the company-wide ones. */
export function CatalogsSection({ productId }: { productId: number }) {
  const catalogs = useCatalogs(productId);
  const upload = useUploadCatalog(productId);
  const remove = useDeleteCatalog(productId);
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);

  const handleUpload = async () => {
    if (!file) {
      setError(FILE_MESSAGES.fileRequired);
      return;
    }
    if (!file.name.toLowerCase().endsWith('.pdf')) {
      setError(FILE_MESSAGES.catalogType);
      return;
    }
    if (file.size > CATALOG_FILE_RULES.maxBytes) {
      setError(FILE_MESSAGES.catalogTooLarge);
      return;
    }
    try {
      const result = await upload.mutateAsync({ file, title });
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
    <Section id="catalogs" title="Catalogs" description="PDF brochures and data sheets, up to 20 MB each.">
      {catalogs.isPending ? (
        <Skeleton h={48} />
      ) : catalogs.isError ? (
        <Text c="red">We could not load the catalogs.</Text>
      ) : catalogs.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No catalogs yet.
        </Text>
      ) : (
        <Stack gap="xs">
          {catalogs.data.map((catalog) => (
            <Group key={catalog.id} justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap">
                <IconFileTypePdf size={24} color="var(--mantine-color-red-7)" aria-hidden />
                <div>
                  <Anchor href={catalog.url} download={catalog.file_name} size="sm" fw={500}>
                    {catalog.title}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {catalog.file_name} · {formatBytes(catalog.bytes)}
                  </Text>
                </div>
                {catalog.product_id === null && (
                  <Badge size="xs" variant="light" color="gray">
                    All products
                  </Badge>
                )}
              </Group>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete catalog ${catalog.title}`}
                onClick={() => void remove.mutateAsync(catalog.id)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
      <Grid align="flex-end">
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <TextInput
            label="Title"
            placeholder="e.g. Pump range 2026"
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <FileInput
            label="PDF file"
            placeholder="Choose a PDF"
            accept="application/pdf,.pdf"
            value={file}
            onChange={setFile}
            error={error}
            clearable
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 2 }}>
          <Button
            fullWidth
            variant="light"
            leftSection={<IconUpload size={16} />}
            onClick={() => void handleUpload()}
            loading={upload.isPending}
          >
            Upload
          </Button>
        </Grid.Col>
      </Grid>
    </Section>
  );
}
