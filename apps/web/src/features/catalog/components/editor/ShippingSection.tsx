import { Autocomplete, Grid, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAnchor, IconPlane } from '@tabler/icons-react';
import type { FormOptions } from '../../api/get-form-options.ts';
import { portLabel, usePortSearch } from '../../api/ports.ts';
import type { ProductForm } from '../../product-form.ts';
import { Section } from './Section.tsx';

function PortInput({
  form,
  field,
  kind,
  label,
}: {
  form: ProductForm;
  field: 'sea_' | 'port_';
  kind: 'seaports' | 'airports';
  label: string;
}) {
  const [search] = useDebouncedValue(form.values[field], 250);
  const ports = usePortSearch(kind, search);
  return (
    <Autocomplete
      label={label}
      withAsterisk
      placeholder="Type a name or code"
      leftSection={kind === 'seaports' ? <IconAnchor size={16} /> : <IconPlane size={16} />}
      data={[...new Set((ports.data ?? []).map(portLabel))]}
      filter={({ options }) => options}
      {...form.getInputProps(field)}
    />
  );
}

/** Nearest ports and the price or payment term the price is given under. */
export function ShippingSection({ form, options }: { form: ProductForm; options: FormOptions }) {
  const terms = [
    { group: 'Incoterms', items: options.priceTerms.filter((term) => term.type === 'price_term') },
    { group: 'Payment terms', items: options.priceTerms.filter((term) => term.type === 'payment_term') },
  ].map(({ group, items }) => ({ group, items: items.map((term) => ({ value: String(term.id), label: term.name })) }));
  return (
    <Section id="shipping" title="Shipping and terms">
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <PortInput form={form} field="sea_" kind="seaports" label="Nearest seaport" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <PortInput form={form} field="port_" kind="airports" label="Nearest airport" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select label="Payment terms" withAsterisk searchable data={terms} {...form.getInputProps('price_term')} />
        </Grid.Col>
      </Grid>
    </Section>
  );
}
