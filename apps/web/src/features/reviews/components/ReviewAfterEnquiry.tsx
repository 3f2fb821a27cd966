import { useState } from 'react';
import { Anchor, Button, Group } from '@mantine/core';
import { IconStar } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths.ts';
import { useReviewables } from '../api/reviews.ts';
import { ReviewForm } from './ReviewForm.tsx';

/**
 * Under a buyer's enquiry: "Review this seller" while the enquiry is not reviewed (the form picks it),
 * and the seller's reviews (decision 045).
 */
export function ReviewAfterEnquiry({ companyId, enquiryId }: { companyId: number; enquiryId: number }) {
  const reviewables = useReviewables(companyId);
  const [open, setOpen] = useState(false);
  const item = reviewables.data?.items.find((entry) => entry.kind === 'enquiry' && entry.id === enquiryId);
  if (open && item) return <ReviewForm items={[item]} onDone={() => setOpen(false)} onCancel={() => setOpen(false)} />;
  return (
    <Group gap="md">
      {item && (
        <Button variant="light" leftSection={<IconStar size={16} />} onClick={() => setOpen(true)}>
          Review this seller
        </Button>
      )}
      <Anchor component={Link} to={PATHS.reviewsOf(companyId)} size="sm">
        Reviews of this seller
      </Anchor>
    </Group>
  );
}
