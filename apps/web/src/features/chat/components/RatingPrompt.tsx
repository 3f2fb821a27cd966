import { useState } from 'react';
import { Alert, Button, Group, Modal, Rating, Stack, Text, Textarea } from '@mantine/core';
import { IconStar } from '@tabler/icons-react';
import type { RoomDetail } from '@tradeloop/contracts/chat';
import { REVIEW_LIMITS, REVIEW_MESSAGES } from '@tradeloop/contracts/reviews-constants';
import { isApiError } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useRateSeller } from '../api/mutations.ts';

const DISMISSED_KEY = 'chatRatingDismissed';

function dismissedRooms(): number[] {
  try {
    return JSON.parse(sessionStorage.getItem(DISMISSED_KEY) ?? '[]') as number[];
  } catch {
    return [];
  }
}

/**
 * After talking with a seller, a buyer is asked to review them: a review of this conversation in the
 * reviews module (decision 045), once; "Later" hides the prompt for this visit.
 */
export function RatingPrompt({ detail }: { detail: RoomDetail }) {
  const [dismissed, setDismissed] = useState(() => dismissedRooms().includes(detail.room.room_id));
  const [open, setOpen] = useState(false);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | undefined>();
  const rate = useRateSeller();
  const seller = detail.room.other_user?.company_name ?? detail.room.other_user?.full_name ?? 'this seller';

  if (!detail.can_rate || detail.my_rating || dismissed) return null;

  const handleLater = () => {
    setDismissed(true);
    try {
      sessionStorage.setItem(DISMISSED_KEY, JSON.stringify([...dismissedRooms(), detail.room.room_id]));
    } catch {
      // Hidden for now only.
    }
  };

  const handleSubmit = () => {
    const text = comment.trim();
    if (text.length < REVIEW_LIMITS.textMin) {
      setError(text ? REVIEW_MESSAGES.textTooShort : REVIEW_MESSAGES.textRequired);
      return;
    }
    setError(undefined);
    rate.mutate(
      { room_id: detail.room.room_id, rating, text },
      {
        onSuccess: (result) => {
          if (result.message) notifySuccess(result.message);
          setOpen(false);
        },
        onError: (failure) => {
          if (!isApiError(failure) || failure.notified) return;
          setError(Object.values(failure.errors ?? {})[0]?.[0] ?? failure.message);
        },
      },
    );
  };

  return (
    <>
      <Alert color="yellow" radius={0} icon={<IconStar size={18} />} py="xs" data-testid="rating-prompt">
        <Group justify="space-between" gap="xs">
          <Text size="sm">How was your conversation with {seller}?</Text>
          <Group gap="xs">
            <Button size="xs" color="yellow.7" onClick={() => setOpen(true)}>
              Rate seller
            </Button>
            <Button size="xs" variant="subtle" color="gray" onClick={handleLater}>
              Later
            </Button>
          </Group>
        </Group>
      </Alert>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Rate ${seller}`} centered>
        <Stack>
          <Text size="sm" c="dimmed">
            Your review appears on the seller&apos;s page with your name; the seller may reply. You review a
            conversation once.
          </Text>
          <Rating value={rating} onChange={setRating} size="xl" aria-label="Rating" />
          <Textarea
            label="Your review"
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            error={error}
            maxLength={REVIEW_LIMITS.textMax}
            autosize
            minRows={3}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button
              onClick={handleSubmit}
              disabled={rating === 0}
              loading={rate.isPending}
              data-track="seller-review-submit"
            >
              Submit review
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
