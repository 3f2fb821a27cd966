import type { z } from 'zod';
import { blogPostPath } from '@tradeloop/contracts/blogs-constants';
import { BUYER_HOME_LIMITS, type BuyerHome, type buyerHomeQuerySchema } from '@tradeloop/contracts/dashboard';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../platform/sessions.ts';
import { buyerInterests } from '../accounts/public.ts';
import { recentPostsOf } from '../blogs/public.ts';
import { recentRooms, unreadCounts } from '../chat/public.ts';
import { listWishlist, newProductsOf, recommendedProducts, wishlistIds } from '../market/public.ts';
import { followedCompanies } from '../presence/public.ts';
import { buyerEnquiryDigest } from '../quotes/public.ts';
import { viewedProductIds } from '../tracking/public.ts';

const L = BUYER_HOME_LIMITS;

/**
 * A buyer's home in one read (decision 066), composed from the modules that own each part through
 * their faces. Everything is read for this buyer alone, every time: nothing is kept per user.
 */
export async function buyerHome(
  db: Db,
  user: AuthUser,
  query: z.infer<typeof buyerHomeQuerySchema>,
): Promise<BuyerHome> {
  const [enquiries, rooms, counts, followed, wishlist, wished, interests, viewed] = await Promise.all([
    buyerEnquiryDigest(db, user, L.enquiries),
    recentRooms(db, user, L.conversations),
    unreadCounts(db, user),
    followedCompanies(db, user.id, { page: 1, per_page: L.followed }),
    listWishlist(db, user.id, { page: 1, per_page: L.wishlist, currency: query.currency }),
    wishlistIds(db, user.id),
    buyerInterests(db, user.id),
    viewedProductIds(db, user.id, L.viewed),
  ]);
  const companyIds = followed.data.map((company) => company.id);
  const [products, posts, recommendations] = await Promise.all([
    newProductsOf(db, companyIds, L.news),
    recentPostsOf(db, companyIds, L.news),
    recommendedProducts(db, {
      interestCategoryIds: interests.categoryIds,
      countryCodes: interests.countryCodes,
      viewedProductIds: viewed,
      excludeProductIds: wished,
      currency: query.currency,
      limit: L.recommendations,
    }),
  ]);
  const news = [
    ...products,
    ...posts.flatMap((post) =>
      post.company && post.published_at
        ? [
            {
              kind: 'post' as const,
              id: post.id,
              title: post.title,
              url: blogPostPath(post.slug),
              company_id: post.company.id,
              company_name: post.company.name,
              at: post.published_at,
            },
          ]
        : [],
    ),
  ]
    .sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id)
    .slice(0, L.news);
  return {
    enquiries,
    conversations: { items: rooms, unread_count: counts.unread_count, unread_rooms: counts.unread_rooms },
    following: { companies: followed.data, total: followed.total, news },
    wishlist: { items: wishlist.data, total: wishlist.total },
    recommendations,
  };
}
