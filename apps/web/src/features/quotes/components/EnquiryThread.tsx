import { useState } from 'react';
import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { IconCheck, IconMessage, IconReceipt2, IconSend, IconX } from '@tabler/icons-react';
import {
  ENQUIRY_STATUS_LABELS,
  FINAL_ENQUIRY_STATUSES,
  QUOTE_LIMITS,
  type EnquiryDetail,
  type EnquiryMessage,
} from '@tradeloop/contracts/quotes';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { dateLabel, initials, money, quantityText, time12, unitWord } from '../../../lib/format.ts';
import { QuotationPanel } from '../../orders/components/QuotationPanel.tsx';
import { ReviewAfterEnquiry } from '../../reviews/components/ReviewAfterEnquiry.tsx';
import { useEnquiry, useEnquiryAction } from '../api/enquiries.ts';
import { enquiryTitle, STATUS_COLORS } from '../enquiry-format.ts';

const KIND_LABELS: Record<EnquiryMessage['kind'], string> = {
  request: 'Quote request',
  answer: 'Price offer',
  message: 'Message',
  accept: 'Offer accepted',
  decline: 'Declined',
};

function ThreadEntry({ entry, detail }: { entry: EnquiryMessage; detail: EnquiryDetail }) {
  return (
    <Timeline.Item
      bullet={
        <Avatar size={22} radius="xl" variant="filled" color={entry.side === 'seller' ? 'teal' : 'brand'}>
          {initials(entry.author_name)}
        </Avatar>
      }
      title={
        <Group gap={6}>
          <Text size="sm" fw={600}>
            {KIND_LABELS[entry.kind]}
          </Text>
          <Text size="xs" c="dimmed">
            {entry.author_name} · {dateLabel(entry.created_at)} {time12(entry.created_at)}
          </Text>
        </Group>
      }
    >
      {entry.kind === 'answer' && entry.unit_price !== null && (
        <Text size="sm" fw={700} c="teal.8" data-testid="offer">
          {money(entry.unit_price, detail.currency)} per {unitWord(detail.unit)}
          {entry.total !== null && ` · ${money(entry.total, detail.currency)} in total`}
          {entry.valid_until && (
            <Text span size="xs" c="dimmed" fw={400}>
              {' '}
              (valid until {dateLabel(entry.valid_until)})
            </Text>
          )}
        </Text>
      )}
      {entry.message && (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {entry.message}
        </Text>
      )}
    </Timeline.Item>
  );
}

function errorText(error: unknown) {
  if (!isApiError(error) || error.notified) return null;
  return error.errors ? Object.values(error.errors).flat().join(' ') : error.message;
}

function SellerActions({ detail }: { detail: EnquiryDetail }) {
  const action = useEnquiryAction();
  const [mode, setMode] = useState<'offer' | 'message'>('offer');
  const [unitPrice, setUnitPrice] = useState<number | string>(detail.offer_unit_price ?? '');
  const [validity, setValidity] = useState<number | string>(7);
  const [quantity, setQuantity] = useState<number | string>(detail.quantity);
  const [message, setMessage] = useState('');
  const submit = () => {
    const body = { id: detail.id, message: message || undefined };
    const run =
      mode === 'offer'
        ? action.mutateAsync({
            kind: 'answer',
            body: {
              ...body,
              unit_price: Number(unitPrice),
              validity_days: Number(validity),
              quantity: Number(quantity),
            },
          })
        : action.mutateAsync({ kind: 'reply', body: { id: detail.id, message } });
    void run.then(() => setMessage('')).catch(() => undefined);
  };
  return (
    <Stack gap="sm">
      <SegmentedControl
        value={mode}
        onChange={(value) => setMode(value as 'offer' | 'message')}
        data={[
          { value: 'offer', label: 'Send a price' },
          { value: 'message', label: 'Ask a question' },
        ]}
      />
      {mode === 'offer' && (
        <Group grow align="flex-start">
          <NumberInput
            label={`Unit price (${detail.currency.code})`}
            prefix={detail.currency.symbol}
            min={0}
            decimalScale={4}
            value={unitPrice}
            onChange={setUnitPrice}
            required
            data-testid="answer-price"
          />
          <NumberInput label="Quantity" min={1} value={quantity} onChange={setQuantity} />
          <NumberInput
            label="Valid for (days)"
            min={1}
            max={QUOTE_LIMITS.validityDaysMax}
            value={validity}
            onChange={setValidity}
          />
        </Group>
      )}
      <Textarea
        label="Message"
        placeholder={mode === 'offer' ? 'Delivery, terms, anything the buyer should know' : 'Your question'}
        autosize
        minRows={2}
        maxLength={QUOTE_LIMITS.message}
        value={message}
        onChange={(event) => setMessage(event.currentTarget.value)}
        data-testid="answer-message"
      />
      {errorText(action.error) && <Alert color="red">{errorText(action.error)}</Alert>}
      <Group justify="space-between">
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconX size={16} />}
          onClick={() => action.mutate({ kind: 'decline', body: { id: detail.id, message: message || undefined } })}
        >
          Decline
        </Button>
        <Button
          leftSection={<IconSend size={16} />}
          onClick={submit}
          loading={action.isPending}
          data-testid="send-answer"
        >
          {mode === 'offer' ? 'Send offer' : 'Send message'}
        </Button>
      </Group>
    </Stack>
  );
}

