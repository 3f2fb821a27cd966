import { Button, Container, Group } from '@mantine/core';
import { IconHome, IconRefresh } from '@tabler/icons-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { ErrorState } from '../components/ErrorState.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { PATHS } from '../lib/paths.ts';

/** What a route shows when its page fails to load or render. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (import.meta.env.DEV) console.error(error);
  return (
    <Container size="sm" py={64}>
      <ErrorState
        title="This page ran into a problem"
        message="Something went wrong while opening this page. Reload to try again; if it keeps happening, go back to the home page."
      />
      <Group justify="center">
        <Button leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
          Reload
        </Button>
        <Button component={Link} to={PATHS.home} variant="default" leftSection={<IconHome size={16} />}>
          Home
        </Button>
      </Group>
    </Container>
  );
}
