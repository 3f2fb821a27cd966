import { Container } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useParams } from 'react-router';
import { SellerReviews } from '../components/SellerReviews.tsx';

/**
 * /reviews/of/{companyId}: a seller's reviews for a signed-in buyer (reached from an enquiry). The
 * public place of the same component is the seller's mini-site home.
 */
export function ReviewsOfSellerPage() {
  useDocumentTitle('Seller reviews · TradeLoop');
  const companyId = Number(useParams().companyId);
  return (
    <Container size="md" py="xl">
      {Number.isInteger(companyId) && companyId > 0 && <SellerReviews companyId={companyId} headingOrder={1} />}
    </Container>
  );
}
