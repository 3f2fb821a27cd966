import { useState } from 'react';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAt, IconLock } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import {
  PASSWORD_LIMITS,
  PASSWORD_MESSAGES,
  newPasswordFormSchema,
  passwordResetRequestBodySchema,
  type PasswordResetRequestBody,
} from '@tradeloop/contracts/auth-password';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { showSubmitError, zodFormValidator } from '../../../lib/form.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { PATHS } from '../../../lib/paths.ts';
import { clearSession, getToken } from '../../../lib/session.ts';
import { useRequestPasswordReset, useResetPassword } from '../api/password.ts';
import { AuthLayout } from '../components/AuthLayout.tsx';

/**
 * /user/resetPassword (and /resetPassword): without a token, asks for the account's address and mails
 * a link; with the link's token, sets the new password (decision 051).
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  useDocumentTitle(token ? 'Choose a new password · TradeLoop' : 'Reset your password · TradeLoop');
  return token !== null ? <NewPasswordForm token={token} /> : <ResetRequestForm />;
}

function ResetRequestForm() {
  const request = useRequestPasswordReset();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<PasswordResetRequestBody>({
    initialValues: { email_id: '' },
    validate: zodFormValidator(passwordResetRequestBodySchema),
    validateInputOnBlur: true,
  });
  const sent = request.data?.message ?? (request.isSuccess ? PASSWORD_MESSAGES.resetLinkSent : null);
  const minutes = PASSWORD_LIMITS.linkTtlMs / 60_000;

  const handleSubmit = async (values: PasswordResetRequestBody) => {
    setAlert(null);
    try {
      await request.mutateAsync(values);
    } catch (error) {
      showSubmitError(error, form, setAlert);
    }
  };

  return (
    <AuthLayout
      title="Reset your password"
      subtitle={
        <>
          Remembered it?{' '}
          <Anchor component={Link} to={PATHS.signin} fw={600}>
            Sign in
          </Anchor>
        </>
      }
    >
      <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label="Reset your password">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Enter the address you sign in with. We e-mail you a link to choose a new password; it works once, within{' '}
            {minutes} minutes.
          </Text>
          <FormAlert message={alert} />
          <FormAlert tone="success" message={sent} />
          <TextInput
            label="E-mail address"
            placeholder="you@company.com"
            type="email"
            autoComplete="email"
            leftSection={<IconAt size={16} aria-hidden />}
            withAsterisk
            data-autofocus
            {...form.getInputProps('email_id')}
          />
          <Button type="submit" size="md" fullWidth loading={request.isPending}>
            {sent ? 'Send another link' : 'Send reset link'}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const [alert, setAlert] = useState<string | null>(token ? null : PASSWORD_MESSAGES.linkInvalid);
  const form = useForm({
    initialValues: { password: '' },
    validate: zodFormValidator(newPasswordFormSchema),
    validateInputOnBlur: true,
  });

  const handleSubmit = async (values: { password: string }) => {
    setAlert(null);
    try {
      await reset.mutateAsync({ token, password: values.password });
      // Every session of the account just ended, this browser's too.
      if (getToken()) {
        clearSession();
        queryClient.clear();
      }
    } catch (error) {
      if (isApiError(error) && error.errors?.token) setAlert(error.errors.token[0] ?? PASSWORD_MESSAGES.linkInvalid);
      else showSubmitError(error, form, setAlert);
    }
  };

  return (
    <AuthLayout title="Choose a new password" subtitle="Every device signed in to your account is signed out.">
      {reset.isSuccess ? (
        <Stack>
          <FormAlert tone="success" message={reset.data.message ?? PASSWORD_MESSAGES.passwordReset} />
          <Button component={Link} to={PATHS.signin}>
            Sign in
          </Button>
        </Stack>
      ) : (
        <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label="Password reset">
          <Stack gap="md">
            <FormAlert message={alert} />
            <PasswordInput
              label="New password"
              description="At least 8 characters"
              autoComplete="new-password"
              leftSection={<IconLock size={16} aria-hidden />}
              withAsterisk
              data-autofocus
              {...form.getInputProps('password')}
            />
            <Button type="submit" size="md" fullWidth loading={reset.isPending} disabled={!token}>
              Set new password
            </Button>
            <Anchor component={Link} to={PATHS.resetPassword} size="sm">
              Ask for a new link
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
