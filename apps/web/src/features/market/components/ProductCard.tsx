import { Card, Skeleton, Stack } from '@mantine/core';
import { IconCircleCheckFilled, IconMapPin, IconPhoto, IconStarFilled } from '@tabler/icons-react';
import { productTitle } from '@tradeloop/contracts/catalog-constants';
import type { MarketProduct } from '@tradeloop/contracts/market';
import { AVAILABILITY_LABELS, minimumOrder, priceText, productHref } from '../../../lib/product-format.ts';
import { PlainBadge, PlainCard, PlainCardSection, PlainImage } from '../../../lib/plain-mantine.tsx';
import { CardChatNowButton } from './ChatNowButton.tsx';
import { WishlistButton } from './WishlistButton.tsx';

/** `priority`: the card is among the first a visitor sees, so its picture loads at once. */
type CardProps = {
  product: MarketProduct;
  keyword?: string;
  compact?: boolean;
  priority?: boolean;
  /** Sponsored cards are told apart from the results (decision 047). */
  testId?: string;
};

/** Card pictures are square; the size attributes reserve their place before they load. */
const PICTURE_SIZE = 400;

function Picture({ product, priority = false }: { product: MarketProduct; priority?: boolean }) {
  return product.main_image ? (
    <PlainImage
      src={product.main_image.card}
      alt=""
      className="mk-thumb"
      width={PICTURE_SIZE}
      height={PICTURE_SIZE}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
    />
  ) : (
    <Stack className="mk-thumb" align="center" justify="center" c="gray.5" aria-hidden>
      <IconPhoto size={36} />
    </Stack>
  );
}

/** Chat now on a card: named with the seller and the product, since a page holds many of them. */
function CardChatNow({ product, fullWidth = false }: { product: MarketProduct; fullWidth?: boolean }) {
  const title = productTitle(product);
  return (
    <CardChatNowButton
      companyId={product.company_details.id}
      sellerUserId={product.seller_user_id}
      product={{ id: product.id, title, url: product.product_url }}
      label={`Chat now with ${product.shop_name} about ${title}`}
      block={fullWidth}
    />
  );
}

const OUTLINE = { variant: 'outline', color: 'gray' } as const;

function AvailabilityBadge({ product }: { product: MarketProduct }) {
  const color = product.availability === 'in_stock' ? 'teal' : 'grape';
  return <PlainBadge look={{ variant: 'light', color }}>{AVAILABILITY_LABELS[product.availability]}</PlainBadge>;
}

/** The seller's average review rating and count (decision 045), or nothing before its first review. */
export function SellerRating({ rating }: { rating: MarketProduct['seller_rating'] }) {
  if (!rating) return null;
  const reviews = rating.count === 1 ? '1 review' : `${rating.count} reviews`;
  return (
    <div className="mk-line mk-text-xs" data-testid="seller-rating">
      <IconStarFilled size={12} color="var(--mantine-color-yellow-8)" aria-hidden />
      <p className="mk-strong">
        <span className="mk-visually-hidden">Seller rated </span>
        {rating.average.toFixed(1)}
        <span className="mk-visually-hidden"> out of 5</span>
      </p>
      <p className="mk-dimmed">({reviews})</p>
    </div>
  );
}

/**
 * A product in the grid. The whole card opens the product page in a new tab (spec section 2).
 * Its lines are plain elements on the theme's sizes (`mk-card-*` in market.css): a list page shows a
 * dozen cards, and each Mantine Text or Group is a style hook to run on every cold render (issue 39).
 */
