import { useState } from 'react';
import { Alert, Button, Group, Modal, Rating, Stack, Text, Textarea } from '@mantine/core';
import { IconStar } from '@tabler/icons-react';
import type { RoomDetail } from '@tradeloop/contracts/chat';
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

/** After talking with a seller, a buyer is asked to rate them (once; "Later" hides it for this visit). */
export function RatingPrompt({ detail }: { detail: RoomDetail }) {
  const [dismissed, setDismissed] = useState(() => dismissedRooms().includes(detail.room.room_id));
  const [open, setOpen] = useState(false);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
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
    rate.mutate(
      { room_id: detail.room.room_id, rating, comment: comment.trim() || undefined },
      {
        onSuccess: (result) => {
          if (result.message) notifySuccess(result.message);
          setOpen(false);
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
            Your rating appears on the seller&apos;s page with your name. You can change it later.
          </Text>
          <Rating value={rating} onChange={setRating} size="xl" aria-label="Rating" />
          <Textarea
            label="Review (optional)"
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            maxLength={1000}
            autosize
            minRows={3}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button onClick={handleSubmit} disabled={rating === 0} loading={rate.isPending}>
              Submit rating
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
