/**
 * Tags of the public page cache (decision 050). A served page carries the tags of the data it shows
 * (apps/web/src/entry-server.tsx names them from its queries); a change marks every page with one of
 * its tags stale (apps/server/src/platform/page-cache.ts, through the outbox).
 */
export const PAGE_TAGS = {
  /** Every product list (search, category and filter pages, the home page's product rows): which products they hold. */
  catalog: 'catalog',
  /** Exchange rates: every converted price. */
  rates: 'rates',
  /** Sponsored ads shown beside searches and product pages. */
  ads: 'ads',
  /** Every blog list and the recent posts beside a post. */
  blogs: 'blogs',
  /** The supplier directory of the home page. */
  directory: 'directory',
  /** One product's page, and every list or store page that shows its card. */
  product: (id: number) => `product:${id}`,
  /** A company as other pages show it: a product page's seller card, a list card's seller and rating. */
  company: (id: number) => `company:${id}`,
  /** A company's mini-site (store) pages: profile, banners, reviews, products, posts. */
  store: (id: number) => `store:${id}`,
  /** One blog post's page. */
  blog: (id: number) => `blog:${id}`,
  /** One site page (about, terms, privacy, help, contact), as the operator wrote it. */
  sitePage: (slug: string) => `page:${slug}`,
} as const;
