import { useState } from 'react';
import { Badge, Button, Container, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconFlag } from '@tabler/icons-react';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { PagePagination } from '../../../components/PagePagination.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { OperatorsOnly } from '../../../components/OperatorsOnly.tsx';
import { useModerateReview, useReportedReviews } from '../api/reviews.ts';
import { ReviewItem } from '../components/ReviewItem.tsx';

type Status = 'open' | 'hidden';

/** /operator/reviews: the platform operator's reported reviews, hidden or shown again. */
export function ReportedReviewsPage() {
  useDocumentTitle('Reported reviews · TradeLoop');
  const [status, setStatus] = useState<Status>('open');
  const [page, setPage] = useState(1);
  const reviews = useReportedReviews(status, page);
  const moderate = useModerateReview();
  const data = reviews.data;
  const forbidden = isApiError(reviews.error) && reviews.error.status === 403;
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            Reported reviews
          </Title>
          <Text c="dimmed" size="sm">
            Reviews users reported as abusive. A hidden review is neither listed nor counted in the seller’s rating.
          </Text>
        </div>
        <SegmentedControl
          w="fit-content"
          value={status}
          onChange={(value) => {
            setStatus(value as Status);
            setPage(1);
          }}
          data={[
            { value: 'open', label: 'Reported' },
            { value: 'hidden', label: 'Hidden' },
          ]}
          aria-label="Which reviews"
        />
        {forbidden ? (
          <OperatorsOnly icon={<IconFlag size={32} />} />
        ) : reviews.isError && !data ? (
          <ErrorState onRetry={() => void reviews.refetch()} />
        ) : !data ? (
          <Skeleton height={200} aria-busy="true" role="status" aria-label="Loading reported reviews" />
        ) : data.total === 0 ? (
          <EmptyState
            icon={<IconFlag size={32} />}
            title={status === 'open' ? 'Nothing to check' : 'No hidden reviews'}
            description="Reviews users report appear here."
          />
        ) : (
          <Stack gap="sm">
            {data.data.map((review) => (
              <ReviewItem
                key={review.id}
                review={review}
                badge={
                  <Badge size="xs" variant="light" color="gray">
                    of {review.company_name}
                  </Badge>
                }
                footer={
                  <Text size="xs" c="dimmed">
                    Reported {review.reports === 1 ? 'once' : `${review.reports} times`}
                    {review.reasons.length ? `: ${review.reasons.join(' · ')}` : ''}
                  </Text>
                }
                actions={
                  <Button
                    size="xs"
                    color={review.hidden ? 'teal' : 'red'}
                    variant="light"
                    loading={moderate.isPending && moderate.variables?.id === review.id}
                    onClick={() => moderate.mutate({ id: review.id, hidden: !review.hidden })}
                    aria-label={`${review.hidden ? 'Show again' : 'Hide'} the review by ${review.buyer_name}`}
                  >
                    {review.hidden ? 'Show again' : 'Hide'}
                  </Button>
                }
              />
            ))}
            <PagePagination page={data} onChange={setPage} />
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
