import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { wishlistPageSchema } from '@tradeloop/contracts/market';
import { apiData, apiRequest } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { marketKeys } from '../../../lib/query-keys/market.ts';

export type WishlistPage = z.infer<typeof wishlistPageSchema>;

/** GET /api/v1/front/wishlist/ids: hearts on lists and pages, for a signed-in user. */
export function useWishlistIds() {
  const { token } = useSession();
  return useQuery({
    queryKey: marketKeys.wishlistIds(),
    queryFn: ({ signal }) => apiData<{ ids: number[] }>('front/wishlist/ids', { signal }),
    enabled: !!token,
    select: (data) => new Set(data.ids),
  });
}

/** GET /api/v1/front/wishlist: the wishlist page. */
export function useWishlist(page: number, currency: number) {
  return useQuery({
    queryKey: marketKeys.wishlistPage(page, currency),
    queryFn: ({ signal }) => apiData<WishlistPage>('front/wishlist', { query: { page, currency }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST front/wishlist/add or remove; invalidates the wishlist and product pages. */
export function useToggleWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, add }: { productId: number; add: boolean }) =>
      apiRequest<{ wishlisted: boolean }>(add ? 'front/wishlist/add' : 'front/wishlist/remove', {
        method: 'POST',
        body: { product_id: productId },
      }),
    onSuccess: (result) => {
      if (result.message) notifySuccess(result.message);
      void queryClient.invalidateQueries({ queryKey: marketKeys.wishlist() });
      void queryClient.invalidateQueries({ queryKey: marketKeys.products() });
    },
  });
}
