import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NativeSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import { TAX_LABELS, TAX_RATES, type Quotation } from '@tradeloop/contracts/orders';
import type { EnquiryDetail } from '@tradeloop/contracts/quotes';
import { isApiError } from '../../../lib/api-client.ts';
import { useProducts } from '../../catalog/api/get-products.ts';
import { useExchangeRates } from '../../reference/api/exchange-rates.ts';
import { useSendQuotation } from '../api/quotations.ts';

/** What a quotation answers: a buyer's enquiry, or a CRM lead without one (issue 44). */
export type QuotationSource = { kind: 'enquiry'; enquiry: EnquiryDetail } | { kind: 'lead'; leadId: number };

type Line = {
  product_id?: number;
  description: string;
  quantity: string;
  unit: string;
  unit_price: string;
  discount_percent: string;
  tax_label: (typeof TAX_LABELS)[number];
  tax_rate: string;
};

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const emptyLine = (): Line => ({
  description: '',
  quantity: '1',
  unit: '',
  unit_price: '',
  discount_percent: '0',
  tax_label: 'None',
  tax_rate: '0',
});

/** The lines to start from: the quotation's current version, the buyer's request as configured, or one empty line. */
function startingLines(source: QuotationSource, quotation: Quotation | null): Line[] {
  const current = quotation?.versions[0];
  if (current)
    return current.lines.map((line) => ({
      product_id: line.product_id ?? undefined,
      description: line.description,
      quantity: line.quantity,
      unit: line.unit ?? '',
      unit_price: line.unit_price,
      discount_percent: line.discount_percent,
      tax_label: line.tax_label as Line['tax_label'],
      tax_rate: line.tax_rate,
    }));
  if (source.kind === 'lead') return [emptyLine()];
  return source.enquiry.lines.map((line) => ({
    product_id: line.product_id,
    description: [line.product_name, line.combination?.replace(/\|/g, ', ')].filter(Boolean).join(' — '),
    quantity: String(line.quantity),
    unit: line.unit ?? '',
    unit_price: line.unit_price.toFixed(2),
    discount_percent: '0',
    tax_label: 'None',
    tax_rate: '0',
  }));
}

