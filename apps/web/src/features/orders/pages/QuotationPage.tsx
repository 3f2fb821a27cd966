import { Alert, Anchor, Container, Skeleton, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../../app/NotFoundPage.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useQuotation } from '../api/quotations.ts';
import { QuotationView } from '../components/QuotationPanel.tsx';
import { ORDER_PATHS } from '../../../lib/order-paths.ts';

/**
 * A quotation as its buyer reads and answers it (issue 44): the one a seller wrote from a CRM lead has no
 * enquiry to be shown on, so its e-mail and "My orders" link here.
 */
export function QuotationPage() {
  const id = Number(useParams().id);
  const query = useQuotation(id);
  const number = query.data?.number;
  useDocumentTitle(`${number ? `Quotation ${number}` : 'Quotation'} | TradeLoop`);
  if (!Number.isSafeInteger(id) || id <= 0) return <NotFoundPage />;
  if (query.isError && isApiError(query.error) && query.error.status === 404) return <NotFoundPage />;
  const quotation = query.data;
  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        <Anchor component={Link} to={ORDER_PATHS.bought} size="sm">
          ← My orders
        </Anchor>
        <Title order={1} size="h2">
          {quotation
            ? `Quotation ${quotation.number} from ${quotation.seller.company_name ?? quotation.seller.name}`
            : 'Quotation'}
        </Title>
        {query.isError ? (
          <Alert color="red">We could not load the quotation.</Alert>
        ) : !quotation ? (
          <Skeleton h={240} aria-busy="true" />
        ) : (
          <QuotationView quotation={quotation} />
        )}
      </Stack>
    </Container>
  );
}
