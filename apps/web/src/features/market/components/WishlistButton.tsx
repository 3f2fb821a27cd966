import { ActionIcon } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { NEXT_PARAM, PATHS } from '../../../lib/paths.ts';
import { PlainIconLink } from '../../../lib/plain-mantine.tsx';
import { useSession } from '../../../lib/session.ts';
import { useToggleWishlist, useWishlistIds } from '../api/wishlist.ts';

/** The heart on cards and pages; visitors are sent to sign in first. */
export function WishlistButton({ productId, name, size = 'lg' }: { productId: number; name: string; size?: string }) {
  const { token } = useSession();
  const location = useLocation();
  const ids = useWishlistIds();
  const toggle = useToggleWishlist();
  const wished = ids.data?.has(productId) ?? false;
  const label = wished ? `Remove ${name} from your wishlist` : `Add ${name} to your wishlist`;
  if (!token) {
    const next = encodeURIComponent(`${location.pathname}${location.search}`);
    // Every card of a server-rendered page shows this one: Mantine's markup without its hooks.
    return (
      <PlainIconLink
        to={`${PATHS.signin}?${NEXT_PARAM}=${next}`}
        size={size}
        label={label}
        title="Sign in to save products"
        className="mk-above"
        track="wishlistButton"
      >
        <IconHeart size={18} />
      </PlainIconLink>
    );
  }
  return (
    <ActionIcon
      variant={wished ? 'light' : 'default'}
      color={wished ? 'red' : undefined}
      radius="xl"
      size={size}
      aria-label={label}
      title={wished ? 'In your wishlist' : 'Add to wishlist'}
      aria-pressed={wished}
      loading={toggle.isPending}
      className="mk-above"
      data-track="wishlistButton"
      onClick={() => toggle.mutate({ productId, add: !wished })}
    >
      {wished ? <IconHeartFilled size={18} /> : <IconHeart size={18} />}
    </ActionIcon>
  );
}
