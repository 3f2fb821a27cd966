import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Timeline,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconDownload, IconRepeat, IconTruckDelivery } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  INVOICE_KIND_LABELS,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type Invoice,
  type OrderDetail,
  type OrderStatus,
} from '@tradeloop/contracts/orders';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { dateLabel, time12 } from '../../../lib/format.ts';
import { useCan } from '../../../lib/permissions.ts';
import { useOrder, useOrderAction, type OrderSide } from '../api/orders.ts';
import { downloadInvoice } from '../api/quotations.ts';
import { DocumentLines } from '../components/DocumentLines.tsx';
import { amount } from '../format.ts';
import { ORDER_PATHS } from '../../../lib/order-paths.ts';
import { ORDER_STATUS_COLORS } from './OrdersPage.tsx';

const errorsOf = (error: unknown) => (isApiError(error) ? (error.errors ?? {}) : {});
const messageOf = (error: unknown) => (isApiError(error) && !error.errors ? error.message : null);

/** The seller moves the order on: the next status, with carrier and tracking when shipping. */
function MoveOrder({ order }: { order: OrderDetail }) {
  const action = useOrderAction();
  const [status, setStatus] = useState<OrderStatus>(order.next_statuses[0]);
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const errors = errorsOf(action.error);
  const shipping = status === 'shipped';
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="move-title">
      <Stack gap="sm">
        <Title order={2} size="h5" id="move-title">
          Move the order on
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
          <NativeSelect
            label="New status"
            value={status}
            onChange={(event) => setStatus(event.currentTarget.value as OrderStatus)}
            data={order.next_statuses.map((value) => ({ value, label: ORDER_STATUS_LABELS[value] }))}
          />
          {shipping && (
            <>
              <TextInput
                label="Carrier"
                value={carrier}
                onChange={(event) => setCarrier(event.currentTarget.value)}
                error={errors.carrier?.join(' ')}
                required
              />
              <TextInput
                label="Tracking reference"
                value={tracking}
                onChange={(event) => setTracking(event.currentTarget.value)}
                error={errors.tracking_reference?.join(' ')}
                required
              />
            </>
          )}
        </SimpleGrid>
        {messageOf(action.error) && <Alert color="red">{messageOf(action.error)}</Alert>}
        <Group justify="flex-end">
          <Button
            leftSection={<IconTruckDelivery size={16} />}
            loading={action.isPending}
            onClick={() =>
              action.mutate({
                kind: 'status',
                id: order.id,
                body: {
                  status: status as Exclude<OrderStatus, 'cancelled'>,
                  ...(shipping ? { carrier, tracking_reference: tracking } : {}),
                },
              })
            }
          >
            Mark as {ORDER_STATUS_LABELS[status].toLowerCase()}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function CancelOrder({ order }: { order: OrderDetail }) {
  const action = useOrderAction();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  if (!open)
    return (
      <Group>
        <Button variant="subtle" color="red" onClick={() => setOpen(true)}>
          Cancel the order
        </Button>
      </Group>
    );
  return (
    <Stack gap="xs">
      <Textarea
        label="Why is the order cancelled?"
        autosize
        minRows={2}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        error={errorsOf(action.error).reason?.join(' ')}
      />
      {messageOf(action.error) && <Alert color="red">{messageOf(action.error)}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => setOpen(false)}>
          Keep the order
        </Button>
        <Button
          color="red"
          disabled={!reason.trim()}
          loading={action.isPending}
          onClick={() => action.mutate({ kind: 'cancel', id: order.id, body: { reason } })}
        >
          Cancel the order
        </Button>
      </Group>
    </Stack>
  );
}

function RecordPayment({ invoice }: { invoice: Invoice }) {
  const action = useOrderAction();
  const [method, setMethod] = useState<(typeof PAYMENT_METHODS)[number]>('bank_transfer');
  const [value, setValue] = useState(invoice.balance_due);
  const [paidOn, setPaidOn] = useState(() => new Date().toISOString().slice(0, 10));
  const [reference, setReference] = useState('');
  const errors = errorsOf(action.error);
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="xs">
        <NativeSelect
          label="Method"
          value={method}
          onChange={(event) => setMethod(event.currentTarget.value as typeof method)}
          data={PAYMENT_METHODS.map((entry) => ({ value: entry, label: PAYMENT_METHOD_LABELS[entry] }))}
        />
        <TextInput
          label={`Amount (${invoice.currency})`}
          inputMode="decimal"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          error={errors.amount?.join(' ')}
        />
        <TextInput
          label="Paid on"
          type="date"
          value={paidOn}
          onChange={(event) => setPaidOn(event.currentTarget.value)}
          error={errors.paid_on?.join(' ')}
        />
        <TextInput label="Reference" value={reference} onChange={(event) => setReference(event.currentTarget.value)} />
      </SimpleGrid>
      {messageOf(action.error) && <Alert color="red">{messageOf(action.error)}</Alert>}
      <Group justify="flex-end">
        <Button
          variant="light"
          loading={action.isPending}
          onClick={() =>
            action.mutate({
              kind: 'payment',
              id: invoice.id,
              body: { method, amount: value, paid_on: paidOn, reference: reference || undefined },
            })
          }
        >
          Record payment on {invoice.number}
        </Button>
      </Group>
    </Stack>
  );
}

