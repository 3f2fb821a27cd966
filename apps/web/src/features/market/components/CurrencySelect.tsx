import { Select } from '@mantine/core';
import { useExchangeRates } from '../api/rates.ts';

/** The buyer's display currency; prices are converted at the operator's stored rates. */
export function CurrencySelect({ value, onChange }: { value: number; onChange: (currencyId: number) => void }) {
  const rates = useExchangeRates();
  const data = (rates.data ?? []).map((rate) => ({
    value: String(rate.currency_id),
    label: `${rate.code} ${rate.symbol}`,
  }));
  return (
    <Select
      aria-label="Currency"
      data={data}
      value={String(value)}
      onChange={(next) => next && onChange(Number(next))}
      allowDeselect={false}
      searchable
      w={120}
      size="sm"
      disabled={!rates.data}
      data-testid="currency-select"
    />
  );
}
