import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { DocumentLine, InvoiceKind, OrderStatus, QuotationStatus } from '@tradeloop/contracts/orders';
import { users } from '../accounts/tables.ts';
import { companyColumn } from '../accounts/public.ts';
import { enquiries } from '../quotes/tables.ts';
import { createdAt, updatedAt } from '../../db/columns.ts';

/** Exact money (decision 052): numeric, read and written as decimal strings, never floats. */
const money = (name: string) => numeric(name, { precision: 20, scale: 4 });
const userRef = (name: string) =>
  bigint(name, { mode: 'number' })
    .notNull()
    .references(() => users.id);

/**
 * The last number of each company's document series (quotation, order, proforma, commercial, credit_note).
 * Taken in the document's own transaction (the row is locked until it commits), so numbers have no gaps.
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    companyId: companyColumn(),
    series: text('series').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.series] })],
);

/** A seller's formal quotation on one enquiry; its versions hold the terms (decision 052). */
export const quotations = pgTable(
  'quotations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    number: integer('number').notNull(),
    enquiryId: bigint('enquiry_id', { mode: 'number' }).references(() => enquiries.id, { onDelete: 'set null' }),
    /** The CRM lead a quotation without an enquiry was written from (one per lead; the deal it moves). */
    leadId: bigint('lead_id', { mode: 'number' }),
    buyerUserId: userRef('buyer_user_id'),
    sellerUserId: userRef('seller_user_id'),
    currencyCode: text('currency_code').notNull(),
    status: text('status').$type<QuotationStatus>().notNull().default('sent'),
    currentVersion: integer('current_version').notNull().default(1),
    declineReason: text('decline_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('quotations_number_unique').on(t.companyId, t.number),
    uniqueIndex('quotations_enquiry_unique').on(t.enquiryId),
    uniqueIndex('quotations_lead_unique').on(t.companyId, t.leadId),
    index('quotations_buyer_idx').on(t.buyerUserId, t.updatedAt.desc()),
  ],
);

/** One version of a quotation: lines and totals computed once, as sent; never changed afterwards. */
export const quotationVersions = pgTable(
  'quotation_versions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    quotationId: bigint('quotation_id', { mode: 'number' })
      .notNull()
      .references(() => quotations.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    lines: jsonb('lines').$type<DocumentLine[]>().notNull(),
    subtotal: money('subtotal').notNull(),
    discount: money('discount').notNull(),
    tax: money('tax').notNull(),
    total: money('total').notNull(),
    priceTerm: text('price_term'),
    paymentTerms: text('payment_terms'),
    deliveryTime: text('delivery_time'),
    deliveryPort: text('delivery_port'),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    notes: text('notes'),
    sellerTaxId: text('seller_tax_id'),
    buyerTaxId: text('buyer_tax_id'),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('quotation_versions_unique').on(t.quotationId, t.version)],
);

/** The order a buyer's acceptance made: one per quotation, the accepted version's lines frozen. */
export const orders = pgTable(
  'orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    number: integer('number').notNull(),
    quotationId: bigint('quotation_id', { mode: 'number' })
      .notNull()
      .references(() => quotations.id),
    quotationVersion: integer('quotation_version').notNull(),
    enquiryId: bigint('enquiry_id', { mode: 'number' }),
    leadId: bigint('lead_id', { mode: 'number' }),
    buyerUserId: userRef('buyer_user_id'),
    sellerUserId: userRef('seller_user_id'),
    /** Who wrote the accepted version (a member's statistics count it). */
    quotedBy: bigint('quoted_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    currencyCode: text('currency_code').notNull(),
    lines: jsonb('lines').$type<DocumentLine[]>().notNull(),
    subtotal: money('subtotal').notNull(),
    discount: money('discount').notNull(),
    tax: money('tax').notNull(),
    total: money('total').notNull(),
    priceTerm: text('price_term'),
    paymentTerms: text('payment_terms'),
    deliveryTime: text('delivery_time'),
    deliveryPort: text('delivery_port'),
    sellerTaxId: text('seller_tax_id'),
    buyerTaxId: text('buyer_tax_id'),
    status: text('status').$type<OrderStatus>().notNull().default('confirmed'),
    carrier: text('carrier'),
    trackingReference: text('tracking_reference'),
    cancelReason: text('cancel_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_quotation_unique').on(t.quotationId),
    uniqueIndex('orders_number_unique').on(t.companyId, t.number),
    index('orders_company_idx').on(t.companyId, t.updatedAt.desc()),
    index('orders_company_created_idx').on(t.companyId, t.createdAt),
    index('orders_buyer_idx').on(t.buyerUserId, t.updatedAt.desc()),
  ],
);

/** The order's timeline: its creation, each status, invoices and payments, as both sides see it. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    status: text('status').$type<OrderStatus>(),
    text: text('text').notNull(),
    actorSide: text('actor_side').$type<'buyer' | 'seller'>().notNull(),
    actorUserId: bigint('actor_user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

/** Proforma and commercial invoices and credit notes: issued once, never edited (a credit note corrects). */
export const invoices = pgTable(
  'invoices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    kind: text('kind').$type<InvoiceKind>().notNull(),
    number: integer('number').notNull(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    creditedInvoiceId: bigint('credited_invoice_id', { mode: 'number' }),
    currencyCode: text('currency_code').notNull(),
    lines: jsonb('lines').$type<DocumentLine[]>().notNull(),
    subtotal: money('subtotal').notNull(),
    discount: money('discount').notNull(),
    tax: money('tax').notNull(),
    total: money('total').notNull(),
    reason: text('reason'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number_unique').on(t.companyId, t.kind, t.number),
    index('invoices_order_idx').on(t.orderId, t.id),
    uniqueIndex('invoices_one_per_kind')
      .on(t.orderId, t.kind)
      .where(sql`${t.kind} in ('proforma', 'commercial')`),
  ],
);

/** Payments the seller recorded against an invoice. */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    invoiceId: bigint('invoice_id', { mode: 'number' })
      .notNull()
      .references(() => invoices.id),
    method: text('method').$type<'bank_transfer' | 'letter_of_credit' | 'other'>().notNull(),
    amount: money('amount').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    reference: text('reference'),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('invoice_payments_invoice_idx').on(t.invoiceId, t.id)],
);
