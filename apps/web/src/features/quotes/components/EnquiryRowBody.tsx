import type { ReactNode } from 'react';
import { Avatar, Badge, Group, Indicator, Text } from '@mantine/core';
import { ENQUIRY_STATUS_LABELS, type EnquirySummary } from '@tradeloop/contracts/quotes';
import { dateLabel, initials, quantityText } from '../../../lib/format.ts';
import { enquiryAmount, enquiryTitle, STATUS_COLORS } from '../enquiry-format.ts';

/**
 * An enquiry in a list (the enquiries page, the buyer's home): product, date, counterpart, status and
 * amount; a dot marks it unread. `badges` adds to the status (the home's "Awaits your answer").
 */
export function EnquiryRowBody({ enquiry, badges }: { enquiry: EnquirySummary; badges?: ReactNode }) {
  return (
    <Group wrap="nowrap" align="flex-start" gap="sm">
      <Indicator disabled={!enquiry.unread} color="red" size={10} offset={4}>
        <Avatar src={enquiry.product_image} radius="md" size={48} alt="">
          {initials(enquiry.product_name)}
        </Avatar>
      </Indicator>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Group justify="space-between" wrap="nowrap" gap={4}>
          <Text size="sm" fw={enquiry.unread ? 700 : 600} lineClamp={1}>
            {enquiryTitle(enquiry)}
          </Text>
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {dateLabel(enquiry.updated_at)}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {enquiry.counterpart.company_name ?? enquiry.counterpart.name} ·{' '}
          {quantityText(enquiry.quantity, enquiry.unit)}
        </Text>
        <Group justify="space-between" mt={4}>
          <Group gap={6}>
            <Badge size="xs" variant="light" color={STATUS_COLORS[enquiry.status]}>
              {ENQUIRY_STATUS_LABELS[enquiry.status]}
            </Badge>
            {badges}
          </Group>
          <Text size="xs" fw={600}>
            {enquiryAmount(enquiry)}
          </Text>
        </Group>
      </div>
    </Group>
  );
}
