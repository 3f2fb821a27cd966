import { bigint, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SocialNetwork } from '@tradeloop/contracts/presence';
import { companyColumn } from '../accounts/public.ts';
import { users } from '../accounts/tables.ts';
import { products } from '../catalog/tables.ts';
import { createdAt, updatedAt } from '../../db/columns.ts';

/*
 * A seller's public presence (docs/decisions/043): its social media accounts and its followers.
 */

/** One profile link per network per company. */
export const companySocialAccounts = pgTable(
  'company_social_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    type: text('type').$type<SocialNetwork>().notNull(),
    profileLink: text('profile_link').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('company_social_accounts_company_type_idx').on(t.companyId, t.type)],
);

/** A user following a company: the buyer's list reads by user, the seller's and the notices by company. */
export const companyFollowers = pgTable(
  'company_followers',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: companyColumn(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.companyId] }),
    index('company_followers_company_idx').on(t.companyId, t.createdAt),
  ],
);

/** Products whose followers were told they are new: each product is announced once, whatever its status does later. */
export const announcedProducts = pgTable('announced_products', {
  productId: bigint('product_id', { mode: 'number' })
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/** Followers whose company's owner was told of them: once per follower and company, unfollowing and following again included. */
export const announcedFollowers = pgTable(
  'announced_followers',
  {
    companyId: companyColumn(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] })],
);
