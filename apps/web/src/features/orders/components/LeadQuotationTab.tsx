import { useState } from 'react';
import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import type { DetailTabProps } from '../../crm/shared/detail-tabs.ts';
import { useCan } from '../../../lib/permissions.ts';
import { useLeadQuotation } from '../api/quotations.ts';
import { QuotationEditor } from './QuotationEditor.tsx';
import { QuotationView } from './QuotationPanel.tsx';

/**
 * The lead page's quotation (issue 44): a quotation written from the lead for its marketplace buyer, without
 * an enquiry. A lead that is an e-mail address only cannot be sent one: the button says why.
 */
export function LeadQuotationTab({ record }: DetailTabProps) {
  const mayQuote = useCan()('quotes');
  const query = useLeadQuotation(record.id, mayQuote);
  const [editing, setEditing] = useState(false);
  if (!mayQuote) return <Text c="dimmed">Your role does not include quotations.</Text>;
  if (query.isPending) return <Skeleton h={120} aria-busy="true" />;
  if (query.isError) return <Alert color="red">We could not load the lead’s quotation.</Alert>;
  const { quotation, reason, name } = query.data;
  if (editing)
    return (
      <QuotationEditor
        source={{ kind: 'lead', leadId: record.id }}
        quotation={quotation}
        onDone={() => setEditing(false)}
      />
    );
  if (quotation) return <QuotationView quotation={quotation} onRevise={() => setEditing(true)} />;
  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm">
        Write a formal quotation for {name}: lines from your catalogue or your own, tax, terms and validity. They accept
        it online and it becomes an order; the deal moves to Proposal when you send it.
      </Text>
      <Button
        variant="light"
        leftSection={<IconFileInvoice size={16} />}
        disabled={reason !== null}
        aria-describedby={reason ? 'lead-quotation-reason' : undefined}
        onClick={() => setEditing(true)}
      >
        Write a quotation
      </Button>
      {reason && (
        <Alert color="yellow" id="lead-quotation-reason">
          {reason}
        </Alert>
      )}
    </Stack>
  );
}
