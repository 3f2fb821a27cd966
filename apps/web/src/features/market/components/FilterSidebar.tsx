import { useState, type ReactNode } from 'react';
import { Anchor, Button, Group, RangeSlider, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import type { CurrencyRef, Facet, FacetOption } from '@tradeloop/contracts/market';
import { PRICE_SLIDER } from '@tradeloop/contracts/common-constants';
import { RATING_FILTER_VALUES } from '@tradeloop/contracts/reviews-constants';
import { hasFilters, toggleFilter, withoutFilters, type LIST_FILTER_KEYS, type ListState } from '../list-state.ts';
import { money, pluralize } from '../../../lib/format.ts';

type ListFilterKey = (typeof LIST_FILTER_KEYS)[number];

type SidebarProps = {
  facets: Facet[] | null;
  state: ListState;
  currency: CurrencyRef;
  onChange: (state: ListState) => void;
};

const SHOWN_OPTIONS = 8;

function OptionList({
  facet,
  state,
  onChange,
}: {
  facet: Facet;
  state: ListState;
  onChange: SidebarProps['onChange'];
}) {
  const [expanded, setExpanded] = useState(false);
  const key = facet.key as ListFilterKey;
  const options = facet.options;
  const shown = expanded ? options : options.filter((option, index) => index < SHOWN_OPTIONS || option.selected);
  if (options.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No options for this search
      </Text>
    );
  }
  const indent = (option: FacetOption) => (facet.key === 'categories' ? (option.depth ?? 0) * 14 : 0);
  // The URL is the truth: a click shows at once, before the new counts arrive.
  const chosen = new Set((state.filters[key] ?? []).map(String));
  // Plain elements: the list holds up to a hundred options, each of which was a Mantine Checkbox,
  // Badge and Group (ten elements, four style hooks) to render on the server and hydrate on a phone.
  return (
    <Stack gap={6}>
      {shown.map((option) => {
        const value = String(option.value);
        const checked = chosen.has(value);
        return (
          <div key={value} className="mk-facet-option" style={{ paddingLeft: indent(option) }}>
            <label className="mk-facet-label" data-top={facet.key === 'categories' && option.depth === 0}>
              <input
                type="checkbox"
                checked={checked}
                disabled={option.count === 0 && !checked}
                onChange={() => onChange(toggleFilter(state, key, option.value))}
              />
              {option.label}
            </label>
            <span className="mk-facet-count">
              {option.count.toLocaleString('en')}
              <span className="mk-visually-hidden"> products</span>
            </span>
          </div>
        );
      })}
      {options.length > SHOWN_OPTIONS && (
        <Anchor component="button" type="button" size="sm" onClick={() => setExpanded((value) => !value)} ta="left">
          {expanded ? 'Show fewer' : `Show all ${options.length}`}
        </Anchor>
      )}
    </Stack>
  );
}

/** A price range's bounds; null: none on that side. */
type PriceBounds = [number | null, number | null];

const PRICE_STEP = 100;

/**
 * The slider's ends: the prices of the results (whatever price is asked), widened to whole steps and to the
 * bounds asked, so its thumbs at the ends cover every result and apply no filter. Without priced results,
 * the spec's default (500 to 50,000).
 */
export function priceSliderBounds(range: Facet['range'], chosen: PriceBounds): [number, number] {
  const low = range?.data_min ?? null;
  const high = range?.data_max ?? low;
  if (low === null || high === null) return [range?.min ?? PRICE_SLIDER.min, range?.max ?? PRICE_SLIDER.max];
  const min = Math.floor(Math.min(low, chosen[0] ?? low, chosen[1] ?? low) / PRICE_STEP) * PRICE_STEP;
  const max = Math.ceil(Math.max(high, chosen[0] ?? high, chosen[1] ?? high) / PRICE_STEP) * PRICE_STEP;
  return [min, Math.max(max, min + PRICE_STEP)];
}

function PriceFilter({ facet, state, currency, onChange }: Omit<SidebarProps, 'facets'> & { facet: Facet }) {
  const range = facet.range;
  // No bound is shown as none: empty fields and the slider's thumbs at its ends, not a range that looks applied.
  const chosen: PriceBounds = [state.price.min, state.price.max];
  const [min, max] = priceSliderBounds(range, chosen);
  const [draft, setDraft] = useState<PriceBounds>(chosen);
  const [shown, setShown] = useState(chosen.join('-'));
  if (shown !== chosen.join('-')) {
    setShown(chosen.join('-'));
    setDraft(chosen);
  }
  const apply = ([low, high]: PriceBounds) => onChange({ ...state, page: 1, price: { min: low, max: high } });
  // A thumb left at its end of the slider sets no bound there: prices beyond the slider's ends stay in.
  const fromSlider = ([low, high]: [number, number]): PriceBounds => [
    low === min ? null : low,
    high === max ? null : high,
  ];
  return (
    <Stack gap="sm">
      {/* The From and To fields below set the same prices with full-size targets (WCAG 2.5.8, equivalent). */}
      <RangeSlider
        data-target-size-equivalent
        min={min}
        max={max}
        step={PRICE_STEP}
        minRange={PRICE_STEP}
        value={[draft[0] ?? min, draft[1] ?? max]}
        onChange={(value) => setDraft(fromSlider(value))}
        onChangeEnd={(value) => apply(fromSlider(value))}
        label={(value) => money(value, currency)}
        thumbSize={24}
        thumbFromLabel="Lowest price"
        thumbToLabel="Highest price"
        role="group"
        aria-label="Price range"
      />
      <Group grow gap="xs">
        <PriceField
          label="From"
          symbol={currency.symbol}
          value={draft[0]}
          onChange={(value) => setDraft([value, draft[1]])}
          onCommit={() => apply(draft)}
        />
        <PriceField
          label="To"
          symbol={currency.symbol}
          value={draft[1]}
          onChange={(value) => setDraft([draft[0], value])}
          onCommit={() => apply(draft)}
        />
      </Group>
      {range?.data_min !== null && range?.data_min !== undefined && (
        <Text size="xs" c="dimmed">
          Prices here: {money(range.data_min, currency)} to {money(range.data_max ?? range.data_min, currency)}
        </Text>
      )}
      {(state.price.min !== null || state.price.max !== null) && (
        <Anchor
          component="button"
          type="button"
          size="sm"
          ta="left"
          onClick={() => onChange({ ...state, page: 1, price: { min: null, max: null } })}
        >
          Any price
        </Anchor>
      )}
    </Stack>
  );
}

