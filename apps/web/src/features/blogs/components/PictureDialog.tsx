import { Button, FileInput, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { BLOG_LIMITS, BLOG_MESSAGES, type BlogPicture } from '@tradeloop/contracts/blogs';
import { FILE_MESSAGES } from '@tradeloop/contracts/catalog-files';
import { isApiError } from '../../../lib/api-client.ts';

type Errors = Partial<Record<'file' | 'alt', string>>;

const PICTURE_TYPES = ['image/png', 'image/jpeg'];

/**
 * Inserts a picture into a post's text: a PNG or JPEG, uploaded to the saved post, and its description,
 * which screen readers read in its place. A post not saved yet has nowhere to keep it. A file pasted or
 * dropped into the text comes chosen already; one that says it is no PNG or JPEG is marked at once (the
 * server checks the content).
 */
export function PictureDialog({
  opened,
  file: given,
  onClose,
  upload,
  onInsert,
}: {
  opened: boolean;
  /** The file the dialog opens with, if any. */
  file: File | null;
  onClose: () => void;
  /** Undefined until the post is saved. */
  upload?: (file: File) => Promise<BlogPicture>;
  onInsert: (picture: BlogPicture, alt: string) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  // Each opening starts afresh, with the file it was given.
  const [wasOpened, setWasOpened] = useState(false);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) {
      setFile(given);
      setAlt('');
      setErrors(given && !PICTURE_TYPES.includes(given.type) ? { file: FILE_MESSAGES.imageType } : {});
    }
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation(); // the dialog sits inside the post's form
    const found: Errors = {
      ...(file ? {} : { file: BLOG_MESSAGES.pictureRequired }),
      ...(alt.trim() ? {} : { alt: BLOG_MESSAGES.pictureAltRequired }),
    };
    setErrors(found);
    if (!upload || !file || Object.keys(found).length) return;
    setBusy(true);
    try {
      onInsert(await upload(file), alt.trim());
      onClose();
    } catch (error) {
      // The file's own error (type, size) under it; anything the client has not told the user yet, too.
      if (isApiError(error) && !error.notified) setErrors({ file: error.errors?.file?.[0] ?? error.message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Insert a picture">
      {upload ? (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            <FileInput
              label="Picture"
              description={`PNG or JPEG; made at most ${BLOG_LIMITS.pictureWidth} px wide.`}
              accept={PICTURE_TYPES.join(',')}
              leftSection={<IconPhoto size={16} aria-hidden />}
              value={file}
              onChange={setFile}
              error={errors.file}
              withAsterisk
              clearable
            />
            <TextInput
              label="Description"
              description="What the picture shows, read out by screen readers in its place."
              value={alt}
              maxLength={BLOG_LIMITS.pictureAltMax}
              onChange={(event) => setAlt(event.currentTarget.value)}
              error={errors.alt}
              withAsterisk
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={busy}>
                Insert picture
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Text size="sm">Save the post first to add pictures to it.</Text>
      )}
    </Modal>
  );
}
