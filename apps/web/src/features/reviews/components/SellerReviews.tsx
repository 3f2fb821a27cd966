import { useState } from 'react';
import { Anchor, Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconStar } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { PagePagination } from '../../../components/PagePagination.tsx';
import { authPath } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { useReviewables, useSellerReviews } from '../api/reviews.ts';
import { RatingSummary } from './RatingSummary.tsx';
import { ReportReviewButton } from './ReportReviewButton.tsx';
import { ReviewForm } from './ReviewForm.tsx';
import { ReviewItem } from './ReviewItem.tsx';

/** The form's place: offered to a signed-in buyer with an enquiry (or conversation) not reviewed yet. */
function WriteReview({ companyId }: { companyId: number }) {
  const { token } = useSession();
  const location = useLocation();
  const reviewables = useReviewables(companyId);
  const [open, setOpen] = useState(false);
  if (!token)
    return (
      <Text size="sm" c="dimmed">
        Bought from this seller?{' '}
        <Anchor component={Link} to={authPath('signin', `${location.pathname}${location.search}`)} underline="always">
          Sign in
        </Anchor>{' '}
        to review it after your enquiry.
      </Text>
    );
  const items = reviewables.data?.items ?? [];
  if (items.length === 0) return null;
  return open ? (
    <ReviewForm items={items} onDone={() => setOpen(false)} onCancel={() => setOpen(false)} />
  ) : (
    <Button variant="light" leftSection={<IconStar size={16} />} onClick={() => setOpen(true)} w="fit-content">
      Write a review
    </Button>
  );
}

/**
 * A seller's reviews (decision 045): the average, how many gave each of 1 to 5 stars, the reviews with
 * the seller's replies in pages, "Write a review" for a buyer who may, and "Report" on others' reviews.
 * Meant for the mini-site's home; it reads `front/mini-site/list-reviews` (sellerReviewsQueryOptions).
 */
export function SellerReviews({ companyId, headingOrder = 2 }: { companyId: number; headingOrder?: 1 | 2 }) {
  const [page, setPage] = useState(1);
  const reviews = useSellerReviews(companyId, page);
  const { user, token } = useSession();
  const data = reviews.data;
  return (
    <Stack gap="md" component="section" aria-labelledby={`seller-reviews-${companyId}`} data-testid="seller-reviews">
      <Title order={headingOrder} size="h3" id={`seller-reviews-${companyId}`}>
        Reviews
      </Title>
      {reviews.isError && !data ? (
        <ErrorState onRetry={() => void reviews.refetch()} />
      ) : !data ? (
        <Skeleton height={160} aria-busy="true" role="status" aria-label="Loading reviews" />
      ) : (
        <>
          <Paper withBorder p="md">
            <RatingSummary summary={data.summary} />
          </Paper>
          <WriteReview companyId={companyId} />
          {data.total === 0 ? (
            <EmptyState
              icon={<IconStar size={32} />}
              title="No reviews yet"
              description="Buyers review a seller after an enquiry or a conversation with it."
            />
          ) : (
            <Stack gap="sm">
              {data.data.map((review) => (
                <ReviewItem
                  key={review.id}
                  review={review}
                  actions={
                    token && user?.id !== review.buyer_id ? (
                      <ReportReviewButton reviewId={review.id} author={review.buyer_name} />
                    ) : undefined
                  }
                />
              ))}
              <PagePagination page={data} onChange={setPage} />
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
