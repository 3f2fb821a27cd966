import { index, integer, numeric, pgTable } from 'drizzle-orm/pg-core';
import { companyColumn } from '../accounts/public.ts';
import { updatedAt } from '../../db/columns.ts';

/**
 * A company's rating over its visible reviews, written in the transaction of every change to them:
 * product cards read it by key, and the product list's "rating at least" filter by its average.
 */
export const companyRatingStats = pgTable(
  'company_rating_stats',
  {
    companyId: companyColumn().primaryKey(),
    count: integer('count').notNull(),
    total: integer('total').notNull(),
    average: numeric('average', { precision: 3, scale: 2, mode: 'number' }),
    stars1: integer('stars_1').notNull(),
    stars2: integer('stars_2').notNull(),
    stars3: integer('stars_3').notNull(),
    stars4: integer('stars_4').notNull(),
    stars5: integer('stars_5').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [index('company_rating_stats_average_idx').on(t.average)],
);
