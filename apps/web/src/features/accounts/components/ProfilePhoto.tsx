import { useState } from 'react';
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { IMAGE_RULES } from '@tradeloop/contracts/catalog-files';
import { ApiError } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAvatar } from '../api/avatar.ts';

type ProfilePhotoProps = { avatar: string | null; initials: string };

/** The profile photo: uploaded (PNG or JPEG, cut to a square by the server) or removed at once, not with the form. */
export function ProfilePhoto({ avatar, initials }: ProfilePhotoProps) {
  const { upload, remove } = useAvatar();
  const [error, setError] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;

  const done = (result: { message?: string }) => {
    setError(null);
    if (result.message) notifySuccess(result.message);
  };
  const failed = (cause: unknown) =>
    setError(cause instanceof ApiError ? (cause.errors?.file?.[0] ?? cause.message) : String(cause));

  return (
    <Group align="center" wrap="nowrap" gap="md">
      <Avatar src={avatar} alt={avatar ? 'Your profile photo' : ''} size={72} radius="xl" color="brand">
        {initials}
      </Avatar>
      <Stack gap={4}>
        <Group gap="xs">
          <FileButton
            accept={IMAGE_RULES.accept.join(',')}
            onChange={(file) => file && upload.mutate(file, { onSuccess: done, onError: failed })}
          >
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="default"
                leftSection={<IconUpload size={14} />}
                loading={upload.isPending}
                disabled={busy}
              >
                {avatar ? 'Change photo' : 'Upload a photo'}
              </Button>
            )}
          </FileButton>
          {avatar && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              loading={remove.isPending}
              disabled={busy}
              onClick={() => remove.mutate(undefined, { onSuccess: done, onError: failed })}
            >
              Remove photo
            </Button>
          )}
        </Group>
        <Text size="xs" c={error ? 'red' : 'dimmed'} role={error ? 'alert' : undefined}>
          {error ?? 'PNG or JPEG; it is cut to a square.'}
        </Text>
      </Stack>
    </Group>
  );
}
