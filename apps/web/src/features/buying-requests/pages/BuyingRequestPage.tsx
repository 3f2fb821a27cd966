import {
  Anchor,
  Badge,
  Blockquote,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconBuildingStore, IconPaperclip } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { BUYING_REQUEST_PATHS, type BuyingRequestDetail } from '@tradeloop/contracts/buying-requests';
import { ENQUIRY_STATUS_LABELS } from '@tradeloop/contracts/quotes';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { SkeletonRows } from '../../../components/SkeletonRows.tsx';
import { STATUS_COLORS } from '../../quotes/enquiry-format.ts';
import { QUOTE_PATHS } from '../../quotes/paths.ts';
import { useBuyingRequest } from '../api/buying-requests.ts';
import { quantityText } from '../../../lib/format.ts';
import { priceText, shortDate } from '../format.ts';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

function Suppliers({ request }: { request: BuyingRequestDetail }) {
  if (request.recipients.length === 0) {
    return (
      <EmptyState
        icon={<IconBuildingStore size={30} />}
        title="No supplier matches yet"
        description="No supplier lists products in this category for your destination. Try a broader category."
      />
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" data-testid="buying-request-suppliers">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Supplier</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Offer</Table.Th>
            <Table.Th>Latest message</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {request.recipients.map((supplier) => (
            <Table.Tr key={supplier.enquiry_id}>
              <Table.Td>
                <Anchor component={Link} to={QUOTE_PATHS.enquiries('sent', supplier.enquiry_id)} fw={600} size="sm">
                  {supplier.company_name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={STATUS_COLORS[supplier.status]}>
                  {ENQUIRY_STATUS_LABELS[supplier.status]}
                </Badge>
              </Table.Td>
              <Table.Td>
                {supplier.offer_unit_price !== null ? (
                  <Text size="sm">
                    {priceText(supplier.offer_unit_price, request.currency)} each
                    {supplier.valid_until && (
                      <Text span size="xs" c="dimmed" display="block">
                        valid until {shortDate(supplier.valid_until)}
                      </Text>
                    )}
                  </Text>
                ) : (
                  <Text size="sm" c="dimmed">
                    No offer yet
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={2}>
                  {supplier.answered_at ? supplier.last_message : '—'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /questionnaire/requests/:id: one buying request, the suppliers it went to and their answers. */
export function BuyingRequestPage() {
  const id = Number(useParams().id);
  const request = useBuyingRequest(id);
  useDocumentTitle(`${request.data?.title ?? 'Buying request'} · TradeLoop`);
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to={BUYING_REQUEST_PATHS.list} size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} aria-hidden /> My buying requests
          </Group>
        </Anchor>
        {request.isError ? (
          <ErrorState
            title="We could not load this buying request"
            message={request.error.message}
            onRetry={() => void request.refetch()}
          />
        ) : request.isPending ? (
          <SkeletonRows count={5} height={48} />
        ) : (
          <>
            <div>
              <Text c="dimmed" size="sm" fw={600}>
                Buying request · posted {shortDate(request.data.created_at)}
              </Text>
              <Title order={1} size="h2">
                {request.data.title}
              </Title>
            </div>
            <Card>
              <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md">
                <Fact label="Category" value={request.data.category.name} />
                <Fact label="Quantity" value={quantityText(request.data.quantity, request.data.unit)} />
                <Fact
                  label="Target price"
                  value={
                    request.data.target_price === null
                      ? 'Not stated'
                      : `${priceText(request.data.target_price, request.data.currency)} each`
                  }
                />
                <Fact label="Destination" value={request.data.country.name} />
                <Fact label="Port" value={request.data.port ?? 'Not stated'} />
                <Fact label="Needed by" value={shortDate(request.data.required_by)} />
              </SimpleGrid>
              <Blockquote mt="md" p="sm" color="gray">
                <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {request.data.requirements}
                </Text>
              </Blockquote>
              {request.data.attachments.length > 0 && (
                <Group gap="md" mt="sm">
                  {request.data.attachments.map((file) => (
                    <Anchor key={file.id} href={file.url} target="_blank" rel="noreferrer" size="sm">
                      <Group gap={4}>
                        <IconPaperclip size={14} aria-hidden /> {file.file_name}
                      </Group>
                    </Anchor>
                  ))}
                </Group>
              )}
            </Card>
            <section aria-labelledby="suppliers-title">
              <Title order={2} size="h4" id="suppliers-title" mb="sm">
                Suppliers ({request.data.suppliers}) · answers ({request.data.answers})
              </Title>
              <Card p={0}>
                <Suppliers request={request.data} />
              </Card>
            </section>
          </>
        )}
      </Stack>
    </Container>
  );
}
