import { useState } from 'react';
import { Anchor, Grid, MultiSelect, Select, Text } from '@mantine/core';
import { PRODUCT_LIMITS } from '@tradeloop/contracts/catalog';
import { CONDITIONS } from '@tradeloop/contracts/catalog-constants';
import type { FormOptions } from '../../api/get-form-options.ts';
import type { ProductForm } from '../../product-form.ts';
import { ProposeBrandModal } from './ProposeBrandModal.tsx';
import { Section } from './Section.tsx';

export function ClassificationSection({ form, options }: { form: ProductForm; options: FormOptions }) {
  const [proposing, setProposing] = useState(false);
  const tops = options.categories.filter((category) => category.depth === 0);
  const categoryData = tops.map((top) => ({
    group: top.name,
    items: options.categories
      .filter((category) => category.depth > 0 && category.path.startsWith(`${top.name} ›`))
      .map((category) => ({ value: String(category.id), label: category.path.split(' › ').slice(1).join(' › ') })),
  }));
  const brands = options.brands.map((brand) => ({
    value: String(brand.id),
    label: brand.status === 'pending' ? `${brand.name} (awaiting approval)` : brand.name,
  }));
  const byOrder = form.values.availability === 'by_order';
  return (
    <Section id="classification" title="Category and brand" description="Buyers browse and filter by these.">
      <Grid>
        <Grid.Col span={12}>
          <MultiSelect
            label="Categories"
            withAsterisk
            placeholder="Search categories"
            description={`Up to ${PRODUCT_LIMITS.categories}; the most specific category first.`}
            data={categoryData}
            searchable
            clearable
            maxValues={PRODUCT_LIMITS.categories}
            nothingFoundMessage="No category matches"
            {...form.getInputProps('category_lists')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select
            label="Brand"
            withAsterisk
            placeholder="Search brands"
            data={brands}
            searchable
            clearable
            limit={50}
            nothingFoundMessage="No brand matches: propose it below"
            {...form.getInputProps('brand_id')}
          />
          <Text size="xs" mt={4}>
            Not listed?{' '}
            <Anchor component="button" type="button" size="xs" onClick={() => setProposing(true)}>
              Propose your brand
            </Anchor>
          </Text>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select
            label="Condition"
            withAsterisk={!byOrder}
            data={[...CONDITIONS]}
            clearable={byOrder}
            {...form.getInputProps('condition')}
          />
        </Grid.Col>
      </Grid>
      <ProposeBrandModal
        opened={proposing}
        onClose={() => setProposing(false)}
        onProposed={(brandId) => form.setFieldValue('brand_id', String(brandId))}
      />
    </Section>
  );
}
