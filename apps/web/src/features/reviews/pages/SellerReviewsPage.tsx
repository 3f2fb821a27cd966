import { useState, type FormEvent } from 'react';
import {
  Badge,
  Button,
  Checkbox,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconStar } from '@tabler/icons-react';
import type { Review } from '@tradeloop/contracts/reviews';
import { REVIEW_LIMITS, REVIEW_MESSAGES } from '@tradeloop/contracts/reviews-constants';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { PagePagination } from '../../../components/PagePagination.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useCompanyReviews, useReplyToReview } from '../api/reviews.ts';
import { RatingSummary } from '../components/RatingSummary.tsx';
import { ReviewItem } from '../components/ReviewItem.tsx';

/** The seller's one reply to a review. */
function ReplyForm({ review, onClose }: { review: Review; onClose: () => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const reply = useReplyToReview();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setError(REVIEW_MESSAGES.replyRequired);
    setError(undefined);
    reply.mutate(
      { id: review.id, text: text.trim() },
      {
        onSuccess: onClose,
        onError: (failure) => {
          if (!isApiError(failure) || failure.notified) return;
          if (failure.errors?.text) setError(failure.errors.text[0]);
          else notifyError(failure.message);
        },
      },
    );
  };
  return (
    <form onSubmit={handleSubmit} noValidate aria-label={`Reply to ${review.buyer_name}`}>
      <Stack gap="xs">
        <Textarea
          label="Your reply"
          description="Shown under the review on your company page. You can reply once."
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={error}
          maxLength={REVIEW_LIMITS.replyMax}
          autosize
          minRows={2}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={reply.isPending}>
            Publish reply
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /reviews: the reviews of the seller's company, with Reply on those not answered yet. */
export function SellerReviewsPage() {
  useDocumentTitle('Reviews · TradeLoop');
  const [page, setPage] = useState(1);
  const [unanswered, setUnanswered] = useState(false);
  const [replying, setReplying] = useState<number | null>(null);
  const reviews = useCompanyReviews(page, unanswered);
  const data = reviews.data;
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            Reviews
          </Title>
          <Text c="dimmed" size="sm">
            What buyers say about your company after an enquiry or a conversation. Your replies are public.
          </Text>
        </div>
        {reviews.isError && !data ? (
          <ErrorState onRetry={() => void reviews.refetch()} />
        ) : !data ? (
          <Skeleton height={240} aria-busy="true" role="status" aria-label="Loading reviews" />
        ) : (
          <>
            <Paper withBorder p="lg">
              <RatingSummary summary={data.summary} />
            </Paper>
            <Checkbox
              label="Only reviews without a reply"
              checked={unanswered}
              onChange={(event) => {
                setUnanswered(event.currentTarget.checked);
                setPage(1);
              }}
            />
            {data.total === 0 ? (
              <EmptyState
                icon={<IconStar size={32} />}
                title={unanswered ? 'Every review has your reply' : 'No reviews yet'}
                description="Buyers review your company after an enquiry or a conversation; you will be told of each."
              />
            ) : (
              <Stack gap="sm">
                {data.data.map((review) => (
                  <ReviewItem
                    key={review.id}
                    review={review}
                    badge={
                      review.hidden ? (
                        <Badge size="xs" color="red" variant="light">
                          Hidden by TradeLoop
                        </Badge>
                      ) : undefined
                    }
                    footer={
                      replying === review.id ? (
                        <ReplyForm review={review} onClose={() => setReplying(null)} />
                      ) : undefined
                    }
                    actions={
                      !review.reply && replying !== review.id ? (
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => setReplying(review.id)}
                          aria-label={`Reply to the review by ${review.buyer_name}`}
                        >
                          Reply
                        </Button>
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
    </Container>
  );
}
