import { Button, Group, SimpleGrid, Skeleton, Title } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BUYING_REQUEST_PATHS } from '@tradeloop/contracts/buying-requests';
import { useBuyingRequests } from '../../buying-requests/api/buying-requests.ts';
import { FigureCard } from './FigureCard.tsx';

/** A buyer's sourcing at a glance: "RFQs" counts the buying requests they posted (decision 055). */
export function BuyerFigures() {
  const requests = useBuyingRequests(1);
  return (
    <section aria-labelledby="sourcing-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="sourcing-title">
          Your sourcing
        </Title>
        <Group gap="xs">
          <Button component={Link} to={BUYING_REQUEST_PATHS.list} variant="default" size="xs">
            My buying requests
          </Button>
          <Button
            component={Link}
            to={BUYING_REQUEST_PATHS.post}
            size="xs"
            leftSection={<IconClipboardList size={14} />}
          >
            Post a buying request
          </Button>
        </Group>
      </Group>
      {requests.isPending ? (
        <Skeleton h={96} radius="md" />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
          <FigureCard label="RFQs" value={(requests.data?.total ?? 0).toLocaleString('en-US')} />
        </SimpleGrid>
      )}
    </section>
  );
}
