import { useState, type FormEvent } from 'react';
import { Button, Modal, PasswordInput, Stack, Text, Title } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { PASSWORD_MESSAGES, passwordChangeBodySchema } from '@tradeloop/contracts/auth-password';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { ModalActions } from '../../../components/ModalActions.tsx';
import { apiFailure, zodFormValidator } from '../../../lib/form.ts';
import { useChangePassword } from '../../auth/api/password.ts';

const validate = zodFormValidator(passwordChangeBodySchema);

/** The password change modal (decision 051): the current password, then the new one by the sign-up rules. */
function PasswordChangeModal({ onClose }: { onClose: () => void }) {
  const change = useChangePassword();
  const [values, setValues] = useState({ current_password: '', password: '' });
  const [errors, setErrors] = useState<FormErrors>({});
  const done = change.data?.message;
  const failure = apiFailure(change.error);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    if (!values.current_password) found.current_password = PASSWORD_MESSAGES.currentRequired;
    setErrors(found);
    if (Object.keys(found).length === 0) change.mutate(values);
  };
  const fieldError = (field: 'current_password' | 'password') => errors[field] ?? failure.fields[field];

  return (
    <Modal
      opened
      onClose={onClose}
      centered
      title={
        <Title order={2} size="h4">
          Change your password
        </Title>
      }
    >
      {done ? (
        <Stack>
          <FormAlert tone="success" message={done} />
          <Button onClick={onClose} style={{ alignSelf: 'flex-end' }}>
            Close
          </Button>
        </Stack>
      ) : (
        <form onSubmit={handleSubmit} noValidate aria-label="Password change">
          <Stack>
            <Text size="sm">This device stays signed in; every other device is signed out.</Text>
            <FormAlert message={failure.message} />
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              withAsterisk
              value={values.current_password}
              error={fieldError('current_password')}
              onChange={(event) => setValues({ ...values, current_password: event.currentTarget.value })}
              data-autofocus
            />
            <PasswordInput
              label="New password"
              description="At least 8 characters"
              autoComplete="new-password"
              withAsterisk
              value={values.password}
              error={fieldError('password')}
              onChange={(event) => setValues({ ...values, password: event.currentTarget.value })}
            />
            <ModalActions onCancel={onClose} submitLabel="Change password" loading={change.isPending} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** Beside the profile's address: change the password. */
export function PasswordChangeButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="subtle" size="compact-sm" onClick={() => setOpen(true)}>
        Change password
      </Button>
      {open && <PasswordChangeModal onClose={() => setOpen(false)} />}
    </>
  );
}
