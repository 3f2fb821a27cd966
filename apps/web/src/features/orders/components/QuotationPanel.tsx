import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCheck, IconDownload, IconFileInvoice, IconPencil, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Quotation } from '@tradeloop/contracts/orders';
import { FINAL_ENQUIRY_STATUSES, type EnquiryDetail } from '@tradeloop/contracts/quotes';
import { isApiError } from '../../../lib/api-client.ts';
import { downloadQuotation, useQuotationDecision, useQuotationOfEnquiry } from '../api/quotations.ts';
import { amount } from '../format.ts';
import { orderPath } from '../../../lib/order-paths.ts';
import { DocumentLines } from './DocumentLines.tsx';
import { QuotationEditor } from './QuotationEditor.tsx';

const STATUS_LABELS: Record<Quotation['status'], { label: string; color: string }> = {
  sent: { label: 'Awaiting the buyer', color: 'blue' },
  accepted: { label: 'Accepted', color: 'green' },
  declined: { label: 'Declined', color: 'gray' },
  expired: { label: 'Expired', color: 'orange' },
};

function BuyerDecision({ quotation }: { quotation: Quotation }) {
  const decide = useQuotationDecision();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const error = isApiError(decide.error) ? decide.error.message : null;
  return (
    <Stack gap="xs">
      {error && <Alert color="red">{error}</Alert>}
      {declining ? (
        <>
          <Textarea
            label="Why do you decline?"
            autosize
            minRows={2}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeclining(false)}>
              Back
            </Button>
            <Button
              color="red"
              disabled={!reason.trim()}
              loading={decide.isPending}
              onClick={() => decide.mutate({ id: quotation.id, accept: false, reason })}
            >
              Decline the quotation
            </Button>
          </Group>
        </>
      ) : (
        <Group justify="space-between">
          <Button variant="subtle" color="red" leftSection={<IconX size={16} />} onClick={() => setDeclining(true)}>
            Decline
          </Button>
          <Button
            color="teal"
            leftSection={<IconCheck size={16} />}
            loading={decide.isPending}
            onClick={() => decide.mutate({ id: quotation.id, accept: true, version: quotation.current_version })}
          >
            Accept version {quotation.current_version}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** The enquiry's formal quotation: its current version and history, the seller's editor, the buyer's answer. */
export function QuotationPanel({ enquiry }: { enquiry: EnquiryDetail }) {
  const query = useQuotationOfEnquiry(enquiry.id);
  const [editing, setEditing] = useState(false);
  if (query.isPending) return <Skeleton h={120} aria-busy="true" />;
  if (query.isError) return <Alert color="red">We could not load the quotation.</Alert>;
  const quotation = query.data;
  const seller = enquiry.side === 'seller';
  const closed = FINAL_ENQUIRY_STATUSES.includes(enquiry.status);
  if (editing)
    return (
      <QuotationEditor source={{ kind: 'enquiry', enquiry }} quotation={quotation} onDone={() => setEditing(false)} />
    );
  if (!quotation) {
    if (!seller || closed) return null;
    return (
      <Group>
        <Button variant="light" leftSection={<IconFileInvoice size={16} />} onClick={() => setEditing(true)}>
          Write a formal quotation
        </Button>
      </Group>
    );
  }
  return <QuotationView quotation={quotation} onRevise={() => setEditing(true)} />;
}

/** A quotation's current version and history; the seller revises it, the buyer accepts or declines it. */
export function QuotationView({ quotation, onRevise }: { quotation: Quotation; onRevise?: () => void }) {
  const seller = quotation.side === 'seller';
  const current = quotation.versions[0];
  const status = STATUS_LABELS[quotation.status];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="quotation-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={3} size="h5" id="quotation-title">
              Quotation {quotation.number}, version {current.version}
              {quotation.versions.length > 1 ? ` of ${quotation.versions.length}` : ''}
            </Title>
            <Text size="sm" c="dimmed">
              Valid until {current.valid_until}
              {current.price_term ? ` · ${current.price_term}` : ''}
              {current.payment_terms ? ` · ${current.payment_terms}` : ''}
              {current.delivery_time || current.delivery_port
                ? ` · Delivery ${[current.delivery_time, current.delivery_port].filter(Boolean).join(', ')}`
                : ''}
            </Text>
          </div>
          <Badge color={status.color} variant="light" data-testid="quotation-status">
            {status.label}
          </Badge>
        </Group>
        <DocumentLines lines={current.lines} totals={current} caption={`Quotation ${quotation.number} lines`} />
        {current.notes && <Text size="sm">{current.notes}</Text>}
        {quotation.versions.length > 1 && (
          <Text size="xs" c="dimmed">
            Earlier versions:{' '}
            {quotation.versions
              .slice(1)
              .map((version) => `v${version.version} ${amount(version.total, version.currency)}`)
              .join(' · ')}
          </Text>
        )}
        {quotation.decline_reason && <Alert color="gray">Declined: {quotation.decline_reason}</Alert>}
        <Group justify="space-between">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() => void downloadQuotation(quotation.id)}
          >
            Download PDF
          </Button>
          {quotation.order_id !== null && (
            <Button component={Link} to={orderPath(seller ? 'sold' : 'bought', quotation.order_id)} variant="light">
              Open the order
            </Button>
          )}
          {seller && onRevise && (quotation.status === 'sent' || quotation.status === 'expired') && (
            <Button variant="light" leftSection={<IconPencil size={16} />} onClick={onRevise}>
              Revise
            </Button>
          )}
        </Group>
        {!seller && quotation.status === 'sent' && <BuyerDecision quotation={quotation} />}
      </Stack>
    </Paper>
  );
}
