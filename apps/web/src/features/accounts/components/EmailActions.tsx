import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import type { Profile } from '@tradeloop/contracts/accounts';
import { emailChangeBodySchema } from '@tradeloop/contracts/accounts-email';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { ModalActions } from '../../../components/ModalActions.tsx';
import { apiFailure, zodFormValidator } from '../../../lib/form.ts';
import { useRequestEmailChange, useRequestEmailConfirmation } from '../api/email.ts';

/** The e-mail confirmation modal: sends a single-use link to the account's address. */
function EmailConfirmationModal({ profile, onClose }: { profile: Profile; onClose: () => void }) {
  const request = useRequestEmailConfirmation();
  const sent = request.data?.message;
  const failure = apiFailure(request.error).message;
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
          <FormAlert tone="success" message={sent} />
        ) : (
          <Text size="sm">
            We send a link to <strong>{profile.email_id}</strong>. Open it within a day to confirm the address is yours.
          </Text>
        )}
        <FormAlert message={failure} />
        <ModalActions
          cancelLabel={sent ? 'Close' : 'Not now'}
          onCancel={onClose}
          submitLabel={sent ? 'Send again' : 'Send confirmation link'}
          onSubmit={() => request.mutate()}
          loading={request.isPending}
        />
      </Stack>
    </Modal>
  );
}

const validate = zodFormValidator(emailChangeBodySchema);

/** The e-mail edit modal: the new address is confirmed by a link before it replaces the old one. */
function EmailEditModal({ onClose }: { onClose: () => void }) {
  const request = useRequestEmailChange();
  const [values, setValues] = useState({ email_id: '', password: '' });
  const [errors, setErrors] = useState<FormErrors>({});
  const sent = request.data?.message;
  const failure = apiFailure(request.error);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length === 0) request.mutate(values);
  };
  const fieldError = (field: 'email_id' | 'password') => errors[field] ?? failure.fields[field];

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
          <FormAlert tone="success" message={sent} />
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
            <FormAlert message={failure.message} />
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
            <ModalActions onCancel={onClose} submitLabel="Send link" loading={request.isPending} />
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
