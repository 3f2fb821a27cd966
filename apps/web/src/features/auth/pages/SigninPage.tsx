import { useState } from 'react';
import { Alert, Anchor, Button, Divider, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconAt, IconLock, IconMailForward } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { autologinLinkBodySchema, signinBodySchema, type SigninBody } from '@tradeloop/contracts/auth';
import { SOCIAL_ERROR_PARAM, socialErrorMessage } from '@tradeloop/contracts/auth-social-constants';
import { showSubmitError, zodFormValidator } from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { authPath, NEXT_PARAM, PATHS, safeNextPath } from '../../../lib/paths.ts';
import { useSignin } from '../api/signin.ts';
import { useRequestSigninLink } from '../api/request-signin-link.ts';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { SocialSigninButtons } from '../components/SocialSigninButtons.tsx';

export function SigninPage() {
  useDocumentTitle('Sign in · TradeLoop');
  const [searchParams] = useSearchParams();
  const [mode, setMode] = useState<'password' | 'link'>('password');
  // A social sign-in that failed comes back here with the reason (docs/decisions/037).
  const socialError = socialErrorMessage(searchParams.get(SOCIAL_ERROR_PARAM));
  const next = searchParams.get(NEXT_PARAM);
  return (
    <AuthLayout
      title={mode === 'password' ? 'Sign in to TradeLoop' : 'Get a sign-in link'}
      subtitle={
        <>
          New to TradeLoop?{' '}
          <Anchor component={Link} to={authPath('signup', searchParams.get(NEXT_PARAM))} fw={600}>
            Create a free account
          </Anchor>
        </>
      }
    >
      <Stack gap="md" mb="md">
        {socialError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title="Sign-in did not complete">
            {socialError}
          </Alert>
        )}
        <SocialSigninButtons query={() => ({ next: safeNextPath(next) ?? undefined })} />
      </Stack>
      {mode === 'password' ? (
        <PasswordSigninForm onUseLink={() => setMode('link')} />
      ) : (
        <SigninLinkForm onUsePassword={() => setMode('password')} />
      )}
    </AuthLayout>
  );
}

function PasswordSigninForm({ onUseLink }: { onUseLink: () => void }) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const signin = useSignin();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<SigninBody>({
    initialValues: { email_id: '', password: '' },
    validate: zodFormValidator(signinBodySchema),
    validateInputOnBlur: true,
  });

  const handleSubmit = async (values: SigninBody) => {
    setAlert(null);
    try {
      const result = await signin.mutateAsync(values);
      if (result.message) notifySuccess(result.message);
      await navigate(safeNextPath(searchParams.get(NEXT_PARAM)) ?? PATHS.dashboard, { replace: true });
    } catch (error) {
      showSubmitError(error, form, setAlert);
    }
  };

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label="Sign in">
      <Stack gap="md">
        {alert && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {alert}
          </Alert>
        )}
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
        <PasswordInput
          label="Password"
          placeholder="Your password"
          autoComplete="current-password"
          leftSection={<IconLock size={16} aria-hidden />}
          withAsterisk
          {...form.getInputProps('password')}
        />
        <Anchor component={Link} to={PATHS.resetPassword} size="sm" ta="right" mt={-8}>
          Forgot your password?
        </Anchor>
        <Button type="submit" size="md" fullWidth loading={signin.isPending}>
          Sign in
        </Button>
        <Divider label="or" labelPosition="center" />
        <Button variant="default" fullWidth leftSection={<IconMailForward size={16} />} onClick={onUseLink}>
          E-mail me a sign-in link
        </Button>
      </Stack>
    </form>
  );
}

function SigninLinkForm({ onUsePassword }: { onUsePassword: () => void }) {
  const requestLink = useRequestSigninLink();
  const [alert, setAlert] = useState<string | null>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email_id: '' },
    validate: zodFormValidator(autologinLinkBodySchema),
    validateInputOnBlur: true,
  });

  const handleSubmit = async (values: { email_id: string }) => {
    setAlert(null);
    try {
      const result = await requestLink.mutateAsync(values);
      setSentMessage(result.message ?? 'Check your inbox for a sign-in link.');
    } catch (error) {
      showSubmitError(error, form, setAlert);
    }
  };

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label="E-mail me a sign-in link">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          We will e-mail you a link that signs you in once. It expires after 15 minutes.
        </Text>
        {alert && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {alert}
          </Alert>
        )}
        {sentMessage && (
          <Alert color="teal" icon={<IconMailForward size={18} />} role="status">
            {sentMessage}
          </Alert>
        )}
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
        <Button type="submit" size="md" fullWidth loading={requestLink.isPending}>
          {sentMessage ? 'Send another link' : 'Send sign-in link'}
        </Button>
        <Button variant="subtle" fullWidth onClick={onUsePassword}>
          Sign in with a password instead
        </Button>
      </Stack>
    </form>
  );
}
