import { Grid, MultiSelect, NumberInput, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { PERIOD_UNITS, VALIDITY_OPTIONS } from '@tradeloop/contracts/catalog';
import { useCountries } from '../../../reference/api/get-countries.ts';
import type { FormOptions } from '../../api/get-form-options.ts';
import { manufacturingYears, type ProductForm } from '../../product-form.ts';
import { Section } from './Section.tsx';

/** Availability switches which fields are asked (spec section 5): stock details, or production to order. */
export function AvailabilitySection({ form, options }: { form: ProductForm; options: FormOptions }) {
  const countries = useCountries();
  const countryData = (countries.data ?? []).map((country) => ({ value: String(country.id), label: country.name }));
  const countryCodes = (countries.data ?? []).map((country) => ({ value: country.iso2, label: country.name }));
  const inStock = form.values.availability === 'in_stock';
  const fixed = form.values.price_type === 'fixed';
  const units = options.units.map((unit) => ({ value: String(unit.id), label: unit.name }));

  return (
    <Section id="availability" title="Availability" description="Sell from stock, or make to order.">
      <Stack gap={4}>
        <Text size="sm" fw={500} id="availability-label">
          Availability
        </Text>
        <SegmentedControl
          aria-labelledby="availability-label"
          data={[
            { value: 'in_stock', label: 'In stock' },
            { value: 'by_order', label: 'By order' },
          ]}
          {...form.getInputProps('availability')}
        />
      </Stack>
      {inStock ? (
        <Grid>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select label="Validity" withAsterisk data={[...VALIDITY_OPTIONS]} {...form.getInputProps('validity')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select
              label="Manufacturing year"
              withAsterisk
              searchable
              data={manufacturingYears()}
              {...form.getInputProps('manufacturer_year')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 2 }}>
            <NumberInput
              label="Dispatch in"
              withAsterisk
              min={1}
              allowDecimal={false}
              {...form.getInputProps('dispatch_in')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 2 }}>
            <Select
              label="Period"
              aria-label="Dispatch period"
              withAsterisk
              data={[...PERIOD_UNITS]}
              {...form.getInputProps('dispatch_day')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Stock location"
              withAsterisk
              placeholder="City and warehouse"
              {...form.getInputProps('existence_place')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label="Country of origin"
              withAsterisk
              searchable
              data={countryData}
              {...form.getInputProps('country_origin_id')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 6 }}>
            <NumberInput label="Current stock" withAsterisk={fixed} min={0} {...form.getInputProps('current_stock')} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 6 }}>
            <Select label="Stock unit" withAsterisk={fixed} searchable data={units} {...form.getInputProps('unit')} />
          </Grid.Col>
        </Grid>
      ) : (
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label="Territory"
              withAsterisk
              data={options.territories.map((territory) => ({ value: String(territory.id), label: territory.name }))}
              {...form.getInputProps('tertiary_id')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <MultiSelect
              label="Countries of origin"
              withAsterisk
              searchable
              data={countryCodes}
              {...form.getInputProps('country_origins')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <NumberInput
              label="In-house production"
              description="Units you can make"
              withAsterisk
              min={1}
              {...form.getInputProps('in_house_production')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <NumberInput
              label="Production days"
              description="Days to make them"
              withAsterisk
              min={1}
              allowDecimal={false}
              {...form.getInputProps('in_house_production_days')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <NumberInput
              label="Delivery time"
              description="After the order"
              withAsterisk
              min={1}
              allowDecimal={false}
              {...form.getInputProps('delivery_time')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <Select
              label="Delivery period"
              description="Unit of time"
              withAsterisk
              data={[...PERIOD_UNITS]}
              {...form.getInputProps('delivery_select')}
            />
          </Grid.Col>
        </Grid>
      )}
    </Section>
  );
}
