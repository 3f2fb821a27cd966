import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { REVIEW_LIMITS } from '@tradeloop/contracts/reviews-constants';
import { useReportReview } from '../api/reviews.ts';

/** "Report": tells the platform operator a review is abusive, with an optional reason. */
export function ReportReviewButton({ reviewId, author }: { reviewId: number; author: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const report = useReportReview();
  const handleReport = () =>
    report.mutate({ id: reviewId, reason: reason.trim() || undefined }, { onSuccess: () => setOpen(false) });
  return (
    <>
      <Button
        variant="subtle"
        color="gray"
        size="compact-xs"
        onClick={() => setOpen(true)}
        aria-label={`Report the review by ${author}`}
      >
        Report
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Report this review" centered>
        <Stack>
          <Text size="sm">Our team checks reported reviews and hides those that are abusive.</Text>
          <Textarea
            label="Reason (optional)"
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={REVIEW_LIMITS.reasonMax}
            autosize
            minRows={2}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button color="red" onClick={handleReport} loading={report.isPending}>
              Report review
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
