import { Grid, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { PRODUCT_LIMITS } from '@tradeloop/contracts/catalog';
import type { ProductForm } from '../../product-form.ts';
import { Section } from './Section.tsx';

function Counter({ value, max }: { value: string; max: number }) {
  return (
    <Text component="span" size="xs" c={value.length > max ? 'red' : 'dimmed'}>
      {value.length}/{max}
    </Text>
  );
}

export function BasicSection({ form }: { form: ProductForm }) {
  const { values } = form;
  return (
    <Section
      id="basic"
      title="Basic details"
      description="What buyers see first in search results and on the product page."
    >
      <Grid>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput
            label="Pre-title"
            description={<Counter value={values.pre_title_name} max={PRODUCT_LIMITS.preTitle} />}
            placeholder="e.g. Industrial"
            {...form.getInputProps('pre_title_name')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextInput
            label="Product name"
            withAsterisk
            description={<Counter value={values.name} max={PRODUCT_LIMITS.name} />}
            placeholder="e.g. Centrifugal Monoblock Pump"
            {...form.getInputProps('name')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput
            label="Model number"
            description={<Counter value={values.model_number} max={PRODUCT_LIMITS.modelNumber} />}
            {...form.getInputProps('model_number')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="product-type-label">
              Product type
            </Text>
            <SegmentedControl
              aria-labelledby="product-type-label"
              data={[
                { value: 'simple', label: 'Simple: sold as listed' },
                { value: 'configured', label: 'Configured: buyers choose options' },
              ]}
              {...form.getInputProps('product_type')}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={12}>
          <Textarea
            label="Description"
            withAsterisk
            autosize
            minRows={4}
            maxRows={12}
            description={<Counter value={values.description} max={PRODUCT_LIMITS.description} />}
            placeholder="Materials, uses, standards met, what is in the box…"
            {...form.getInputProps('description')}
          />
        </Grid.Col>
      </Grid>
    </Section>
  );
}
