import { useState } from 'react';
import { Badge, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconClipboardList, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BUYING_REQUEST_PATHS, type BuyingRequestSummary } from '@tradeloop/contracts/buying-requests';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { PagePagination } from '../../../components/PagePagination.tsx';
import { SkeletonRows } from '../../../components/SkeletonRows.tsx';
import { useBuyingRequests } from '../api/buying-requests.ts';
import { quantityText } from '../../../lib/format.ts';
import { shortDate } from '../format.ts';

function RequestRow({ request }: { request: BuyingRequestSummary }) {
  return (
    <Card
      component={Link}
      to={BUYING_REQUEST_PATHS.detail(request.id)}
      className="tl-card-link"
      padding="md"
      data-testid="buying-request-row"
    >
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={700} lineClamp={1}>
            {request.title}
          </Text>
          <Text size="sm" c="dimmed">
            {quantityText(request.quantity, request.unit)} · {request.category.name} · to {request.country.name} ·
            needed by {shortDate(request.required_by)}
          </Text>
        </Stack>
        <Group gap="xs">
          <Badge variant="light" color="gray">
            {request.suppliers} {request.suppliers === 1 ? 'supplier' : 'suppliers'}
          </Badge>
          <Badge variant="light" color={request.answers > 0 ? 'teal' : 'gray'}>
            {request.answers} {request.answers === 1 ? 'answer' : 'answers'}
          </Badge>
        </Group>
      </Group>
    </Card>
  );
}

/** /questionnaire/requests: the buyer's buying requests, newest first, with how many suppliers answered. */
export function BuyingRequestsPage() {
  useDocumentTitle('My buying requests · TradeLoop');
  const [page, setPage] = useState(1);
  const requests = useBuyingRequests(page);
  const post = (
    <Button component={Link} to={BUYING_REQUEST_PATHS.post} leftSection={<IconPlus size={16} />}>
      Post a buying request
    </Button>
  );
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Title order={1} size="h2">
            My buying requests
          </Title>
          {post}
        </Group>
        {requests.isError ? (
          <ErrorState
            title="We could not load your buying requests"
            message={requests.error.message}
            onRetry={() => void requests.refetch()}
          />
        ) : requests.isPending ? (
          <SkeletonRows count={4} height={72} />
        ) : requests.data.total === 0 ? (
          <Card>
            <EmptyState
              icon={<IconClipboardList size={30} />}
              title="No buying requests yet"
              description="Describe what you need and the suppliers whose catalogue matches will answer you here."
              action={post}
            />
          </Card>
        ) : (
          <Stack gap="sm">
            {requests.data.data.map((request) => (
              <RequestRow key={request.id} request={request} />
            ))}
            <PagePagination page={requests.data} onChange={setPage} />
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
