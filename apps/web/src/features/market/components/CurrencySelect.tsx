import { NativeSelect } from '@mantine/core';
import { useExchangeRates } from '../../reference/api/exchange-rates.ts';

/**
 * The buyer's display currency; prices are converted at the operator's stored rates. A native
 * select: it is on every public list, and Mantine's combobox would bring its floating layer there.
 */
export function CurrencySelect({ value, onChange }: { value: number; onChange: (currencyId: number) => void }) {
  const rates = useExchangeRates();
  const data = (rates.data ?? []).map((rate) => ({
    value: String(rate.currency_id),
    label: `${rate.code} ${rate.symbol}`,
  }));
  return (
    <NativeSelect
      aria-label="Currency"
      data={data.length ? data : [{ value: String(value), label: '…' }]}
      value={String(value)}
      onChange={(event) => onChange(Number(event.currentTarget.value))}
      w={120}
      size="sm"
      disabled={!rates.data}
      data-testid="currency-select"
    />
  );
}