function Invoices({ order, canPay }: { order: OrderDetail; canPay: boolean }) {
  const payable = order.invoices.filter((invoice) => invoice.kind !== 'credit_note');
  const last = payable.at(-1);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="invoices-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h5" id="invoices-title">
            Invoices and payments
          </Title>
          <Text size="sm" fw={700} data-testid="balance-due">
            Balance due {amount(order.balance_due, order.currency)}
          </Text>
        </Group>
        <Table.ScrollContainer minWidth={480}>
          <Table fz="sm" aria-label="Invoices">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Document</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th ta="right">Paid</Table.Th>
                <Table.Th>Issued</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Download</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.invoices.map((invoice) => (
                <Table.Tr key={invoice.id} data-testid="invoice-row">
                  <Table.Td>
                    {INVOICE_KIND_LABELS[invoice.kind]} {invoice.number}
                  </Table.Td>
                  <Table.Td ta="right">{amount(invoice.total, invoice.currency)}</Table.Td>
                  <Table.Td ta="right">{amount(invoice.paid, invoice.currency)}</Table.Td>
                  <Table.Td>{dateLabel(invoice.issued_at)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconDownload size={14} />}
                      onClick={() => void downloadInvoice(invoice.id)}
                      aria-label={`Download ${invoice.number} as PDF`}
                    >
                      PDF
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {canPay && last && order.status !== 'cancelled' && /[1-9]/.test(order.balance_due) && (
          <RecordPayment key={`${last.id}-${order.balance_due}`} invoice={last} />
        )}
      </Stack>
    </Paper>
  );
}

/** The buyer asks the seller again for what this order's request asked; the new enquiry opens. */
function Reorder({ order }: { order: OrderDetail }) {
  const action = useOrderAction();
  const navigate = useNavigate();
  return (
    <Group>
      <Button
        variant="light"
        leftSection={<IconRepeat size={16} />}
        loading={action.isPending}
        onClick={() =>
          void action
            .mutateAsync({ kind: 'reorder', id: order.id })
            .then((result) => navigate(`/enquiries?type=sent&id=${result.data.enquiry_id}`))
            .catch(() => undefined)
        }
      >
        Reorder
      </Button>
    </Group>
  );
}

/** One order, for the seller (side sold) or the buyer (side bought): lines, status, timeline, invoices. */
export function OrderPage({ side }: { side: OrderSide }) {
  const id = Number(useParams().id);
  const query = useOrder(side, id);
  const can = useCan();
  const order = query.data;
  useDocumentTitle(order ? `Order ${order.number} | TradeLoop` : 'Order | TradeLoop');
  if (query.isError)
    return (
      <Container size="xl" py="md">
        <ErrorState title="We could not open this order" onRetry={() => void query.refetch()} />
      </Container>
    );
  if (!order)
    return (
      <Container size="xl" py="md">
        <Stack gap="sm" aria-busy="true">
          <Skeleton h={32} w="40%" />
          <Skeleton h={160} />
          <Skeleton h={120} />
        </Stack>
      </Container>
    );
  const other = side === 'sold' ? order.buyer : order.seller;
  const seller = side === 'sold';
  const beforeShipping = ['confirmed', 'in_production', 'ready_to_ship'].includes(order.status);
  return (
    <Container size="xl" py="md">
      <Stack gap="md">
        <Anchor component={Link} to={ORDER_PATHS[side]} size="sm">
          <IconArrowLeft size={14} style={{ verticalAlign: -2 }} aria-hidden /> {seller ? 'Orders' : 'My orders'}
        </Anchor>
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={1} size="h2">
              Order {order.number}
            </Title>
            <Text c="dimmed" size="sm">
              {seller ? 'From' : 'With'} {other.company_name ?? other.name} · quotation {order.quotation_number} v
              {order.quotation_version}
              {order.price_term ? ` · ${order.price_term}` : ''}
              {order.payment_terms ? ` · ${order.payment_terms}` : ''}
            </Text>
          </div>
          <Badge size="lg" variant="light" color={ORDER_STATUS_COLORS[order.status]} data-testid="order-status">
            {ORDER_STATUS_LABELS[order.status]}
          </Badge>
        </Group>
        {order.tracking_reference && (
          <Alert color="teal" icon={<IconTruckDelivery size={18} />} data-testid="tracking">
            Shipped with {order.carrier}, tracking reference {order.tracking_reference}
          </Alert>
        )}
        {order.cancel_reason && <Alert color="gray">Cancelled: {order.cancel_reason}</Alert>}
        <DocumentLines lines={order.lines} totals={order} caption={`Order ${order.number} lines`} />
        {seller && order.next_statuses.length > 0 && can('orders.manage') && <MoveOrder order={order} />}
        <Invoices order={order} canPay={seller && can('invoices.manage')} />
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="timeline-title">
          <Title order={2} size="h5" id="timeline-title" mb="sm">
            Timeline
          </Title>
          <Timeline bulletSize={18} lineWidth={2} active={order.timeline.length}>
            {order.timeline.map((event) => (
              <Timeline.Item key={event.id} title={<Text size="sm">{event.text}</Text>} data-testid="timeline-entry">
                <Text size="xs" c="dimmed">
                  {event.actor_side === 'seller' ? 'Seller' : 'Buyer'} · {dateLabel(event.created_at)}{' '}
                  {time12(event.created_at)}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Paper>
        {beforeShipping && (!seller || can('orders.manage')) && <CancelOrder order={order} />}
        {!seller && order.enquiry_id !== null && <Reorder order={order} />}
      </Stack>
    </Container>
  );
}
