import { useRef, useState, type DragEvent } from 'react';
import {
  ActionIcon,
  AspectRatio,
  Box,
  Button,
  Card,
  Center,
  Group,
  Image,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  IconDownload,
  IconEye,
  IconFile,
  IconFileTypePdf,
  IconPaperclip,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { CONTENT_LIMITS } from '@tradeloop/contracts/crm/records';
import { type CrmFile, FILE_ACCEPT } from '@tradeloop/contracts/crm/files';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { ConfirmDeleteModal } from '../shared/ConfirmDeleteModal.tsx';
import { fileSize } from '../../chat/chat-paths.ts';
import type { DetailTabProps } from '../shared/detail-tabs.ts';
import { useFileWrites, useFiles } from './api.ts';
import { dateText } from '../../../lib/format.ts';

const MAX_MB = CONTENT_LIMITS.fileMaxBytes / 1_048_576;

/** A file's face in the grid: its thumbnail, or an icon of its kind. */
function FileFace({ file }: { file: CrmFile }) {
  if (file.preview === 'image' && file.thumb_url) {
    return <Image src={file.thumb_url} alt={file.file_name} fit="cover" h="100%" w="100%" />;
  }
  const Icon = file.preview === 'pdf' ? IconFileTypePdf : IconFile;
  return (
    <Center h="100%" bg="gray.0">
      <ThemeIcon size={56} radius="md" variant="light" color={file.preview === 'pdf' ? 'red' : 'gray'}>
        <Icon size={32} />
      </ThemeIcon>
    </Center>
  );
}

function FileCard({
  file,
  onPreview,
  onDelete,
}: {
  file: CrmFile;
  onPreview: (file: CrmFile) => void;
  onDelete: (file: CrmFile) => void;
}) {
  const previewable = file.preview !== 'other';
  return (
    <Card withBorder padding={0} data-testid="file-card">
      <UnstyledButton
        onClick={() => (previewable ? onPreview(file) : window.open(file.url, '_blank', 'noopener'))}
        aria-label={previewable ? `Preview ${file.file_name}` : `Download ${file.file_name}`}
      >
        <AspectRatio ratio={4 / 3}>
          <FileFace file={file} />
        </AspectRatio>
      </UnstyledButton>
      <Stack gap={2} p="xs">
        <Text size="sm" fw={600} truncate title={file.file_name}>
          {file.file_name}
        </Text>
        <Group justify="space-between" wrap="nowrap" gap={4}>
          <Text size="xs" c="dimmed" truncate>
            {fileSize(file.size)} · {dateText(file.created_at)}
          </Text>
          <Group gap={2} wrap="nowrap">
            {previewable && (
              <Tooltip label="Preview">
                <ActionIcon variant="subtle" color="gray" aria-label="Preview" onClick={() => onPreview(file)}>
                  <IconEye size={16} />
                </ActionIcon>
              </Tooltip>
            )}
            <Tooltip label="Download">
              <ActionIcon
                component="a"
                href={file.url}
                download={file.file_name}
                variant="subtle"
                color="gray"
                aria-label="Download"
              >
                <IconDownload size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Delete">
              <ActionIcon variant="subtle" color="red" aria-label="Delete" onClick={() => onDelete(file)}>
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}

/** The Files tab: drop or pick files to upload, a grid with thumbnails, PDF and image previews. */
export function FilesTab({ typeId, record }: DetailTabProps) {
  const files = useFiles(typeId, record);
  const writes = useFileWrites(typeId, record);
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [preview, setPreview] = useState<CrmFile | null>(null);
  const [deleting, setDeleting] = useState<CrmFile | null>(null);

  const handleFiles = (chosen: File[]) => {
    if (chosen.length === 0) return;
    if (chosen.length > CONTENT_LIMITS.filesPerUpload) {
      notifyError(`Please choose at most ${CONTENT_LIMITS.filesPerUpload} files at a time`);
      return;
    }
    writes.upload.mutate(chosen, { onSuccess: (result) => notifySuccess(result.message ?? 'Uploaded') });
  };
  const handleDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    handleFiles([...event.dataTransfer.files]);
  };
  const handleDelete = () => {
    if (!deleting) return;
    writes.remove.mutate([deleting.id], {
      onSuccess: (result) => {
        notifySuccess(result.message ?? 'Deleted');
        setDeleting(null);
      },
    });
  };

  return (
    <Stack gap="md">
      <Card
        withBorder
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={handleDrop}
        style={{
          borderStyle: 'dashed',
          borderWidth: 2,
          borderColor: dragging ? 'var(--mantine-color-brand-5)' : undefined,
          background: dragging ? 'var(--mantine-color-brand-0)' : undefined,
        }}
      >
        <Group justify="center" gap="md" py="sm" wrap="wrap">
          <ThemeIcon size={44} radius="xl" variant="light">
            <IconUpload size={22} />
          </ThemeIcon>
          <Stack gap={0}>
            <Text fw={600}>Drop files here or choose them</Text>
            <Text size="xs" c="dimmed">
              Images, PDF, Office documents, CSV or text · up to {CONTENT_LIMITS.filesPerUpload} files of {MAX_MB} MB
            </Text>
          </Stack>
          <Button
            variant="light"
            leftSection={<IconPaperclip size={16} />}
            loading={writes.upload.isPending}
            onClick={() => input.current?.click()}
          >
            Choose files
          </Button>
          <Box
            component="input"
            ref={input}
            type="file"
            multiple
            accept={FILE_ACCEPT}
            aria-label="Files to upload"
            data-testid="file-input"
            style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
            onChange={(event) => {
              const target = event.currentTarget as HTMLInputElement;
              handleFiles([...(target.files ?? [])]);
              target.value = '';
            }}
          />
        </Group>
      </Card>

      {files.isPending ? (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }}>
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} height={180} radius="md" />
          ))}
        </SimpleGrid>
      ) : files.isError ? (
        <ErrorState onRetry={() => void files.refetch()} />
      ) : files.data.length === 0 ? (
        <Card>
          <EmptyState
            icon={<IconPaperclip size={30} />}
            title="No files yet"
            description="Quotations, drawings, certificates, photos: drop them above to keep them with this record."
          />
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} data-testid="files-grid">
          {files.data.map((file) => (
            <FileCard key={file.id} file={file} onPreview={setPreview} onDelete={setDeleting} />
          ))}
        </SimpleGrid>
      )}

      <Modal
        opened={preview !== null}
        onClose={() => setPreview(null)}
        title={preview?.file_name}
        size={preview?.preview === 'pdf' ? 'xl' : 'lg'}
        centered
      >
        {preview?.preview === 'pdf' && (
          <Box
            component="iframe"
            src={preview.url}
            title={preview.file_name}
            w="100%"
            h="75vh"
            style={{ border: 0 }}
            data-testid="pdf-preview"
          />
        )}
        {preview?.preview === 'image' && <Image src={preview.url} alt={preview.file_name} fit="contain" mah="75vh" />}
        {preview && (
          <Group justify="flex-end" mt="sm">
            <Button
              component="a"
              href={preview.url}
              download={preview.file_name}
              variant="light"
              leftSection={<IconDownload size={16} />}
            >
              Download
            </Button>
          </Group>
        )}
      </Modal>

      <ConfirmDeleteModal
        opened={deleting !== null}
        title={`Delete ${deleting?.file_name ?? ''}?`}
        loading={writes.remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={handleDelete}
      >
        The file is removed from this record for everyone.
      </ConfirmDeleteModal>
    </Stack>
  );
}
