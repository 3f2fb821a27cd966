import { useEffect, useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Chip,
  Divider,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconCalculator, IconCircleCheck, IconLogin } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { COMBINATION_SEPARATOR, productTitle } from '@tradeloop/contracts/catalog-constants';
import type { MarketProduct, ProductPage } from '@tradeloop/contracts/market';
import { QUOTE_DEFAULT_QUANTITY, QUOTE_LIMITS, type QuoteState } from '@tradeloop/contracts/quotes';
import { isCountedUnit } from '@tradeloop/contracts/reference';
import { apiData, isApiError } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { authPath } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { randomId } from '../../../lib/storage.ts';
import { money, unitWord } from '../../../lib/format.ts';
import { priceText } from '../../../lib/product-format.ts';
import { useConfigureQuote, useSubmitQuote } from '../api/quote.ts';
import { QUOTE_PATHS } from '../paths.ts';
import { clearQuoteDraft, readQuoteDraft, reopenPath, saveQuoteDraft } from '../quote-draft.ts';

type QuoteModalProps = { page: ProductPage; currency: number; opened: boolean; onClose: () => void };

function defaultSelection(page: ProductPage): Record<string, string> {
  const options = page.product.choice_options;
  const preferred = page.product.matrix.find((row) => row.is_default)?.value.split(COMBINATION_SEPARATOR);
  return Object.fromEntries(options.map((option, index) => [option.name, preferred?.[index] ?? option.values[0]]));
}

const label = (name: string) => name.replace(/_/g, ' ');

function usePriceTerms() {
  return useQuery({
    queryKey: ['reference', 'price-terms', 'price_term'],
    queryFn: ({ signal }) =>
      apiData<{ id: number; name: string }[]>('front/price_terms/list', { query: { type: 'price_term' }, signal }),
    staleTime: 10 * 60 * 1000,
  });
}

