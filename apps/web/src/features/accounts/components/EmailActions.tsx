import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import type { Profile } from '@tradeloop/contracts/accounts';
import { emailChangeBodySchema } from '@tradeloop/contracts/accounts-email';
import { isApiError } from '../../../lib/api-client.ts';
import { useRequestEmailChange, useRequestEmailConfirmation } from '../api/email.ts';

/** A server failure as one line for the modal's alert. */
function failureText(error: unknown) {
  if (!isApiError(error)) return null;
  return error.errors ? Object.values(error.errors).flat().join(' ') : error.message;
}

/** The e-mail confirmation modal: sends a single-use link to the account's address. */
function EmailConfirmationModal({ profile, onClose }: { profile: Profile; onClose: () => void }) {
  const request = useRequestEmailConfirmation();
  const sent = request.data?.message;
  const failure = failureText(request.error);
  return (
    <Modal
      opened
      onClose={onClose}
      centered
      title={
        <Title order={2} size="h4">
          Confirm your e-mail address
        </Title>
      }
    >
      <Stack>
        {sent ? (
          <Alert color="teal" variant="light" icon={<IconMailCheck size={16} />} role="status">
            {sent}
          </Alert>
        ) : (
          <Text size="sm">
            We send a link to <strong>{profile.email_id}</strong>. Open it within a day to confirm the address is yours.
          </Text>
        )}
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={16} />} role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {sent ? 'Close' : 'Not now'}
          </Button>
          <Button onClick={() => request.mutate()} loading={request.isPending}>
            {sent ? 'Send again' : 'Send confirmation link'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The e-mail edit modal: the new address is confirmed by a link before it replaces the old one. */
function EmailEditModal({ onClose }: { onClose: () => void }) {
  const request = useRequestEmailChange();
  const [values, setValues] = useState({ email_id: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const sent = request.data?.message;
  const serverErrors = isApiError(request.error) ? (request.error.errors ?? {}) : {};
  const failure = isApiError(request.error) && !request.error.errors ? request.error.message : null;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailChangeBodySchema.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    request.mutate(values);
  };
  const fieldError = (field: 'email_id' | 'password') => errors[field] ?? serverErrors[field]?.[0];

  return (
    <Modal
      opened
      onClose={onClose}
      centered
      title={
        <Title order={2} size="h4">
          Change your e-mail address
        </Title>
      }
    >
      {sent ? (
        <Stack>
          <Alert color="teal" variant="light" icon={<IconMailCheck size={16} />} role="status">
            {sent}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>Close</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={handleSubmit} noValidate aria-label="E-mail change">
          <Stack>
            <Text size="sm">
              We send a link to the new address. Your address changes once you open it, and we tell the old one.
            </Text>
            {failure && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={16} />} role="alert">
                {failure}
              </Alert>
            )}
            <TextInput
              label="New e-mail address"
              type="email"
              autoComplete="email"
              withAsterisk
              value={values.email_id}
              error={fieldError('email_id')}
              onChange={(event) => setValues({ ...values, email_id: event.currentTarget.value })}
              data-autofocus
            />
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              value={values.password}
              error={fieldError('password')}
              onChange={(event) => setValues({ ...values, password: event.currentTarget.value })}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={request.isPending}>
                Send link
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** Beside the profile's address: confirm it (when not confirmed) or change it. */
export function EmailActions({ profile }: { profile: Profile }) {
  const [open, setOpen] = useState<'confirm' | 'edit' | null>(null);
  return (
    <Group gap="xs">
      {!profile.email_verified && (
        <Button variant="light" size="compact-sm" onClick={() => setOpen('confirm')}>
          Confirm e-mail
        </Button>
      )}
      <Button variant="subtle" size="compact-sm" onClick={() => setOpen('edit')}>
        Change e-mail
      </Button>
      {open === 'confirm' && <EmailConfirmationModal profile={profile} onClose={() => setOpen(null)} />}
      {open === 'edit' && <EmailEditModal onClose={() => setOpen(null)} />}
    </Group>
  );
}
