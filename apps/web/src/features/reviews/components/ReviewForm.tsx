import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, NativeSelect, Paper, Rating, Stack, Text, Textarea, Title } from '@mantine/core';
import type { Reviewable } from '@tradeloop/contracts/reviews';
import { REVIEW_LIMITS, REVIEW_MESSAGES } from '@tradeloop/contracts/reviews-constants';
import { isApiError } from '../../../lib/api-client.ts';
import { useCreateReview } from '../api/reviews.ts';
import { reviewDate } from './review-dates.ts';

type ReviewFormProps = { items: Reviewable[]; onDone: () => void; onCancel?: () => void };
type Errors = Partial<Record<'source' | 'rating' | 'text', string>>;

const optionOf = (item: Reviewable) => `${item.kind}:${item.id}`;

/** "Write a review": which enquiry (or conversation), 1 to 5 stars, and the text. */
export function ReviewForm({ items, onDone, onCancel }: ReviewFormProps) {
  const [source, setSource] = useState(optionOf(items[0]));
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateReview();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const local: Errors = {};
    if (rating < 1) local.rating = REVIEW_MESSAGES.ratingRange;
    const trimmed = text.trim();
    if (!trimmed) local.text = REVIEW_MESSAGES.textRequired;
    else if (trimmed.length < REVIEW_LIMITS.textMin) local.text = REVIEW_MESSAGES.textTooShort;
    setErrors(local);
    setFailure(null);
    if (Object.keys(local).length) return;
    const [kind, id] = source.split(':');
    create.mutate(
      { ...(kind === 'enquiry' ? { enquiry_id: Number(id) } : { room_id: Number(id) }), rating, text: trimmed },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (!isApiError(error) || error.notified) return;
          const fields = error.errors ?? {};
          setErrors({
            source: fields.enquiry_id?.[0] ?? fields.room_id?.[0],
            rating: fields.rating?.[0],
            text: fields.text?.[0],
          });
          if (!error.errors) setFailure(error.message);
        },
      },
    );
  };

  return (
    <Paper withBorder p="md" component="form" onSubmit={handleSubmit} noValidate aria-labelledby="review-form-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="review-form-title">
          Write a review
        </Title>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <NativeSelect
          label={items.some((item) => item.kind === 'enquiry') ? 'Your enquiry' : 'Your conversation'}
          value={source}
          onChange={(event) => setSource(event.currentTarget.value)}
          error={errors.source}
          data={items.map((item) => ({
            value: optionOf(item),
            label: `${item.label} · ${reviewDate(item.date)}`,
          }))}
        />
        <div>
          <Text component="label" size="sm" fw={500} id="review-rating-label">
            Your rating
          </Text>
          <Rating
            value={rating}
            onChange={setRating}
            size="lg"
            aria-labelledby="review-rating-label"
            getSymbolLabel={(value) => `${value} ${value === 1 ? 'star' : 'stars'}`}
          />
          {errors.rating && (
            <Text size="xs" c="red" role="alert">
              {errors.rating}
            </Text>
          )}
        </div>
        <Textarea
          label="Your review"
          description={`What went well, what could be better (${REVIEW_LIMITS.textMin} to ${REVIEW_LIMITS.textMax} characters). Shown with your name.`}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={errors.text}
          maxLength={REVIEW_LIMITS.textMax}
          autosize
          minRows={3}
        />
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={create.isPending} data-track="seller-review-submit">
            Submit review
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
