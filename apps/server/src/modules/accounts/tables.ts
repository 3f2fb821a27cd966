import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { Permission, SeededRoleKey } from '@tradeloop/contracts/accounts-roles';
import type { OnboardingStep, StepStatus } from '@tradeloop/contracts/accounts-onboarding';
import type { MobileState } from '@tradeloop/contracts/accounts-mobile';
import type { CompanyType, Role, UserType } from '@tradeloop/contracts/auth';
import { createdAt, updatedAt } from '../../db/columns.ts';

/** A seller's company: the tenant that owns products, CRM records and sub-users. */
export const companies = pgTable('companies', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  companyType: text('company_type').$type<CompanyType>().notNull(),
  countryCode: text('country_code'),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userType: text('user_type').$type<UserType>().notNull(),
    role: text('role').$type<Role>().notNull(),
    defaultRole: text('default_role').$type<Role>().notNull(),
    memberId: text('member_id').notNull().unique(),
    fullName: text('full_name').notNull(),
    emailId: text('email_id').notNull(),
    passwordHash: text('password_hash'),
    companyId: bigint('company_id', { mode: 'number' }).references(() => companies.id),
    parentUser: bigint('parent_user', { mode: 'number' }),
    /** The sub-user's role (decision 038); a seller owns its company and holds the owner role. */
    roleId: bigint('role_id', { mode: 'number' }).references((): AnyPgColumn => roles.id),
    emailVerified: boolean('email_verified').notNull().default(false),
    mobileVerified: text('mobile_verified').$type<MobileState>().notNull().default('not-found'),
    /** The verified number in E.164; one account per number (decision 033). */
    verifiedMobile: text('verified_mobile'),
    socialType: text('social_type'),
    planName: text('plan_name').notNull().default('Free'),
    online: boolean('online').notNull().default(false),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.emailId})`),
    index('users_company_idx').on(t.companyId),
    uniqueIndex('users_verified_mobile_unique').on(t.verifiedMobile),
  ],
);

/**
 * Profile, job details and registration address of spec section 3; one row per user.
 * Property names are the API's field names, so the profile maps one to one.
 */
export const userProfiles = pgTable('user_profiles', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  avatar_original: text('avatar_original'),
  /** The person's given and family names as they write them (issue 15: never guessed from spaces). */
  first_name: text('first_name'),
  last_name: text('last_name'),
  gender: text('gender'),
  country: text('country'),
  state: text('state'),
  city: text('city'),
  postal_code: text('postal_code'),
  address: text('address'),
  street_address: text('street_address'),
  lats: text('lats'),
  longs: text('longs'),
  mobile_code: text('mobile_code'),
  mobile_country_code: text('mobile_country_code'),
  mobile: text('mobile'),
  department: text('department'),
  designation: text('designation'),
  main_language_1: text('main_language_1'),
  language: text('language'),
  time_zone: text('time_zone'),
  procurement_priorities: text('procurement_priorities'),
  purchasing_authority: text('purchasing_authority'),
  technical_expertise: text('technical_expertise'),
  years_of_experience: text('years_of_experience'),
  job_function: text('job_function'),
  job_role: text('job_role'),
  industry_knowledge: text('industry_knowledge'),
  education: text('education'),
  location: text('location'),
  target_customer: text('target_customer'),
  industry_expertise: text('industry_expertise'),
  company_type: text('company_type'),
  sales_skills: text('sales_skills'),
  certification: text('certification'),
  reg_street_address: text('reg_street_address'),
  reg_additional_address: text('reg_additional_address'),
  registration_city: text('registration_city'),
  reg_region_state_province: text('reg_region_state_province'),
  registration_postalcode: text('registration_postalcode'),
  updatedAt: updatedAt(),
});

/**
 * Mobile verification codes (decision 033): one live code per user, stored only as a salted hash,
 * valid 10 minutes, dead after 5 wrong tries or its use.
 */
export const mobileCodes = pgTable('mobile_codes', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The number the code was sent to, E.164, and its parts as the profile keeps them. */
  e164: text('e164').notNull(),
  mobile: text('mobile').notNull(),
  mobileCountryCode: text('mobile_country_code').notNull(),
  countryCode: text('country_code'),
  codeHash: text('code_hash').notNull(),
  salt: text('salt').notNull(),
  wrongTries: integer('wrong_tries').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Single-use e-mail links (decision 033), stored hashed: `confirm` confirms the account's address,
 * `change` confirms a new address before it replaces the old one.
 */
export const emailLinks = pgTable(
  'email_links',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'confirm' | 'change' | 'invite' | 'reset'>().notNull(),
    emailId: text('email_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_links_user_idx').on(t.userId)],
);

/**
 * A company's roles (decision 038). Seeded roles carry their `key`; their `permissions` stay null until
 * the company edits them, and mean the seeded grants of contracts' SEEDED_ROLES meanwhile.
 */
export const roles = pgTable(
  'roles',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    key: text('key').$type<SeededRoleKey>(),
    name: text('name').notNull(),
    permissions: jsonb('permissions').$type<Permission[]>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('roles_company_name_unique').on(t.companyId, sql`lower(${t.name})`),
    uniqueIndex('roles_company_key_unique').on(t.companyId, t.key),
  ],
);

/**
 * Onboarding progress, a buyer's interests and the welcome modal's dismissal, one row per user
 * (decision 039). No row: the user never started onboarding (accounts made before it, seeded, invited).
 */
export const onboarding = pgTable('onboarding', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Each step the user has left behind: done or skipped. A step not named here is pending. */
  steps: jsonb('steps').$type<Partial<Record<OnboardingStep, Exclude<StepStatus, 'pending'>>>>().notNull().default({}),
  /** A buyer's interests: category ids of the catalogue and ISO country codes of the reference data. */
  interestCategoryIds: jsonb('interest_category_ids').$type<number[]>().notNull().default([]),
  interestCountryCodes: jsonb('interest_country_codes').$type<string[]>().notNull().default([]),
  /** Set once, when the last step is done or skipped. */
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** Set when the welcome modal is closed; it is never shown again. */
  welcomeSeenAt: timestamp('welcome_seen_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
