import { useState, type FormEvent } from 'react';
import { Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useSearchParams } from 'react-router';
import { SUB_ACCOUNT_MESSAGES } from '@tradeloop/contracts/accounts-subaccounts';
import { newPasswordSchema } from '@tradeloop/contracts/auth';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { PATHS } from '../../../lib/paths.ts';
import { AuthLayout } from '../../auth/components/AuthLayout.tsx';
import { useSetPassword } from '../api/sub-accounts.ts';

/** Where an invitation lands (/user/set-password?token=…): the invited team member sets a password. */
export function SetPasswordPage() {
  useDocumentTitle('Set your password · TradeLoop');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const setPassword = useSetPassword();
  const [password, setPasswordValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const serverError = isApiError(setPassword.error) ? (setPassword.error.errors?.password?.[0] ?? null) : null;
  const linkError = !token
    ? SUB_ACCOUNT_MESSAGES.linkInvalid
    : isApiError(setPassword.error) && !setPassword.error.errors?.password
      ? (setPassword.error.errors?.token?.[0] ?? setPassword.error.message)
      : null;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = newPasswordSchema.safeParse(password);
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      return;
    }
    setError(null);
    setPassword.mutate({ token, password });
  };

  return (
    <AuthLayout title="Set your password" subtitle="Choose the password you will sign in with.">
      {setPassword.isSuccess ? (
        <Stack>
          <FormAlert tone="success" message={setPassword.data.message ?? SUB_ACCOUNT_MESSAGES.passwordSet} />
          <Button component={Link} to={PATHS.signin}>
            Sign in
          </Button>
        </Stack>
      ) : (
        <form onSubmit={handleSubmit} noValidate aria-label="Set password">
          <Stack>
            <FormAlert message={linkError} />
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              withAsterisk
              value={password}
              error={error ?? serverError}
              onChange={(event) => setPasswordValue(event.currentTarget.value)}
            />
            <Button type="submit" loading={setPassword.isPending} disabled={!token}>
              Set password
            </Button>
            <Anchor component={Link} to={PATHS.signin} size="sm">
              Back to sign-in
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
