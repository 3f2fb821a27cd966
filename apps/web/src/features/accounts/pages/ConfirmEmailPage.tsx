import { useEffect } from 'react';
import { Button, Card, Container, Loader, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { EMAIL_MESSAGES } from '@tradeloop/contracts/accounts-email';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { emailConfirmQueryOptions } from '../api/email.ts';
import { accountsKeys } from '../api/keys.ts';

/** Where an e-mail link lands (/user/confirm-email?token=…): the link is used once, the outcome shown. */
export function ConfirmEmailPage() {
  useDocumentTitle('Confirm e-mail · TradeLoop');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { token: session } = useSession();
  const queryClient = useQueryClient();
  const result = useQuery({ ...emailConfirmQueryOptions(token), enabled: token !== '' });

  useEffect(() => {
    if (result.isSuccess) void queryClient.invalidateQueries({ queryKey: [...accountsKeys.all, 'profile'] });
  }, [result.isSuccess, queryClient]);

  const failure =
    token === ''
      ? EMAIL_MESSAGES.linkInvalid
      : result.isError
        ? isApiError(result.error)
          ? (result.error.errors?.token?.[0] ?? result.error.message)
          : EMAIL_MESSAGES.linkInvalid
        : null;

  return (
    <Container size="xs" py="xl">
      <Card>
        <Stack>
          <Title order={1} size="h2">
            Confirm your e-mail address
          </Title>
          {result.isPending && token !== '' && <Loader size="sm" aria-label="Confirming" />}
          {result.isSuccess && <FormAlert tone="success" message={result.data.message ?? EMAIL_MESSAGES.confirmed} />}
          <FormAlert message={failure} />
          {(result.isSuccess || failure) && (
            <Button component={Link} to={session ? PATHS.profile : PATHS.signin} variant="light">
              {session ? 'Go to your profile' : 'Sign in'}
            </Button>
          )}
        </Stack>
      </Card>
    </Container>
  );
}
