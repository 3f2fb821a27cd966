import { Button, FileInput, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { BLOG_LIMITS, BLOG_MESSAGES, type BlogPicture } from '@tradeloop/contracts/blogs';
import { isApiError } from '../../../lib/api-client.ts';

type Errors = Partial<Record<'file' | 'alt', string>>;

/**
 * Inserts a picture into a post's text: a PNG or JPEG, uploaded to the saved post, and its description,
 * which screen readers read in its place. A post not saved yet has nowhere to keep it.
 */
export function PictureDialog({
  opened,
  onClose,
  upload,
  onInsert,
}: {
  opened: boolean;
  onClose: () => void;
  /** Undefined until the post is saved. */
  upload?: (file: File) => Promise<BlogPicture>;
  onInsert: (picture: BlogPicture, alt: string) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const close = () => {
    setFile(null);
    setAlt('');
    setErrors({});
    onClose();
  };
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
      close();
    } catch (error) {
      // The file's own error (type, size) under it; anything the client has not told the user yet, too.
      if (isApiError(error) && !error.notified) setErrors({ file: error.errors?.file?.[0] ?? error.message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Insert a picture">
      {upload ? (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            <FileInput
              label="Picture"
              description={`PNG or JPEG; made at most ${BLOG_LIMITS.pictureWidth} px wide.`}
              accept="image/png,image/jpeg"
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
              <Button variant="default" onClick={close}>
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