/** "1 star & up", "4 stars & up". */
export const ratingChoiceLabel = (stars: number) => `${pluralize(stars, 'star')} & up`;

/** Sellers rated at least N stars on average (decision 045): native radios, like the options above. */
function RatingFilter({ state, onChange }: { state: ListState; onChange: SidebarProps['onChange'] }) {
  const choices = [
    ...RATING_FILTER_VALUES.map((value) => ({ value, label: ratingChoiceLabel(value) })),
    { value: null, label: 'Any rating' },
  ];
  return (
    <Stack gap={6} role="radiogroup" aria-label="Seller rating">
      {choices.map((choice) => (
        <div key={String(choice.value)} className="mk-facet-option">
          <label className="mk-facet-label">
            <input
              type="radio"
              name="seller-rating"
              value={choice.value ?? ''}
              checked={state.rating === choice.value}
              onChange={() => onChange({ ...state, rating: choice.value, page: 1 })}
            />
            {choice.label}
          </label>
        </div>
      ))}
    </Stack>
  );
}

/**
 * One filter, open, folding away like an accordion's item: a native disclosure (`mk-facet-section` in
 * market.css), which the keyboard and screen readers know, with no script to hydrate (decision 029).
 */
function FacetSection({ facetKey, title, children }: { facetKey: string; title: string; children: ReactNode }) {
  return (
    <details open className="mk-facet-section" data-testid={`facet-${facetKey}`}>
      <summary className="mk-facet-title">{title}</summary>
      <div className="mk-facet-body">{children}</div>
    </details>
  );
}

/** The twelve filters of spec section 3, all open, each option with the number of products it shows. */
export function FilterSidebar({ facets, state, currency, onChange }: SidebarProps) {
  const handleClear = () => onChange(withoutFilters(state));
  return (
    <Stack gap="sm" component="aside" aria-label="Filters">
      <Group justify="space-between">
        <Text fw={700}>Filters</Text>
        {hasFilters(state) && (
          <Button variant="subtle" size="compact-sm" leftSection={<IconFilterOff size={14} />} onClick={handleClear}>
            Clear all
          </Button>
        )}
      </Group>
      {facets === null ? (
        <Stack gap="md" role="status" aria-busy="true" aria-label="Loading filters">
          {Array.from({ length: 6 }, (_, index) => (
            <Stack key={index} gap={6}>
              <Skeleton h={14} w="50%" />
              <Skeleton h={10} />
              <Skeleton h={10} w="80%" />
            </Stack>
          ))}
        </Stack>
      ) : (
        <Stack gap="xs">
          {facets
            .filter((facet) => facet.visible)
            .map((facet) => (
              <FacetSection key={facet.key} facetKey={facet.key} title={facet.title}>
                {facet.key === 'price_range' ? (
                  <PriceFilter facet={facet} state={state} currency={currency} onChange={onChange} />
                ) : (
                  <OptionList facet={facet} state={state} onChange={onChange} />
                )}
              </FacetSection>
            ))}
          <FacetSection facetKey="seller_rating" title="Seller rating">
            <RatingFilter state={state} onChange={onChange} />
          </FacetSection>
        </Stack>
      )}
    </Stack>
  );
}

/**
 * A price typed in whole units, shown with thousands separators. A text field, not Mantine's
 * NumberInput: the public list stays light (decision 029), and digits are all a price needs here.
 */
function PriceField({
  label,
  symbol,
  value,
  onChange,
  onCommit,
}: {
  label: string;
  symbol: string;
  value: number | null;
  onChange: (value: number | null) => void;
  onCommit: () => void;
}) {
  return (
    <TextInput
      size="xs"
      label={label}
      inputMode="numeric"
      leftSection={symbol}
      placeholder="Any"
      value={value === null ? '' : value.toLocaleString('en')}
      onChange={(event) => {
        const digits = event.currentTarget.value.replace(/\D/g, '');
        onChange(digits ? Number(digits) : null);
      }}
      onBlur={onCommit}
      onKeyDown={(event) => event.key === 'Enter' && onCommit()}
    />
  );
}