/** One select (or chips, for a few values) per attribute: the configurator. */
function Configurator(props: {
  page: ProductPage;
  selection: Record<string, string>;
  onChange: (selection: Record<string, string>) => void;
}) {
  const { product } = props.page;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      {product.choice_options.map((option) =>
        option.values.length <= 5 ? (
          <Stack key={option.name} gap={4}>
            <Text size="sm" fw={500} id={`option-${option.name}`}>
              {label(option.name)}
            </Text>
            <Chip.Group
              multiple={false}
              value={props.selection[option.name]}
              onChange={(value) => props.onChange({ ...props.selection, [option.name]: value })}
            >
              <Group gap={6} role="radiogroup" aria-labelledby={`option-${option.name}`}>
                {option.values.map((value) => (
                  <Chip key={value} value={value} size="xs" type="radio">
                    {value}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Stack>
        ) : (
          <Select
            key={option.name}
            label={label(option.name)}
            data={option.values}
            value={props.selection[option.name]}
            onChange={(value) => value && props.onChange({ ...props.selection, [option.name]: value })}
            allowDeselect={false}
            searchable
          />
        ),
      )}
    </SimpleGrid>
  );
}

function Totals({ state, pending }: { state: QuoteState | null; pending: boolean }) {
  const main = state?.lines.find((line) => line.role === 'main');
  return (
    <Paper withBorder p="md" radius="md" bg="gray.0" aria-live="polite" data-testid="quote-totals">
      <Group justify="space-between" align="flex-end">
        <div>
          <Text size="xs" c="dimmed">
            Unit price
          </Text>
          <Text fw={600} data-testid="quote-unit-price">
            {state ? money(state.unit_price, state.currency) : '…'}
            {main?.unit ? ` / ${main.unit}` : ''}
          </Text>
        </div>
        <div style={{ textAlign: 'right' }}>
          <Text size="xs" c="dimmed">
            Estimated total
          </Text>
          <Text
            fw={800}
            size="xl"
            c="brand.8"
            data-testid="quote-total"
            // Italic while the server recalculates: fading the figure would drop its contrast below AA.
            fs={pending ? 'italic' : undefined}
            aria-busy={pending}
          >
            {state ? money(state.total, state.currency) : '…'}
          </Text>
        </div>
      </Group>
      {main?.equation && (
        <Group gap={6} mt="xs">
          <IconCalculator size={14} aria-hidden />
          <Text size="xs" c="dimmed">
            Priced with the seller’s calculator for this configuration.
          </Text>
        </Group>
      )}
      {main?.below_minimum && (
        <Text size="xs" c="orange.8" mt="xs">
          Below the minimum order of {main.min_order}: the seller may answer with a different price.
        </Text>
      )}
    </Paper>
  );
}

function PickList(props: {
  title: string;
  hint: string;
  products: MarketProduct[];
  chosen: Record<number, number>;
  withQuantity: boolean;
  onChange: (chosen: Record<number, number>) => void;
}) {
  if (props.products.length === 0) return null;
  return (
    <Stack gap="xs">
      <div>
        <Text fw={600} size="sm">
          {props.title}
        </Text>
        <Text size="xs" c="dimmed">
          {props.hint}
        </Text>
      </div>
      {props.products.map((product) => {
        const checked = props.chosen[product.id] !== undefined;
        return (
          <Group key={product.id} justify="space-between" wrap="nowrap" gap="sm">
            <Checkbox
              checked={checked}
              onChange={(event) => {
                const next = { ...props.chosen };
                if (event.currentTarget.checked) next[product.id] = 1;
                else delete next[product.id];
                props.onChange(next);
              }}
              label={
                <span>
                  {product.name}
                  <Text span size="xs" c="dimmed">
                    {' '}
                    ·{' '}
                    {props.withQuantity
                      ? priceText(product)
                      : `${product.shop_name}, ${product.company_details.country_name ?? ''}`}
                  </Text>
                </span>
              }
            />
            {props.withQuantity && checked && (
              <NumberInput
                aria-label={`Quantity of ${product.name}`}
                size="xs"
                w={90}
                min={1}
                value={props.chosen[product.id]}
                onChange={(value) => props.onChange({ ...props.chosen, [product.id]: Math.max(1, Number(value) || 1) })}
              />
            )}
          </Group>
        );
      })}
    </Stack>
  );
}

/** The quote modal (spec section 2): configure, see the price, add related products, send to one or more sellers. */
export function QuoteModal({ page, currency, opened, onClose }: QuoteModalProps) {
  const { token, user } = useSession();
  const location = useLocation();
  const { product, seller } = page;
  const [sessionId] = useState(() => randomId());
  // What the visitor configured before signing in or up, if they come back to it.
  const [draft] = useState(() => readQuoteDraft(product.id));
  const [selection, setSelection] = useState(() => ({ ...defaultSelection(page), ...draft?.selection }));
  const [quantity, setQuantity] = useState<number>(draft?.quantity ?? QUOTE_DEFAULT_QUANTITY);
  // Pieces, pairs and cartons are counted; kilograms and metres may be asked in fractions.
  const wholeUnit = isCountedUnit(product.unit);
  const [related, setRelated] = useState<Record<number, number>>(draft?.related ?? {});
  const [similar, setSimilar] = useState<Record<number, number>>(draft?.similar ?? {});
  const [neededBy, setNeededBy] = useState<string | null>(draft?.neededBy ?? null);
  const [priceTerm, setPriceTerm] = useState<string | null>(draft ? draft.priceTerm : product.price_term);
  const [message, setMessage] = useState(
    draft?.message ?? `Hello, I am interested in ${product.name}. Please send me your best price and delivery time.`,
  );
  const keepDraft = () =>
    saveQuoteDraft(product.id, { selection, quantity, related, similar, neededBy, priceTerm, message });
  const [sent, setSent] = useState<string | null>(null);
  const configure = useConfigureQuote();
  const submit = useSubmitQuote();
  const priceTerms = usePriceTerms();
  const [debounced] = useDebouncedValue({ selection, quantity, related }, 250);
  const [state, setState] = useState<QuoteState | null>(null);
  const ownProduct = !!user?.company_id && user.company_id === seller.id;
  const combination = product.choice_options.map((option) => selection[option.name]).join(COMBINATION_SEPARATOR);

  const { mutateAsync: configureLine } = configure;
  useEffect(() => {
    if (!opened) return;
    let cancelled = false;
    const price = async () => {
      let latest = await configureLine({
        unique_session_id: sessionId,
        type: product.product_type,
        product_id: product.id,
        product_name: product.name,
        quantity: debounced.quantity || 1,
        combinations: debounced.selection,
        currency,
      });
      for (const entry of page.quote_related) {
        const wanted = debounced.related[entry.id] ?? 0;
        const present = latest.lines.find((line) => line.product_id === entry.id)?.quantity ?? 0;
        if (wanted === present) continue;
        latest = await configureLine({
          unique_session_id: sessionId,
          type: 'simple',
          product_id: entry.id,
          main_product_id: product.id,
          quantity: wanted,
          currency,
        });
      }
      if (!cancelled) setState(latest);
    };
    price().catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [
    opened,
    debounced,
    sessionId,
    currency,
    configureLine,
    page.quote_related,
    product.id,
    product.name,
    product.product_type,
  ]);

  const handleSubmit = async () => {
    if (!user) return;
    const result = await submit.mutateAsync({
      unique_session_id: sessionId,
      seller_user_id: seller.seller_user_id,
      enquiry_user_id: user.id,
      product_id: product.id,
      price: state?.unit_price,
      final_price: state?.total,
      quantity,
      price_term: priceTerm,
      product_datetime: neededBy,
      product_name: product.name,
      product_image: product.photos[0]?.card,
      pre_title_name: product.pre_title_name,
      greeting_message: message,
      combinations: product.choice_options.length ? combination : undefined,
      currency,
      similar_product_ids: Object.keys(similar),
    });
    clearQuoteDraft(product.id);
    if (result.message) notifySuccess(result.message);
    setSent(result.message ?? 'Your request has been sent.');
  };

  const error = submit.error && isApiError(submit.error) && !submit.error.notified ? submit.error : null;
  const back = reopenPath(location);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={
        <Title order={2} size="h4">
          Request a quote
        </Title>
      }
      data-testid="quote-modal"
    >
      {sent ? (
        <Stack align="center" ta="center" py="lg" gap="sm">
          <ThemeIcon size={64} radius="xl" color="teal" variant="light" aria-hidden>
            <IconCircleCheck size={36} />
          </ThemeIcon>
          <Title order={3} size="h4">
            {sent}
          </Title>
          <Text c="dimmed" maw={420}>
            You will be notified when {seller.name} answers. Follow the negotiation in your enquiries.
          </Text>
          <Group>
            <Button component={Link} to={QUOTE_PATHS.enquiries('sent')}>
              View my enquiries
            </Button>
            <Button variant="default" onClick={onClose}>
              Keep browsing
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          {!token && (
            <Alert color="blue" icon={<IconLogin size={16} />} title="Sending a request needs a free account">
              <Text size="sm">
                Configure your quote here, then sign in or sign up to send it: you come back to this quote as you left
                it.
              </Text>
              <Group gap="xs" mt="xs">
                <Button component={Link} to={authPath('signin', back)} onClick={keepDraft} size="xs">
                  Sign in
                </Button>
                <Button component={Link} to={authPath('signup', back)} onClick={keepDraft} size="xs" variant="default">
                  Create an account
                </Button>
              </Group>
            </Alert>
          )}
          <Group gap="sm" wrap="nowrap">
            {product.photos[0] && (
              <img src={product.photos[0].thumb} alt="" width={56} height={56} style={{ borderRadius: 8 }} />
            )}
            <div>
              <Text fw={600}>{productTitle(product)}</Text>
              <Text size="sm" c="dimmed">
                {seller.name} · {seller.business_type} · {seller.country_name ?? ''}
              </Text>
            </div>
          </Group>
          {product.choice_options.length > 0 && (
            <Configurator page={page} selection={selection} onChange={setSelection} />
          )}
          <Group grow align="flex-start">
            <NumberInput
              label="Quantity"
              description={product.quantity ? `Minimum order ${product.quantity}` : undefined}
              min={1}
              max={QUOTE_LIMITS.quantityMax}
              allowDecimal={!wholeUnit}
              allowNegative={false}
              value={quantity}
              onChange={(value) => setQuantity(Math.max(wholeUnit ? 1 : 0.001, Number(value) || 1))}
              rightSection={
                <Text size="xs" c="dimmed" pr="xs">
                  {unitWord(product.unit, quantity)}
                </Text>
              }
              rightSectionWidth={80}
              data-testid="quote-quantity"
            />
            <Select
              label="Price term"
              data={(priceTerms.data ?? []).map((term) => term.name)}
              value={priceTerm}
              onChange={setPriceTerm}
              searchable
            />
          </Group>
          <Totals state={state} pending={configure.isPending} />
          <PickList
            title="Add products of this seller"
            hint="Simple products priced as listed; they travel in the same request."
            products={page.quote_related}
            chosen={related}
            withQuantity
            onChange={setRelated}
          />
          <PickList
            title="Also ask similar suppliers"
            hint="The same request goes to each, separately; no seller sees the others."
            products={page.similar_suppliers}
            chosen={similar}
            withQuantity={false}
            onChange={setSimilar}
          />
          <Divider />
          <DateInput
            label="Needed by"
            placeholder="Pick a date (optional)"
            value={neededBy}
            onChange={(value) => setNeededBy(value ? String(value) : null)}
            minDate={new Date()}
            clearable
            valueFormat="DD-MM-YYYY"
          />
          <Textarea
            label="Message to the seller"
            autosize
            minRows={3}
            maxLength={QUOTE_LIMITS.message}
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
          />
          {error && (
            <Alert color="red" icon={<IconAlertTriangle size={16} />}>
              {error.errors ? Object.values(error.errors).flat().join(' ') : error.message}
            </Alert>
          )}
          {!token ? (
            <Button
              component={Link}
              to={authPath('signin', back)}
              onClick={keepDraft}
              leftSection={<IconLogin size={16} />}
              size="md"
            >
              Sign in to send your request
            </Button>
          ) : ownProduct ? (
            <Alert color="gray">This is your own product.</Alert>
          ) : (
            <Button
              size="md"
              onClick={() => void handleSubmit().catch(() => undefined)}
              loading={submit.isPending}
              data-track="getQuoteButton"
            >
              {Object.keys(similar).length
                ? `Send to ${Object.keys(similar).length + 1} suppliers`
                : 'Send quote request'}
            </Button>
          )}
          <Text size="xs" c="dimmed" ta="center">
            Prices shown are estimates; the seller answers with a firm offer.{' '}
            <Anchor component={Link} to={QUOTE_PATHS.enquiries('sent')} size="xs">
              My enquiries
            </Anchor>
          </Text>
        </Stack>
      )}
    </Modal>
  );
}
