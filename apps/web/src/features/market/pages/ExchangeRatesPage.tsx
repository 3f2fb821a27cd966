import { Button, Container, Group, NumberInput, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCurrencyDollar } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { DEFAULT_CURRENCY_ID } from '@tradeloop/contracts/common-constants';
import { MARKET_MESSAGES } from '@tradeloop/contracts/market-constants';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { dateLabel } from '../../../lib/format.ts';
import { useIsOperator } from '../api/operator.ts';
import { useExchangeRates, useUpdateRates } from '../../reference/api/exchange-rates.ts';
import { OperatorsOnly } from '../../../components/OperatorsOnly.tsx';

/** /operator/exchange-rates: the platform operator sets the rates prices are shown at. */
export function ExchangeRatesPage() {
  useDocumentTitle('Exchange rates · TradeLoop');
  const operator = useIsOperator();
  const rates = useExchangeRates();
  const update = useUpdateRates();
  /** The rates typed so far, by currency code; a cleared field is ''. */
  const [edited, setEdited] = useState<Record<string, number | string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});

  const changed = (rates.data ?? []).filter(
    (rate) => edited[rate.code] !== undefined && edited[rate.code] !== rate.rate,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = Object.fromEntries(
      changed
        .filter((rate) => typeof edited[rate.code] !== 'number' || Number(edited[rate.code]) <= 0)
        .map((rate) => [rate.code, MARKET_MESSAGES.rateRequired]),
    );
    setErrors(found);
    if (Object.keys(found).length || !changed.length) return;
    update.mutate(
      changed.map((rate) => ({ code: rate.code, rate: Number(edited[rate.code]) })),
      { onSuccess: () => setEdited({}) },
    );
  };

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            Exchange rates
          </Title>
          <Text c="dimmed" size="sm">
            Units of each currency for one US dollar. Buyers see prices converted at these rates, and listings priced in
            a currency are re-priced when its rate changes.
          </Text>
        </div>
        {operator === false ? (
          <OperatorsOnly icon={<IconCurrencyDollar size={32} />} />
        ) : rates.isError && !rates.data ? (
          <ErrorState onRetry={() => void rates.refetch()} />
        ) : !rates.data || operator === undefined ? (
          <Skeleton height={400} aria-busy="true" role="status" aria-label="Loading exchange rates" />
        ) : (
          <form onSubmit={submit} noValidate aria-label="Exchange rates">
            <Stack gap="md">
              <Table.ScrollContainer minWidth={480}>
                <Table verticalSpacing="xs" striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Currency</Table.Th>
                      <Table.Th>Units for 1 US dollar</Table.Th>
                      <Table.Th>Last changed</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rates.data.map((rate) => (
                      <Table.Tr key={rate.currency_id}>
                        <Table.Td>
                          <Text size="sm" fw={600}>
                            {rate.code}{' '}
                            <Text span size="sm" c="dimmed" fw={400}>
                              {rate.name}
                            </Text>
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <NumberInput
                            aria-label={`Rate of ${rate.name} (${rate.code})`}
                            value={edited[rate.code] ?? rate.rate}
                            onChange={(value) => setEdited((current) => ({ ...current, [rate.code]: value }))}
                            disabled={rate.currency_id === DEFAULT_CURRENCY_ID} // the base: its rate is always 1
                            min={0}
                            decimalScale={6}
                            hideControls
                            error={errors[rate.code]}
                            w={160}
                          />
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" c="dimmed">
                            {dateLabel(rate.updated_at)}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Group justify="flex-end">
                <Text size="sm" c="dimmed" aria-live="polite">
                  {changed.length ? `${changed.length} changed` : 'No changes'}
                </Text>
                <Button type="submit" loading={update.isPending} disabled={!changed.length}>
                  Save rates
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Container>
  );
}
