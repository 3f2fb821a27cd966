import { Badge, Container, NativeSelect, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPackage } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { ORDER_STATUSES, ORDER_STATUS_LABELS, type OrderStatus } from '@tradeloop/contracts/orders';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { PagePagination } from '../../../components/PagePagination.tsx';
import { SkeletonRows } from '../../../components/SkeletonRows.tsx';
import { dateLabel } from '../../../lib/format.ts';
import { useOrders, type OrderSide } from '../api/orders.ts';
import { useReceivedQuotations } from '../api/quotations.ts';
import { amount } from '../format.ts';
import { orderPath, quotationPath } from '../../../lib/order-paths.ts';

export const ORDER_STATUS_COLORS: Record<OrderStatus, string> = {
  confirmed: 'blue',
  in_production: 'indigo',
  ready_to_ship: 'violet',
  shipped: 'teal',
  delivered: 'green',
  completed: 'green',
  cancelled: 'gray',
};

/** The buyer's quotations awaiting an answer, each linked to its page; nothing when there are none. */
function ReceivedQuotations() {
  const received = useReceivedQuotations();
  if (!received.data || received.data.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="received-quotations">
      <Title order={2} size="h4" id="received-quotations" mb="xs">
        Quotations awaiting your answer
      </Title>
      <Stack gap={6}>
        {received.data.map((quotation) => {
          const current = quotation.versions[0];
          return (
            <Text key={quotation.id} data-testid="received-quotation">
              <Text component={Link} to={quotationPath(quotation.id)} fw={600} c="brand.8" td="underline">
                Quotation {quotation.number}
              </Text>{' '}
              from {quotation.seller.company_name ?? quotation.seller.name}: {amount(current.total, current.currency)},
              valid until {current.valid_until}
            </Text>
          );
        })}
      </Stack>
    </Paper>
  );
}

/** The seller's orders (side sold) or the buyer's "My orders" (side bought), filtered by status in the URL. */
export function OrdersPage({ side }: { side: OrderSide }) {
  const title = side === 'sold' ? 'Orders' : 'My orders';
  useDocumentTitle(`${title} | TradeLoop`);
  const [params, setParams] = useSearchParams();
  const status = (ORDER_STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as OrderStatus)
    : null;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const orders = useOrders(side, status, page);
  const handleStatus = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set('status', value);
    else next.delete('status');
    next.delete('page');
    setParams(next);
  };
  const counts = orders.data?.counts;
  return (
    <Container size="xl" py="md">
      <Stack gap="md">
        <Title order={1} size="h2">
          {title}
        </Title>
        {side === 'bought' && <ReceivedQuotations />}
        <NativeSelect
          label="Status"
          maw={260}
          value={status ?? ''}
          onChange={(event) => handleStatus(event.currentTarget.value)}
          data={[
            { value: '', label: 'All statuses' },
            ...ORDER_STATUSES.map((value) => ({
              value,
              label: `${ORDER_STATUS_LABELS[value]}${counts ? ` (${counts[value]})` : ''}`,
            })),
          ]}
        />
        <Paper withBorder radius="md">
          {orders.isError ? (
            <ErrorState title="We could not load the orders" onRetry={() => void orders.refetch()} />
          ) : !orders.data ? (
            <SkeletonRows count={5} height={36} p="md" aria-busy="true" />
          ) : orders.data.data.length === 0 ? (
            <EmptyState
              icon={<IconPackage size={32} />}
              title="No orders yet"
              description={
                side === 'sold'
                  ? 'When a buyer accepts one of your quotations, the order appears here.'
                  : 'Accept a seller’s quotation on one of your enquiries and the order appears here.'
              }
            />
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="sm" aria-label={title}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Order</Table.Th>
                    <Table.Th>{side === 'sold' ? 'Buyer' : 'Seller'}</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th ta="right">Total</Table.Th>
                    <Table.Th>Updated</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {orders.data.data.map((order) => {
                    const other = side === 'sold' ? order.buyer : order.seller;
                    return (
                      <Table.Tr key={order.id} data-testid="order-row">
                        <Table.Td>
                          <Text component={Link} to={orderPath(side, order.id)} fw={600} c="brand.8" td="underline">
                            {order.number}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          {other.company_name ?? other.name}
                          {other.company_name && (
                            <Text size="xs" c="dimmed">
                              {other.name}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Badge color={ORDER_STATUS_COLORS[order.status]} variant="light">
                            {ORDER_STATUS_LABELS[order.status]}
                          </Badge>
                        </Table.Td>
                        <Table.Td ta="right">{amount(order.total, order.currency)}</Table.Td>
                        <Table.Td>{dateLabel(order.updated_at)}</Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>
        {orders.data && (
          <PagePagination
            page={orders.data}
            onChange={(next) => {
              const search = new URLSearchParams(params);
              search.set('page', String(next));
              setParams(search);
            }}
          />
        )}
      </Stack>
    </Container>
  );
}
