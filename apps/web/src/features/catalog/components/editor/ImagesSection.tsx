import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Image,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconPhotoPlus, IconStar, IconTrash } from '@tabler/icons-react';
import { CATALOG_MESSAGES, PRODUCT_LIMITS, type ProductImage } from '@tradeloop/contracts/catalog';
import { FILE_MESSAGES, IMAGE_RULES } from '@tradeloop/contracts/catalog-files';
import { isApiError } from '../../../../lib/api-client.ts';
import { notifyError } from '../../../../lib/notify.ts';
import { deleteProductImage, uploadProductImage } from '../../api/images.ts';
import type { ProductForm } from '../../product-form.ts';
import { GroupError, Section } from './Section.tsx';

/** The browser's first look (name and type); the server checks the content again. */
function imageProblem(file: File): string | null {
  const name = file.name.toLowerCase();
  const extensionOk = (IMAGE_RULES.extensions as readonly string[]).some((extension) => name.endsWith(extension));
  if (!extensionOk || !(IMAGE_RULES.accept as readonly string[]).includes(file.type)) return FILE_MESSAGES.imageType;
  if (file.size > IMAGE_RULES.maxBytes) return FILE_MESSAGES.imageTooLarge;
  return null;
}

/**
 * Pictures in display order; the first is the main image. Uploads go up at once and are attached
 * when the product is saved; a picture removed before saving that was never saved is deleted now.
 */
export function ImagesSection({ form, savedIds }: { form: ProductForm; savedIds: Set<number> }) {
  const [uploading, setUploading] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const photos = form.values.photos;
  const room = PRODUCT_LIMITS.photos - photos.length;

  const handleFiles = async (files: File[]) => {
    setError(null);
    const accepted = files.slice(0, room);
    if (files.length > room) setError(CATALOG_MESSAGES.tooManyPhotos);
    for (const file of accepted) {
      const problem = imageProblem(file);
      if (problem) {
        setError(problem);
        notifyError(problem);
        continue;
      }
      setUploading((count) => count + 1);
      try {
        const result = await uploadProductImage(file);
        form.insertListItem('photos', result.data);
      } catch (failure) {
        const message = isApiError(failure) ? (failure.errors?.file?.[0] ?? failure.message) : FILE_MESSAGES.imageType;
        setError(message);
        if (!(isApiError(failure) && failure.notified)) notifyError(message);
      } finally {
        setUploading((count) => count - 1);
      }
    }
  };

  const move = (from: number, to: number) => form.reorderListItem('photos', { from, to });
  const handleRemove = (photo: ProductImage, index: number) => {
    form.removeListItem('photos', index);
    if (!savedIds.has(photo.id)) void deleteProductImage(photo.id).catch(() => undefined);
  };

  return (
    <Section
      id="images"
      title="Images"
      description={`PNG, JPEG or JPG, up to ${IMAGE_RULES.maxBytes / 1_048_576} MB each, ${PRODUCT_LIMITS.photos} at most. The first picture is the main image.`}
    >
      <SimpleGrid cols={{ base: 2, xs: 3, md: 4 }} spacing="sm">
        {photos.map((photo, index) => (
          <Card key={photo.id} withBorder p={6} radius="md">
            <Card.Section pos="relative">
              <Image src={photo.card} alt={`Product picture ${index + 1}`} h={140} fit="cover" />
              {index === 0 && (
                <Badge pos="absolute" top={8} left={8} leftSection={<IconStar size={12} />}>
                  Main
                </Badge>
              )}
            </Card.Section>
            <Group justify="space-between" gap={2} mt={6} wrap="nowrap">
              <Group gap={2} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label="Move earlier"
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  <IconArrowLeft size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label="Move later"
                  disabled={index === photos.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  <IconArrowRight size={16} />
                </ActionIcon>
              </Group>
              <Group gap={2} wrap="nowrap">
                {index > 0 && (
                  <Tooltip label="Make main image">
                    <ActionIcon variant="subtle" size="sm" aria-label="Make main image" onClick={() => move(index, 0)}>
                      <IconStar size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="sm"
                  aria-label={`Remove picture ${index + 1}`}
                  onClick={() => handleRemove(photo, index)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Group>
          </Card>
        ))}
        {Array.from({ length: uploading }, (_, index) => (
          <Skeleton key={`uploading-${index}`} h={176} radius="md" aria-label="Uploading picture" />
        ))}
      </SimpleGrid>
      {photos.length === 0 && uploading === 0 && (
        <Stack align="center" gap={4} py="md">
          <IconPhotoPlus size={36} color="var(--mantine-color-dimmed)" aria-hidden />
          <Text size="sm" c="dimmed">
            Products with clear pictures get more enquiries.
          </Text>
        </Stack>
      )}
      <GroupError message={error ?? form.errors.photos} />
      <Group>
        <FileButton onChange={(files) => void handleFiles(files)} accept="image/png,image/jpeg" multiple>
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconPhotoPlus size={16} />}
              disabled={room <= 0}
              loading={uploading > 0}
            >
              Add pictures
            </Button>
          )}
        </FileButton>
      </Group>
    </Section>
  );
}
