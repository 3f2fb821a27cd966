import { ActionIcon, Button, Grid, Group, NumberInput, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { PRODUCT_LIMITS } from '@tradeloop/contracts/catalog';
import type { FormOptions } from '../../api/get-form-options.ts';
import type { ProductForm } from '../../product-form.ts';
import { GroupError, Section } from './Section.tsx';

/** Pricing by quantity tiers (min, max, price a unit) or one fixed price (spec sections 3 and 5). */
export function PricingSection({ form, options }: { form: ProductForm; options: FormOptions }) {
  const currencies = options.currencies.map((currency) => ({
    value: String(currency.id),
    label: `${currency.code} (${currency.symbol})`,
  }));
  const units = options.units.map((unit) => ({ value: String(unit.id), label: unit.name }));
  const quantity = form.values.price_type === 'quantity';
  return (
    <Section id="pricing" title="Pricing">
      <Stack gap={4}>
        <Text size="sm" fw={500} id="pricing-label">
          Pricing
        </Text>
        <SegmentedControl
          aria-labelledby="pricing-label"
          data={[
            { value: 'quantity', label: 'By quantity' },
            { value: 'fixed', label: 'Fixed price' },
          ]}
          {...form.getInputProps('price_type')}
        />
      </Stack>
      {quantity ? (
        <Stack gap="sm">
          <Grid>
            <Grid.Col span={{ base: 6, sm: 4 }}>
              <Select
                label="Currency"
                withAsterisk
                searchable
                data={currencies}
                {...form.getInputProps('qty_currency')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 4 }}>
              <Select label="Unit" withAsterisk searchable data={units} {...form.getInputProps('qty_unit')} />
            </Grid.Col>
          </Grid>
          {form.values.order_quantity.map((_, index) => (
            <Grid key={index} align="flex-end">
              <Grid.Col span={{ base: 4, sm: 3 }}>
                <NumberInput
                  label="Min quantity"
                  withAsterisk
                  min={0}
                  {...form.getInputProps(`order_quantity.${index}.min`)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 4, sm: 3 }}>
                <NumberInput
                  label="Max quantity"
                  withAsterisk
                  min={0}
                  {...form.getInputProps(`order_quantity.${index}.max`)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 4, sm: 4 }}>
                <NumberInput
                  label="Price a unit"
                  withAsterisk
                  min={0}
                  decimalScale={4}
                  {...form.getInputProps(`order_quantity.${index}.per_unit`)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 2 }}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={`Remove price tier ${index + 1}`}
                  disabled={form.values.order_quantity.length === 1}
                  onClick={() => form.removeListItem('order_quantity', index)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Grid.Col>
            </Grid>
          ))}
          <GroupError message={form.errors.order_quantity} />
          <Group>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              disabled={form.values.order_quantity.length >= PRODUCT_LIMITS.priceTiers}
              onClick={() => {
                const last = form.values.order_quantity.at(-1);
                const next = typeof last?.max === 'number' ? last.max + 1 : '';
                form.insertListItem('order_quantity', { min: next, max: '', per_unit: '' });
              }}
            >
              Add price tier
            </Button>
          </Group>
        </Stack>
      ) : (
        <Grid>
          <Grid.Col span={{ base: 6, sm: 4 }}>
            <Select label="Currency" withAsterisk searchable data={currencies} {...form.getInputProps('currency_id')} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 4 }}>
            <NumberInput
              label="Unit price"
              withAsterisk
              min={0}
              decimalScale={4}
              {...form.getInputProps('unit_price')}
            />
          </Grid.Col>
          {form.values.availability === 'by_order' && (
            // In stock, the price is per the stock unit (Availability); made to order, it is asked here.
            <Grid.Col span={{ base: 6, sm: 4 }}>
              <Select label="Price per" searchable data={units} {...form.getInputProps('unit')} />
            </Grid.Col>
          )}
        </Grid>
      )}
    </Section>
  );
}
