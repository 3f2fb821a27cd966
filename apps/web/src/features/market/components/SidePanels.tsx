import { Card, Stack, Title } from '@mantine/core';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import type { MarketProduct, SupplierSummary } from '@tradeloop/contracts/market';
import { initials } from '../../../lib/format.ts';
import { priceText, productHref } from '../../../lib/product-format.ts';

/**
 * A picture or, without one, initials: the panels' rows are plain elements (`mk-side-*` in market.css),
 * like the product cards, since a list page shows two dozen of them on every cold render (issue 39).
 */
function Thumb({
  src,
  text,
  size,
  brand = false,
}: {
  src?: string | null;
  text: string;
  size: 32 | 44;
  brand?: boolean;
}) {
  return (
    <span className="mk-avatar" data-size={size} data-brand={brand || undefined}>
      {src ? <img src={src} alt="" loading="lazy" /> : initials(text)}
    </span>
  );
}

function ProductLines({ title, products }: { title: string; products: MarketProduct[] }) {
  if (products.length === 0) return null;
  return (
    <Card padding="md">
      <Title order={2} size="h6" mb="sm">
        {title}
      </Title>
      <ul className="mk-side-list">
        {products.map((product) => (
          <li key={product.id} className="mk-side-item">
            <Thumb src={product.main_image?.thumb} text={product.name} size={44} />
            <div className="mk-side-text">
              <a
                href={productHref(product)}
                target="_blank"
                rel="noopener"
                className="mk-side-link mk-text-sm mk-clamp-2"
              >
                {product.name}
              </a>
              <p className="mk-text-xs mk-strong mk-side-price">{priceText(product)}</p>
            </div>
          </li>
        ))}
      </ul>
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
      <ul className="mk-side-list">
        {suppliers.map((supplier) => (
          <li key={supplier.id} className="mk-side-item" data-testid="side-supplier">
            <Thumb text={supplier.name} size={32} brand />
            {/* The column is narrow: names wrap whole instead of being cut (issue 15). */}
            <div className="mk-side-text mk-side-wrap">
              <p className="mk-text-sm mk-strong">
                {supplier.name}
                {supplier.member_type === 'Verified Supplier' && (
                  <IconCircleCheckFilled
                    size={13}
                    color="var(--mantine-color-teal-6)"
                    aria-label="Verified supplier"
                    style={{ marginLeft: 4, verticalAlign: -2 }}
                  />
                )}
              </p>
              <p className="mk-text-xs mk-dimmed">
                {supplier.business_type} · {supplier.country_name ?? 'Worldwide'}
              </p>
              <p className="mk-text-xs mk-dimmed" data-testid="supplier-products">
                {supplier.products} {supplier.products === 1 ? 'product' : 'products'} here
              </p>
            </div>
          </li>
        ))}
      </ul>
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
