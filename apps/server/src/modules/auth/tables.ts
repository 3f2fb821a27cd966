import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CompanyType } from '@tradeloop/contracts/auth-constants';
import type { SocialType } from '@tradeloop/contracts/auth-social-constants';
import { users } from '../accounts/tables.ts';

/** Single-use sign-in links for GET /autologin, stored hashed. */
export const loginLinks = pgTable('login_links', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An account's identity at a social sign-in provider (docs/decisions/037): the provider's subject is
 * what signs the account in later; one account per subject. The provider's tokens are not kept.
 */
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<SocialType>().notNull(),
    subject: text('subject').notNull(),
    /** The address the provider gave when the identity was linked. */
    emailId: text('email_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('social_identities_subject_unique').on(t.provider, t.subject),
    index('social_identities_user_idx').on(t.userId),
  ],
);

/**
 * A started social sign-in, for at most SOCIAL_FLOW_TTL_MS: found by its state, bound to the browser
 * that started it (the hash of its `tl_social` cookie), spent by its callback. Nonce and PKCE verifier
 * never leave the server.
 */
export const socialFlows = pgTable(
  'social_flows',
  {
    stateHash: text('state_hash').primaryKey(),
    browserHash: text('browser_hash').notNull(),
    provider: text('provider').$type<SocialType>().notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    /** What a new account becomes: `buyer` or `seller` with its company (sign-up page). */
    userType: text('user_type').$type<'buyer' | 'seller'>().notNull(),
    companyName: text('company_name'),
    companyType: text('company_type').$type<CompanyType>(),
    nextPath: text('next_path'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('social_flows_expires_idx').on(t.expiresAt)],
);