export function ProductCard({
  product,
  keyword,
  compact = false,
  priority = false,
  testId = 'product-card',
}: CardProps) {
  const order = minimumOrder(product);
  return (
    <PlainCard className="mk-card" testId={testId}>
      <PlainCardSection>
        <Picture product={product} priority={priority} />
        <div className="mk-card-corner">
          <WishlistButton productId={product.id} name={product.name} size="md" />
        </div>
      </PlainCardSection>
      <div className="mk-card-body">
        <a
          href={productHref(product, keyword)}
          target="_blank"
          rel="noopener"
          className="mk-card-title mk-text-sm mk-strong mk-clamp-2"
          data-track="product-image-click"
        >
          {productTitle(product)}
        </a>
        <p className="mk-card-price" data-testid="product-price">
          {priceText(product)}
          {product.unit && product.unit_price !== null && (
            <span className="mk-text-xs mk-dimmed mk-unit"> / {product.unit}</span>
          )}
        </p>
        {order && <p className="mk-text-xs mk-dimmed">{order}</p>}
        {!compact && (
          <>
            <div className="mk-line mk-card-badges">
              <AvailabilityBadge product={product} />
              {product.condition && product.condition !== 'Brand New' && (
                <PlainBadge look={{ variant: 'light', color: 'gray' }}>{product.condition}</PlainBadge>
              )}
            </div>
            <p className="mk-text-xs mk-dimmed mk-clamp-1">
              {product.shop_name}
              {product.company_details.member_type === 'Verified Supplier' && (
                <IconCircleCheckFilled
                  size={12}
                  color="var(--mantine-color-teal-6)"
                  aria-label="Verified supplier"
                  style={{ marginLeft: 4, verticalAlign: -2 }}
                />
              )}
            </p>
            <SellerRating rating={product.seller_rating} />
            <div className="mk-line mk-dimmed">
              <IconMapPin size={12} aria-hidden />
              <p className="mk-text-xs">
                {product.company_details.country_name ?? 'Worldwide'} · {product.company_details.business_type}
              </p>
            </div>
            <CardChatNow product={product} fullWidth />
          </>
        )}
      </div>
    </PlainCard>
  );
}

export function ProductCardSkeleton() {
  return (
    <Card padding="sm" aria-hidden>
      <Card.Section>
        <Skeleton style={{ aspectRatio: '1 / 1' }} radius={0} />
      </Card.Section>
      <Stack gap={8} mt="sm">
        <Skeleton h={14} />
        <Skeleton h={14} w="70%" />
        <Skeleton h={20} w="50%" />
        <Skeleton h={10} w="60%" />
      </Stack>
    </Card>
  );
}

/** The list view: picture, facts and price side by side, in plain elements like the card (`mk-row-*`). */
export function ProductRow({ product, keyword, priority = false }: CardProps) {
  const order = minimumOrder(product);
  return (
    <PlainCard className="mk-card" testId="product-card">
      <div className="mk-row">
        <div className="mk-row-picture">
          <Picture product={product} priority={priority} />
        </div>
        <div className="mk-row-body">
          <a
            href={productHref(product, keyword)}
            target="_blank"
            rel="noopener"
            className="mk-card-title mk-strong mk-clamp-2"
          >
            {productTitle(product)}
          </a>
          <p className="mk-text-sm mk-dimmed mk-clamp-2">{product.summary}</p>
          <div className="mk-line mk-card-badges">
            <AvailabilityBadge product={product} />
            <PlainBadge look={OUTLINE}>{product.brand_name}</PlainBadge>
            {product.category_name && <PlainBadge look={OUTLINE}>{product.category_name}</PlainBadge>}
          </div>
          <p className="mk-text-xs mk-dimmed">
            {product.shop_name} · {product.company_details.business_type} ·{' '}
            {product.company_details.country_name ?? 'Worldwide'}
          </p>
          <SellerRating rating={product.seller_rating} />
        </div>
        <div className="mk-row-side">
          <p className="mk-card-price" data-testid="product-price">
            {priceText(product)}
          </p>
          {product.unit && <p className="mk-text-xs mk-dimmed">per {product.unit}</p>}
          {order && <p className="mk-text-xs mk-dimmed">{order}</p>}
          <WishlistButton productId={product.id} name={product.name} size="md" />
          <CardChatNow product={product} />
        </div>
      </div>
    </PlainCard>
  );
}
