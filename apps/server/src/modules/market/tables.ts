import { bigint, customType, index, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { Availability, PriceType, ProductType } from '@tradeloop/contracts/catalog';
import type { CompanyType } from '@tradeloop/contracts/auth';
import { companies, users } from '../accounts/tables.ts';
import { products } from '../catalog/tables.ts';
import { currencies } from '../reference/tables.ts';
import { createdAt } from '../../db/columns.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const money = (name: string) => numeric(name, { precision: 16, scale: 4, mode: 'number' });

/**
 * The search index: one row per public product (active, not deleted), everything a list, a facet
 * or a sort needs, so a search reads this table alone. Kept by SQL triggers on the catalogue's
 * tables in the same transaction as the change (migration market_listing_triggers,
 * docs/decisions/012); never written by application code.
 */
export const marketListings = pgTable(
  'market_listings',
  {
    productId: bigint('product_id', { mode: 'number' })
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    sellerUserId: bigint('seller_user_id', { mode: 'number' }),
    name: text('name').notNull(),
    preTitleName: text('pre_title_name'),
    slug: text('slug').notNull(),
    uniqueNumber: text('unique_number').notNull(),
    summary: text('summary').notNull(),
    brandId: integer('brand_id').notNull(),
    brandName: text('brand_name').notNull(),
    /** The product's categories and all their ancestors. */
    categoryIds: integer('category_ids').array().notNull(),
    categoryId: integer('category_id'),
    categoryName: text('category_name'),
    companyName: text('company_name').notNull(),
    companySlug: text('company_slug').notNull(),
    businessType: text('business_type').$type<CompanyType>().notNull(),
    countryCode: text('country_code'),
    annualRevenue: text('annual_revenue'),
    memberType: text('member_type').notNull(),
    planType: text('plan_type').notNull(),
    condition: text('condition'),
    priceType: text('price_type').$type<PriceType>().notNull(),
    availability: text('availability').$type<Availability>().notNull(),
    productType: text('product_type').$type<ProductType>().notNull(),
    manufacturerYear: integer('manufacturer_year'),
    priceMin: money('price_min'),
    priceMax: money('price_max'),
    priceCurrencyId: integer('price_currency_id'),
    /** price_min and price_max in US dollars at the stored rate: filters and sorts compare these. */
    priceMinUsd: money('price_min_usd'),
    priceMaxUsd: money('price_max_usd'),
    priceTerm: text('price_term'),
    unitName: text('unit_name'),
    minOrder: money('min_order'),
    combinations: integer('combinations').notNull(),
    mainImage: text('main_image'),
    document: tsvector('document').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('market_listings_document_idx').using('gin', t.document),
    index('market_listings_categories_idx').using('gin', t.categoryIds),
    index('market_listings_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('market_listings_created_idx').on(t.createdAt.desc(), t.productId.desc()),
    // Both price orders walk an index to the first matches of a broad search (decision 069).
    index('market_listings_price_idx').on(t.priceMinUsd, t.productId),
    index('market_listings_price_desc_idx').on(t.priceMinUsd.desc(), t.productId.desc()),
    index('market_listings_company_idx').on(t.companyId),
    index('market_listings_seller_idx').on(t.sellerUserId),
  ],
);

/** Words of product names, brands, categories and options: what a misspelt word is corrected to. */
export const marketSearchWords = pgTable('market_search_words', { word: text('word').primaryKey() }, (t) => [
  index('market_search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
]);

/** Searches people ran, counted (in batches): popular searches and related keywords. */
export const marketSearchTerms = pgTable(
  'market_search_terms',
  {
    term: text('term').primaryKey(),
    searches: integer('searches').notNull().default(0),
    lastSearchedAt: timestamp('last_searched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('market_search_terms_trgm_idx').using('gin', t.term.op('gin_trgm_ops')),
    // In the readers' order, `searches desc, term`, so a read stops after the first rows. Nulls first as that
    // order has them: with drizzle's desc() alone (nulls last) PostgreSQL sorted the whole table instead.
    index('market_search_terms_popular_idx').on(t.searches.desc().nullsFirst(), t.term),
  ],
);

/** How often a product is seen, reached from a search, wished for and asked about. */
export const marketProductStats = pgTable(
  'market_product_stats',
  {
    productId: bigint('product_id', { mode: 'number' })
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    views: integer('views').notNull().default(0),
    searchViews: integer('search_views').notNull().default(0),
    wishlists: integer('wishlists').notNull().default(0),
    quotes: integer('quotes').notNull().default(0),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
  },
  (t) => [
    index('market_product_stats_search_idx').on(t.searchViews.desc()),
    index('market_product_stats_wishlist_idx').on(t.wishlists.desc()),
  ],
);

/** A seller company's marketplace facts that the accounts module does not hold. */
export const marketSellers = pgTable('market_sellers', {
  companyId: bigint('company_id', { mode: 'number' })
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  annualRevenue: text('annual_revenue'),
  memberType: text('member_type').notNull().default('Standard Member'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Units of each currency for one US dollar; the platform operator keeps them current. */
export const marketExchangeRates = pgTable('market_exchange_rates', {
  currencyId: integer('currency_id')
    .primaryKey()
    .references(() => currencies.id, { onDelete: 'cascade' }),
  rate: numeric('rate', { precision: 20, scale: 8, mode: 'number' }).notNull(),
  updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Accounts of the platform operator (docs/decisions/014): they update rates and verify sellers. */
export const marketOperators = pgTable('market_operators', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

export const marketWishlist = pgTable(
  'market_wishlist',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index('market_wishlist_product_idx').on(t.productId)],
);

/** Visitors of marketplace pages, by browser session: the page activity polled every 30 seconds. */
export const marketPageActivity = pgTable(
  'market_page_activity',
  {
    sessionId: text('session_id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' }),
    page: text('page').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('market_page_activity_seen_idx').on(t.seenAt)],
);
