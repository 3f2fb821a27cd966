import { bigint, date, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, users } from '../accounts/tables.ts';
import { categories } from '../catalog/tables.ts';
import { enquiries } from '../quotes/tables.ts';
import { currencies, units } from '../reference/tables.ts';
import { createdAt } from '../../db/columns.ts';

/** Exact decimals, read and written as strings (money is never a float). */
const decimal = (name: string) => numeric(name, { precision: 18, scale: 4 });

/**
 * A buyer's buying request (issue 45, docs/decisions/055): what they need, how much, at what price,
 * where and by when. Written once; suppliers answer through the enquiries of its recipients.
 */
export const buyingRequests = pgTable(
  'buying_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    buyerUserId: bigint('buyer_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The buyer's company when they have one (a seller buying): its suppliers never receive the request. */
    buyerCompanyId: bigint('buyer_company_id', { mode: 'number' }).references(() => companies.id, {
      onDelete: 'set null',
    }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    productKeyword: text('product_keyword'),
    quantity: decimal('quantity').notNull(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    targetPrice: decimal('target_price'),
    currencyId: integer('currency_id').references(() => currencies.id),
    /** ISO 3166 alpha-2 code of the destination country. */
    countryCode: text('country_code').notNull(),
    port: text('port'),
    requiredBy: date('required_by').notNull(),
    requirements: text('requirements').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('buying_requests_buyer_idx').on(t.buyerUserId, t.createdAt)],
);

/** Files the buyer attached (drawings, specifications), kept in the private folder of buying requests. */
export const buyingRequestFiles = pgTable(
  'buying_request_files',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    requestId: bigint('request_id', { mode: 'number' })
      .notNull()
      .references(() => buyingRequests.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('buying_request_files_request_idx').on(t.requestId)],
);

/** A supplier the request was sent to, and the enquiry it answers on. */
export const buyingRequestRecipients = pgTable(
  'buying_request_recipients',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    requestId: bigint('request_id', { mode: 'number' })
      .notNull()
      .references(() => buyingRequests.id, { onDelete: 'cascade' }),
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    sellerUserId: bigint('seller_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    enquiryId: bigint('enquiry_id', { mode: 'number' })
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('buying_request_recipients_unique').on(t.requestId, t.companyId),
    index('buying_request_recipients_company_idx').on(t.companyId),
    index('buying_request_recipients_enquiry_idx').on(t.enquiryId),
  ],
);
