import { Paper } from '@mantine/core';
import type { MouseEvent } from 'react';
import type { SponsoredQuery } from '@tradeloop/contracts/promotion';
import { ProductCard } from './ProductCard.tsx';
import { countAdClick, useSponsored } from '../../promotion/api/ads.ts';

/**
 * Sponsored products (decision 047): above the product list's results for a matching search, and
 * on product pages for related searches. Each card is marked "Sponsored"; following it counts a click.
 */
export function SponsoredStrip({ query, keyword }: { query: Partial<SponsoredQuery> | null; keyword?: string }) {
  const sponsored = useSponsored(query ?? {}, query !== null);
  const slots = query ? (sponsored.data ?? []) : [];
  const cards = slots.flatMap((slot) => slot.products.map((product) => ({ adId: slot.ad_id, product })));
  if (cards.length === 0) return null;
  const onFollow = (adId: number, productId: number) => (event: MouseEvent) => {
    // Only the link to the product page is a click on the ad (not the wishlist or chat buttons).
    if ((event.target as HTMLElement).closest('a[href*="/productdetail/"]')) countAdClick(adId, productId);
  };
  return (
    <Paper
      withBorder
      p="sm"
      radius="lg"
      component="section"
      aria-label="Sponsored products"
      data-testid="sponsored-strip"
    >
      <h2 className="pr-sponsored-label">Sponsored</h2>
      <div className="mk-grid">
        {cards.map(({ adId, product }) => (
          <div
            key={`${adId}-${product.id}`}
            className="mk-sponsored-slot"
            data-testid="sponsored-card"
            onClickCapture={onFollow(adId, product.id)}
            onAuxClickCapture={onFollow(adId, product.id)}
          >
            <p className="mk-text-xs mk-dimmed mk-strong mk-sponsored-mark">Sponsored</p>
            <ProductCard product={product} keyword={keyword} compact testId="sponsored-product-card" />
          </div>
        ))}
      </div>
    </Paper>
  );
}