/** Adds a line from the seller's catalogue: the product's name and its lowest price, both editable. */
function CatalogueProductPicker({ onPick }: { onPick: (line: Line) => void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const products = useProducts({ page: 1, per_page: 20, search: debounced || undefined, status: 'all', sort: 'name' });
  const found = products.data?.data ?? [];
  return (
    <Select
      label="Add a product from your catalogue"
      placeholder="Search your products"
      searchable
      clearable
      value={null}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={products.isFetching ? 'Searching…' : 'No product found'}
      data={found.map((product) => ({ value: String(product.id), label: product.name }))}
      filter={({ options }) => options}
      onChange={(value) => {
        const product = found.find((entry) => String(entry.id) === value);
        if (!product) return;
        onPick({
          ...emptyLine(),
          product_id: product.id,
          description: [product.name, product.model_number].filter(Boolean).join(' — '),
          unit_price: product.price_min === null ? '' : product.price_min.toFixed(2),
        });
        setSearch('');
      }}
      maw={420}
    />
  );
}

/**
 * The seller's quotation editor: lines (from the request, the catalogue or added), terms, validity; sends
 * v1 or the next version. From a lead, the seller also chooses the currency.
 */
export function QuotationEditor({
  source,
  quotation,
  onDone,
}: {
  source: QuotationSource;
  quotation: Quotation | null;
  onDone: () => void;
}) {
  const send = useSendQuotation();
  const rates = useExchangeRates();
  const current = quotation?.versions[0];
  const enquiry = source.kind === 'enquiry' ? source.enquiry : null;
  const [lines, setLines] = useState<Line[]>(() => startingLines(source, quotation));
  const [currency, setCurrency] = useState(current?.currency ?? enquiry?.currency.code ?? 'USD');
  const [terms, setTerms] = useState({
    price_term: current?.price_term ?? enquiry?.price_term ?? '',
    payment_terms: current?.payment_terms ?? '',
    delivery_time: current?.delivery_time ?? '',
    delivery_port: current?.delivery_port ?? '',
    valid_until: inDays(14),
    notes: current?.notes ?? '',
    seller_tax_id: current?.seller_tax_id ?? '',
    buyer_tax_id: current?.buyer_tax_id ?? '',
  });
  const errors = isApiError(send.error) ? (send.error.errors ?? {}) : {};
  const fieldError = (name: string) => errors[name]?.join(' ');
  const setLine = (index: number, change: Partial<Line>) =>
    setLines((list) => list.map((line, at) => (at === index ? { ...line, ...change } : line)));
  const setTerm = (name: keyof typeof terms) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setTerms((all) => ({ ...all, [name]: value }));
  };
  const handleSubmit = () =>
    void send
      .mutateAsync({
        id: quotation?.id ?? null,
        body: {
          ...(source.kind === 'enquiry' ? { enquiry_id: source.enquiry.id } : { lead_id: source.leadId, currency }),
          lines: lines.map((line) => ({
            ...line,
            unit: line.unit || undefined,
            tax_rate: line.tax_label === 'None' ? '0' : line.tax_rate,
          })),
          ...Object.fromEntries(Object.entries(terms).map(([name, value]) => [name, value || undefined])),
          valid_until: terms.valid_until,
        },
      })
      .then(onDone)
      .catch(() => undefined);

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="quotation-editor-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="quotation-editor-title">
          {quotation ? `Revise quotation ${quotation.number} (version ${quotation.current_version + 1})` : 'Quotation'}
        </Title>
        {source.kind === 'lead' && !quotation && (
          <NativeSelect
            label="Currency"
            maw={260}
            value={currency}
            onChange={(event) => setCurrency(event.currentTarget.value)}
            error={fieldError('currency')}
            data={(rates.data ?? [{ code: 'USD', name: 'US Dollar' }]).map((rate) => ({
              value: rate.code,
              label: `${rate.code} — ${rate.name}`,
            }))}
          />
        )}
        {lines.map((line, index) => (
          <Paper key={index} withBorder p="xs" radius="sm" data-testid="quotation-line">
            <SimpleGrid cols={{ base: 2, sm: 4, lg: 8 }} spacing="xs">
              <TextInput
                label={`Line ${index + 1} description`}
                value={line.description}
                onChange={(event) => setLine(index, { description: event.currentTarget.value })}
                error={fieldError(`lines.${index}.description`)}
                style={{ gridColumn: 'span 2' }}
                required
              />
              <TextInput
                label="Quantity"
                inputMode="decimal"
                value={line.quantity}
                onChange={(event) => setLine(index, { quantity: event.currentTarget.value })}
                error={fieldError(`lines.${index}.quantity`)}
                required
              />
              <TextInput
                label="Unit"
                value={line.unit}
                onChange={(event) => setLine(index, { unit: event.currentTarget.value })}
              />
              <TextInput
                label={`Unit price (${currency})`}
                inputMode="decimal"
                value={line.unit_price}
                onChange={(event) => setLine(index, { unit_price: event.currentTarget.value })}
                error={fieldError(`lines.${index}.unit_price`)}
                required
              />
              <TextInput
                label="Discount %"
                inputMode="decimal"
                value={line.discount_percent}
                onChange={(event) => setLine(index, { discount_percent: event.currentTarget.value })}
                error={fieldError(`lines.${index}.discount_percent`)}
              />
              <NativeSelect
                label="Tax"
                data={[...TAX_LABELS]}
                value={line.tax_label}
                onChange={(event) => setLine(index, { tax_label: event.currentTarget.value as Line['tax_label'] })}
              />
              <Group gap={4} align="flex-end" wrap="nowrap">
                <NativeSelect
                  label="Tax rate %"
                  data={[...TAX_RATES]}
                  value={line.tax_rate}
                  disabled={line.tax_label === 'None'}
                  onChange={(event) => setLine(index, { tax_rate: event.currentTarget.value })}
                  error={fieldError(`lines.${index}.tax_rate`)}
                  style={{ flex: 1 }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={`Remove line ${index + 1}`}
                  disabled={lines.length === 1}
                  onClick={() => setLines((list) => list.filter((_, at) => at !== index))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </SimpleGrid>
          </Paper>
        ))}
        <Group align="flex-end">
          <CatalogueProductPicker onPick={(line) => setLines((list) => [...list, line])} />
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => setLines((list) => [...list, emptyLine()])}
          >
            Add a line
          </Button>
          {fieldError('lines') && (
            <Text c="red" size="sm">
              {fieldError('lines')}
            </Text>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="xs">
          <TextInput label="Price term (FOB, CIF …)" value={terms.price_term} onChange={setTerm('price_term')} />
          <TextInput label="Payment terms" value={terms.payment_terms} onChange={setTerm('payment_terms')} />
          <TextInput label="Delivery time" value={terms.delivery_time} onChange={setTerm('delivery_time')} />
          <TextInput label="Delivery port" value={terms.delivery_port} onChange={setTerm('delivery_port')} />
          <TextInput
            label="Valid until"
            type="date"
            value={terms.valid_until}
            onChange={setTerm('valid_until')}
            error={fieldError('valid_until')}
            required
          />
          <TextInput label="Your tax id" value={terms.seller_tax_id} onChange={setTerm('seller_tax_id')} />
          <TextInput label="Buyer’s tax id" value={terms.buyer_tax_id} onChange={setTerm('buyer_tax_id')} />
        </SimpleGrid>
        <Textarea label="Notes" autosize minRows={2} value={terms.notes} onChange={setTerm('notes')} />
        {send.isError && !isApiError(send.error) && <Alert color="red">The quotation could not be sent.</Alert>}
        {isApiError(send.error) && !send.error.errors && <Alert color="red">{send.error.message}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button leftSection={<IconSend size={16} />} onClick={handleSubmit} loading={send.isPending}>
            {quotation ? 'Send revision' : 'Send quotation'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