function BuyerActions({ detail }: { detail: EnquiryDetail }) {
  const action = useEnquiryAction();
  const [message, setMessage] = useState('');
  const [target, setTarget] = useState<number | string>('');
  const reply = () =>
    void action
      .mutateAsync({
        kind: 'reply',
        body: { id: detail.id, message, target_price: target === '' ? undefined : Number(target) },
      })
      .then(() => {
        setMessage('');
        setTarget('');
      })
      .catch(() => undefined);
  return (
    <Stack gap="sm">
      {detail.status === 'answered' && detail.offer_unit_price !== null && (
        <Paper withBorder p="sm" radius="md" bg="teal.0">
          <Group justify="space-between">
            <Text size="sm">
              Offer: <b>{money(detail.offer_unit_price ?? 0, detail.currency)}</b> per {unitWord(detail.unit)}, valid
              until {detail.valid_until ? dateLabel(detail.valid_until) : '—'}
            </Text>
            <Button
              color="teal"
              leftSection={<IconCheck size={16} />}
              onClick={() => action.mutate({ kind: 'accept', body: { id: detail.id } })}
              loading={action.isPending}
            >
              Accept offer
            </Button>
          </Group>
        </Paper>
      )}
      <Group grow align="flex-start">
        <Textarea
          label="Reply"
          placeholder="Ask about delivery, or make a counter-offer"
          autosize
          minRows={2}
          maxLength={QUOTE_LIMITS.message}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
        />
        <NumberInput
          label={`Your target price (${detail.currency.code})`}
          prefix={detail.currency.symbol}
          min={0}
          value={target}
          onChange={setTarget}
          maw={200}
        />
      </Group>
      {errorText(action.error) && <Alert color="red">{errorText(action.error)}</Alert>}
      <Group justify="space-between">
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconX size={16} />}
          onClick={() => action.mutate({ kind: 'decline', body: { id: detail.id } })}
        >
          Decline
        </Button>
        <Button
          leftSection={<IconMessage size={16} />}
          onClick={reply}
          disabled={!message.trim()}
          loading={action.isPending}
        >
          Send reply
        </Button>
      </Group>
    </Stack>
  );
}

/** One enquiry: what was asked, the negotiation so far, and what the caller's side can do next. */
export function EnquiryThread({ id }: { id: number }) {
  const enquiry = useEnquiry(id);
  const detail = enquiry.data;
  if (enquiry.isError)
    return <ErrorState title="We could not open this enquiry" onRetry={() => void enquiry.refetch()} />;
  if (!detail) {
    return (
      <Stack gap="sm" aria-busy="true">
        <Skeleton h={28} w="60%" />
        <Skeleton h={80} />
        <Skeleton h={160} />
      </Stack>
    );
  }
  const closed = FINAL_ENQUIRY_STATUSES.includes(detail.status);
  const other = detail.side === 'buyer' ? detail.seller : detail.buyer;
  return (
    <Stack gap="md" data-testid="enquiry-thread">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={2} size="h4">
            {enquiryTitle(detail)}
          </Title>
          <Text size="sm" c="dimmed">
            {detail.side === 'buyer' ? 'To' : 'From'} {other.name}
            {other.company_name ? `, ${other.company_name}` : ''}
            {other.country ? ` (${other.country})` : ''}
            {other.email && (
              <>
                {' · '}
                <Anchor href={`mailto:${other.email}`} size="sm" underline="always">
                  {other.email}
                </Anchor>
              </>
            )}
          </Text>
        </div>
        <Badge color={STATUS_COLORS[detail.status]} size="lg" variant="light" data-testid="enquiry-status">
          {ENQUIRY_STATUS_LABELS[detail.status]}
        </Badge>
      </Group>
      <Table withTableBorder fz="sm" verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th ta="right">Unit price</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {detail.lines.map((line) => (
            <Table.Tr key={line.product_id}>
              <Table.Td>
                {enquiryTitle(line)}
                {line.combination && (
                  <Text size="xs" c="dimmed">
                    {line.combination.replace(/\|/g, ' · ')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{quantityText(line.quantity, line.unit)}</Table.Td>
              <Table.Td ta="right">{money(line.unit_price, detail.currency)}</Table.Td>
              <Table.Td ta="right">{money(line.total, detail.currency)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group gap="lg">
        {detail.price_term && (
          <Text size="sm">
            <IconReceipt2 size={14} style={{ verticalAlign: -2 }} aria-hidden /> {detail.price_term}
          </Text>
        )}
        {detail.needed_by && <Text size="sm">Needed by {dateLabel(detail.needed_by)}</Text>}
        {detail.side === 'buyer' && detail.group_size > 1 && (
          <Text size="sm" c="dimmed">
            Sent to {detail.group_size} suppliers together
          </Text>
        )}
      </Group>
      <Timeline bulletSize={24} lineWidth={2}>
        {detail.thread.map((entry) => (
          <ThreadEntry key={entry.id} entry={entry} detail={detail} />
        ))}
      </Timeline>
      <QuotationPanel enquiry={detail} />
      {closed ? (
        <Alert color={detail.status === 'accepted' ? 'green' : 'gray'}>
          {detail.status === 'accepted' ? 'The offer was accepted.' : 'This enquiry is closed.'}
        </Alert>
      ) : detail.side === 'seller' ? (
        <SellerActions key={detail.id} detail={detail} />
      ) : (
        <BuyerActions key={detail.id} detail={detail} />
      )}
      {detail.side === 'buyer' && <ReviewAfterEnquiry companyId={detail.seller_company_id} enquiryId={detail.id} />}
    </Stack>
  );
}
