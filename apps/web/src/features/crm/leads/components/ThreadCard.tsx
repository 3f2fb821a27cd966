import { Link, useNavigate } from 'react-router';
import {
  Anchor,
  Badge,
  Blockquote,
  Card,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconExternalLink, IconMessage, IconPackage, IconUser } from '@tabler/icons-react';
import { productTitle } from '@tradeloop/contracts/catalog-constants';
import type { CrmRecord } from '@tradeloop/contracts/crm/records';
import {
  type LeadStatus,
  type LeadThread,
  THREAD_TYPE_LABELS,
  type ThreadContact,
  type ThreadProduct,
  type ThreadTypeId,
} from '@tradeloop/contracts/crm/leads';
import { dateTimeLabel, money as formatAmount, quantityText } from '../../../../lib/format.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { useCan } from '../../../../lib/permissions.ts';
import { useSetLeadStatus } from '../api/lead-actions.ts';
import { useOpenThreadChat } from '../api/threads.ts';
import { chatRoomPath, enquiryPath } from '../paths.ts';
import { StatusSelect } from './StatusSelect.tsx';
import { formatPhone } from '@tradeloop/contracts/phone';

const TYPE_COLOURS: Record<ThreadTypeId, string> = { 1: 'brand', 2: 'teal', 3: 'gray' };

function money(value: number | null | undefined, currency: ThreadProduct['currency']) {
  if (value === null || value === undefined) return null;
  return currency ? formatAmount(value, currency) : value.toLocaleString('en');
}

function ProductBlock({ product }: { product: ThreadProduct }) {
  const title = productTitle(product);
  const unitPrice = money(product.unit_price, product.currency);
  const total = money(product.total, product.currency);
  return (
    <Group align="flex-start" wrap="nowrap" gap="sm" data-testid="thread-product">
      {product.image ? (
        <Image src={product.image} alt={title} w={72} h={72} radius="sm" fit="cover" />
      ) : (
        <ThemeIcon size={72} radius="sm" variant="light" aria-hidden>
          <IconPackage size={30} />
        </ThemeIcon>
      )}
      <Stack gap={4} style={{ minWidth: 0 }}>
        {product.url ? (
          <Anchor href={product.url} target="_blank" rel="noreferrer" fw={600} size="sm">
            {title} <IconExternalLink size={12} />
          </Anchor>
        ) : (
          <Text fw={600} size="sm">
            {title}
          </Text>
        )}
        {(product.attributes?.length ?? 0) > 0 && (
          <Group gap={4}>
            {product.attributes!.map((attribute) => (
              <Badge key={attribute.name} variant="outline" color="gray" size="sm" tt="none">
                {attribute.name}: {attribute.value}
              </Badge>
            ))}
          </Group>
        )}
        {product.quantity !== null && product.quantity !== undefined && (
          <Text size="sm">Quantity: {quantityText(product.quantity, product.unit)}</Text>
        )}
        {(unitPrice || total) && (
          <Text size="sm">
            {unitPrice && `${unitPrice} each`}
            {unitPrice && total && ' · '}
            {total && <strong>{total} total</strong>}
          </Text>
        )}
        {product.related?.map((line) => (
          <Text key={line.name} size="xs" c="dimmed">
            + {quantityText(line.quantity, line.unit)} {line.name}
            {line.total !== null ? ` (${money(line.total, product.currency)})` : ''}
          </Text>
        ))}
        {(product.categories?.length ?? 0) > 0 && (
          <Text size="xs" c="dimmed">
            {product.categories!.map((category) => category.name).join(' · ')}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

function ContactBlock({ contact }: { contact: ThreadContact }) {
  const place = [contact.city, contact.country].filter(Boolean).join(', ');
  const company = [contact.company, contact.company_type].filter(Boolean).join(' · ');
  return (
    <Group align="flex-start" wrap="nowrap" gap="sm" data-testid="thread-contact">
      <ThemeIcon size={40} radius="xl" variant="light" color="gray" aria-hidden>
        <IconUser size={20} />
      </ThemeIcon>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={600} size="sm">
          {contact.name ?? 'Unknown buyer'}
        </Text>
        {company && <Text size="sm">{company}</Text>}
        {contact.email && (
          <Anchor href={`mailto:${contact.email}`} size="sm">
            {contact.email}
          </Anchor>
        )}
        {contact.phone && (
          <Anchor href={`tel:${contact.phone.replace(/\s/g, '')}`} size="sm">
            {formatPhone(contact.phone)}
          </Anchor>
        )}
        {place && (
          <Text size="sm" c="dimmed">
            {place}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

type ThreadCardProps = { thread: LeadThread; record: CrmRecord; statuses: LeadStatus[] | undefined };

/** One request on a lead: what kind, the product as configured, who asked, what they wrote. */
export function ThreadCard({ thread, record, statuses }: ThreadCardProps) {
  const setStatus = useSetLeadStatus();
  const openChat = useOpenThreadChat();
  const navigate = useNavigate();
  const canChat = useCan()('chat');
  const type = thread.thread_type as ThreadTypeId;
  const hasProduct = Boolean(thread.product_details.name);
  const status = typeof record.values.lead_status === 'string' ? record.values.lead_status : null;

  const handleStatus = (chosen: LeadStatus) =>
    setStatus.mutate(
      { leadId: record.id, statusId: chosen.id, threadId: thread.id },
      { onSuccess: (result) => notifySuccess(result.message ?? `Status: ${chosen.name}`) },
    );

  // Joins the buyer's conversation beside the colleague in it (decision 062), then opens it.
  const handleOpenChat = () =>
    openChat.mutate(thread.id, {
      onSuccess: (result) => {
        if (result.message) notifySuccess(result.message);
        void navigate(chatRoomPath(result.data.room_id));
      },
    });

  return (
    <Card withBorder data-testid="thread-card" data-thread-type={thread.thread_type}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs">
            <Badge color={TYPE_COLOURS[type] ?? 'gray'} variant="light">
              {THREAD_TYPE_LABELS[type] ?? thread.type}
            </Badge>
            <Text size="xs" c="dimmed">
              {dateTimeLabel(thread.created_at)} · {thread.lead_source}
            </Text>
          </Group>
          <Title order={4} size="h5">
            {thread.thread_name}
          </Title>
        </Stack>
        {statuses && (
          <StatusSelect
            statuses={statuses}
            value={status}
            onChange={handleStatus}
            size="xs"
            w={190}
            aria-label="Lead status"
            disabled={Boolean(record.deleted_at) || setStatus.isPending}
            data-testid="thread-status-select"
          />
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: hasProduct ? 2 : 1 }} mt="md" spacing="lg">
        {hasProduct && <ProductBlock product={thread.product_details} />}
        <ContactBlock contact={thread.contact_details} />
      </SimpleGrid>
      {thread.message && (
        <Blockquote mt="md" p="sm" color="gray" icon={<IconMessage size={16} />} iconSize={28}>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {thread.message}
          </Text>
        </Blockquote>
      )}
      <Group gap="md" mt="sm">
        {thread.enquiry_id !== null && (
          <Anchor component={Link} to={enquiryPath(thread.enquiry_id)} size="sm">
            Open the enquiry
          </Anchor>
        )}
        {thread.room_id !== null && canChat && (
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={handleOpenChat}
            disabled={openChat.isPending}
            aria-busy={openChat.isPending}
          >
            Open the chat
          </Anchor>
        )}
        {thread.created_by && (
          <Text size="xs" c="dimmed">
            Added by {thread.created_by.full_name}
          </Text>
        )}
      </Group>
    </Card>
  );
}
