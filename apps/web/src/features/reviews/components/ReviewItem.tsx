import type { ReactNode } from 'react';
import { Badge, Box, Group, Paper, Stack, Text } from '@mantine/core';
import type { Review } from '@tradeloop/contracts/reviews';
import { reviewDate } from './review-dates.ts';
import { RatingStars } from './RatingStars.tsx';

type ReviewItemProps = { review: Review; actions?: ReactNode; badge?: ReactNode; footer?: ReactNode };

/** One review: its stars, who wrote it and when, about what, its text and the seller's reply. Text only, never HTML. */
export function ReviewItem({ review, actions, badge, footer }: ReviewItemProps) {
  return (
    <Paper component="article" withBorder p="md" data-testid="review" aria-label={`Review by ${review.buyer_name}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap">
            <RatingStars value={review.rating} label={`Rated ${review.rating} out of 5`} />
            <Text fw={600} size="sm">
              {review.buyer_name}
            </Text>
            {review.buyer_country && (
              <Text size="sm" c="dimmed">
                {review.buyer_country}
              </Text>
            )}
            {badge}
          </Group>
          <Text size="xs" c="dimmed" component="time" dateTime={review.created_at}>
            {reviewDate(review.created_at)}
          </Text>
        </Group>
        {review.product_name ? (
          <Text size="xs" c="dimmed">
            Enquiry about {review.product_name}
          </Text>
        ) : (
          review.source === 'conversation' && (
            <Badge size="xs" variant="light" color="gray" w="fit-content">
              After a conversation
            </Badge>
          )
        )}
        {review.text && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {review.text}
          </Text>
        )}
        {review.reply && (
          <Box
            pl="md"
            py={4}
            style={{ borderLeft: '3px solid var(--mantine-color-brand-3)' }}
            data-testid="review-reply"
          >
            <Text size="xs" fw={600}>
              Reply from the seller · {reviewDate(review.reply.replied_at)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {review.reply.text}
            </Text>
          </Box>
        )}
        {footer}
        {actions && <Group justify="flex-end">{actions}</Group>}
      </Stack>
    </Paper>
  );
}
