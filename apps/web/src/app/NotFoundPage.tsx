import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBuildingStore, IconHome, IconLayoutDashboard } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSession } from '../lib/session.ts';
import { PATHS } from '../lib/paths.ts';

export function NotFoundPage() {
  useDocumentTitle('Page not found · TradeLoop');
  const { token } = useSession();
  return (
    <Container size="sm" py={96}>
      <Stack align="center" ta="center" gap="md">
        <Text fz={96} fw={900} c="brand.4" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1}>We could not find that page</Title>
        <Text c="dimmed" maw={440}>
          The link may be broken, or the page may have moved. Try the supplier directory or go back to where you
          started.
        </Text>
        <Group>
          <Button component={Link} to={PATHS.home} leftSection={<IconHome size={16} />}>
            Home
          </Button>
          <Button component={Link} to={PATHS.suppliers} variant="default" leftSection={<IconBuildingStore size={16} />}>
            Supplier directory
          </Button>
          {token && (
            <Button
              component={Link}
              to={PATHS.dashboard}
              variant="default"
              leftSection={<IconLayoutDashboard size={16} />}
            >
              Dashboard
            </Button>
          )}
        </Group>
      </Stack>
    </Container>
  );
}
