import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { EnquiryStatus, QuoteLine } from '@tradeloop/contracts/quotes';
import { companies, users } from '../accounts/tables.ts';
import { products } from '../catalog/tables.ts';
import { currencies } from '../reference/tables.ts';
import { createdAt, updatedAt } from '../../db/columns.ts';

const money = (name: string) => numeric(name, { precision: 18, scale: 4, mode: 'number' });
const userRef = (name: string) =>
  bigint(name, { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * The quote a buyer is putting together in the quote modal, line by line (the configured product
 * and related simple products), keyed by the modal's unique_session_id. Submitting reads it.
 */
export const quoteConfigurations = pgTable(
  'quote_configurations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sessionId: text('session_id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    mainProductId: bigint('main_product_id', { mode: 'number' }),
    type: text('type').$type<'simple' | 'configured'>().notNull(),
    combination: text('combination'),
    quantity: money('quantity').notNull(),
    /** In the product's own currency. */
    unitPrice: money('unit_price').notNull(),
    total: money('total').notNull(),
    currencyId: integer('currency_id'),
    equation: text('equation'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('quote_configurations_line_unique').on(t.sessionId, t.productId),
    index('quote_configurations_updated_idx').on(t.updatedAt),
  ],
);

/**
 * One quote request to one seller (spec: seller_user_id and enquiry_user_id tell the two apart).
 * An RFQ sent to several sellers makes one enquiry per seller, sharing request_group; each seller
 * reads only rows of their own company.
 */
export const enquiries = pgTable(
  'enquiries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    requestGroup: uuid('request_group').notNull(),
    enquiryUserId: userRef('enquiry_user_id'),
    sellerUserId: userRef('seller_user_id'),
    sellerCompanyId: bigint('seller_company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    productId: bigint('product_id', { mode: 'number' }).references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    preTitleName: text('pre_title_name'),
    productImage: text('product_image'),
    productUrl: text('product_url'),
    combination: text('combination'),
    quantity: money('quantity').notNull(),
    unitName: text('unit_name'),
    /** Prices of the request and of the offers are in this currency (the buyer's). */
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    requestedUnitPrice: money('requested_unit_price').notNull(),
    requestedTotal: money('requested_total').notNull(),
    lines: jsonb('lines').$type<QuoteLine[]>().notNull(),
    priceTerm: text('price_term'),
    neededBy: timestamp('needed_by', { withTimezone: true }),
    message: text('message'),
    status: text('status').$type<EnquiryStatus>().notNull().default('open'),
    offerUnitPrice: money('offer_unit_price'),
    offerTotal: money('offer_total'),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    buyerReadAt: timestamp('buyer_read_at', { withTimezone: true }),
    sellerReadAt: timestamp('seller_read_at', { withTimezone: true }),
    lastMessage: text('last_message'),
    /** Part of an RFQ: the same request went to several sellers (the statistics' total_rfq). */
    rfq: boolean('rfq').notNull().default(false),
    /** The seller's first answer, message or decline, and who wrote it (the statistics' response time). */
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    firstResponseBy: bigint('first_response_by', { mode: 'number' }),
    /** Seconds from the request to that first response, kept by PostgreSQL: the median reads it in order. */
    responseSeconds: integer('response_seconds').generatedAlwaysAs(
      sql`(extract(epoch from first_response_at - created_at))::integer`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('enquiries_seller_idx').on(t.sellerCompanyId, t.updatedAt.desc()),
    // The seller's statistics read every received enquiry's figures from this index alone (decision 042).
    index('enquiries_statistics_idx').on(t.sellerCompanyId, t.createdAt, t.firstResponseBy, t.firstResponseAt, t.rfq),
    // The median response time walks these in order to the middle (decision 042).
    index('enquiries_response_idx')
      .on(t.sellerCompanyId, t.responseSeconds, t.createdAt)
      .where(sql`${t.responseSeconds} IS NOT NULL`),
    index('enquiries_member_response_idx')
      .on(t.sellerCompanyId, t.firstResponseBy, t.responseSeconds, t.createdAt)
      .where(sql`${t.responseSeconds} IS NOT NULL`),
    index('enquiries_buyer_idx').on(t.enquiryUserId, t.updatedAt.desc()),
    index('enquiries_group_idx').on(t.requestGroup),
  ],
);

/**
 * Received enquiries per seller company, first responder (0 for none yet) and UTC day of arrival, with
 * how many are RFQs and answered, as deltas appended per statement by the triggers of migration 0028
 * (like crm_record_days): the statistics sum a few rows per day instead of counting enquiries.
 */
export const enquiryDays = pgTable(
  'enquiry_days',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    responderId: bigint('responder_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    quotations: integer('quotations').notNull(),
    rfq: integer('rfq').notNull(),
    answered: integer('answered').notNull(),
  },
  (t) => [index('enquiry_days_idx').on(t.companyId, t.responderId, t.day)],
);

/** The negotiation thread of an enquiry: the request, offers, messages and the decision. */
export const enquiryMessages = pgTable(
  'enquiry_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    enquiryId: bigint('enquiry_id', { mode: 'number' })
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    authorUserId: bigint('author_user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    side: text('side').$type<'buyer' | 'seller'>().notNull(),
    kind: text('kind').$type<'request' | 'answer' | 'message' | 'accept' | 'decline'>().notNull(),
    message: text('message'),
    unitPrice: money('unit_price'),
    total: money('total'),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('enquiry_messages_enquiry_idx').on(t.enquiryId, t.id)],
);

/** A user's contact list: people they exchanged enquiries with or added from a product page. */
export const contacts = pgTable(
  'contacts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ownerUserId: userRef('owner_user_id'),
    contactUserId: userRef('contact_user_id'),
    /** 1 active, 2 blocked (docs/decisions/013). */
    status: integer('status').$type<1 | 2>().notNull().default(1),
    source: text('source').$type<'enquiry' | 'manual'>().notNull(),
    isNew: boolean('is_new').notNull().default(true),
    enquiryCount: integer('enquiry_count').notNull().default(0),
    lastEnquiryAt: timestamp('last_enquiry_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('contacts_pair_unique').on(t.ownerUserId, t.contactUserId),
    index('contacts_owner_idx').on(t.ownerUserId, t.status, t.updatedAt.desc()),
    index('contacts_new_idx')
      .on(t.ownerUserId)
      .where(sql`${t.isNew}`),
  ],
);
