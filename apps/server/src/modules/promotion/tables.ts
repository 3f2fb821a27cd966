import { bigint, boolean, date, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AdType, BannerPage } from '@tradeloop/contracts/promotion';
import { companyColumn } from '../accounts/public.ts';
import { products } from '../catalog/tables.ts';
import { createdAt, updatedAt } from '../../db/columns.ts';

/*
 * Ads and banners (docs/decisions/047). Ads promote a seller's products in sponsored slots of the
 * marketplace between two UTC days; banners are the carousels on top of the mini-site's pages.
 */

export const ads = pgTable(
  'ads',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    adType: text('ad_type').$type<AdType>().notNull(),
    /** The search terms the ad matches; title_1 is also its headline. */
    title1: text('title_1').notNull(),
    title2: text('title_2'),
    title3: text('title_3'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('ads_company_idx').on(t.companyId, t.createdAt), index('ads_running_idx').on(t.endDate, t.startDate)],
);

/** The products an ad promotes, in the seller's order (all of the ad's company). */
export const adProducts = pgTable(
  'ad_products',
  {
    adId: bigint('ad_id', { mode: 'number' })
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.adId, t.productId] })],
);

/** Impressions and clicks of an ad, one row per ad per UTC day, incremented in batches. */
export const adDailyStats = pgTable(
  'ad_daily_stats',
  {
    adId: bigint('ad_id', { mode: 'number' })
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    impressions: integer('impressions').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.adId, t.day] })],
);

/** A banner carousel of one mini-site page (one per page per company). */
export const bannerSettings = pgTable(
  'banner_settings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    page: text('page').$type<BannerPage>().notNull(),
    activeBanner: boolean('active_banner').notNull(),
    defaultBanner: boolean('default_banner').notNull(),
    swapBanner: boolean('swap_banner').notNull(),
    indicatorBanner: boolean('indicator_banner').notNull(),
    navigationButton: boolean('navigation_button').notNull(),
    navButtonVisible: boolean('nav_button_visible').notNull(),
    fullHeightHover: boolean('full_height_hover').notNull(),
    backgroundColor: text('background_color').notNull(),
    altTag: text('alt_tag').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('banner_settings_company_page_idx').on(t.companyId, t.page)],
);

/** The images of a banner, resized to two WebP widths; sizes kept so pages reserve their space. */
export const bannerImages = pgTable(
  'banner_images',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    bannerId: bigint('banner_id', { mode: 'number' })
      .notNull()
      .references(() => bannerSettings.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('banner_images_banner_idx').on(t.bannerId, t.position)],
);
