import { Anchor, Avatar, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import type { MarketProduct, SupplierSummary } from '@tradeloop/contracts/market';
import { initials } from '../../../lib/format.ts';
import { priceText, productHref } from '../../../lib/product-format.ts';

function ProductLines({ title, products }: { title: string; products: MarketProduct[] }) {
  if (products.length === 0) return null;
  return (
    <Card padding="md">
      <Title order={2} size="h6" mb="sm">
        {title}
      </Title>
      <Stack gap="sm">
        {products.map((product) => (
          <Group key={product.id} wrap="nowrap" gap="sm" align="flex-start">
            <Avatar src={product.main_image?.thumb ?? null} radius="md" size={44} alt="">
              {initials(product.name)}
            </Avatar>
            <div style={{ minWidth: 0 }}>
              <Anchor href={productHref(product)} target="_blank" rel="noopener" size="sm" lineClamp={2} c="dark.7">
                {product.name}
              </Anchor>
              <Text size="xs" c="brand.8" fw={600}>
                {priceText(product)}
              </Text>
            </div>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

function Suppliers({ suppliers }: { suppliers: SupplierSummary[] }) {
  if (suppliers.length === 0) return null;
  return (
    <Card padding="md">
      <Title order={2} size="h6" mb="sm">
        Manufacturers and suppliers
      </Title>
      <Stack gap="sm">
        {suppliers.map((supplier) => (
          <Group key={supplier.id} wrap="nowrap" gap="sm" align="flex-start" data-testid="side-supplier">
            <Avatar color="brand" radius="md" size={32}>
              {initials(supplier.name)}
            </Avatar>
            {/* The column is narrow: names wrap whole instead of being cut (issue 15). */}
            <div style={{ minWidth: 0, flex: 1, overflowWrap: 'anywhere' }}>
              <Text size="sm" fw={600}>
                {supplier.name}
                {supplier.member_type === 'Verified Supplier' && (
                  <IconCircleCheckFilled
                    size={13}
                    color="var(--mantine-color-teal-6)"
                    aria-label="Verified supplier"
                    style={{ marginLeft: 4, verticalAlign: -2 }}
                  />
                )}
              </Text>
              <Text size="xs" c="dimmed">
                {supplier.business_type} · {supplier.country_name ?? 'Worldwide'}
              </Text>
              <Text size="xs" c="dimmed" data-testid="supplier-products">
                {supplier.products} {supplier.products === 1 ? 'product' : 'products'} here
              </Text>
            </div>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

/** The list's side panels: suppliers of the results, most wished-for and most searched products. */
export function SidePanels(props: { suppliers: SupplierSummary[]; liked: MarketProduct[]; searched: MarketProduct[] }) {
  return (
    <Stack gap="md">
      <Suppliers suppliers={props.suppliers} />
      <ProductLines title="Buyers also liked" products={props.liked} />
      <ProductLines title="Most searched" products={props.searched} />
    </Stack>
  );
}
