import { z } from 'zod';
import { page } from './common.ts';

/**
 * Quotations, orders, invoices and payments (issue 44; docs/decisions/052): the seller's formal
 * quotation on an enquiry, with revisions; the buyer's acceptance making one order; the order's status
 * flow; invoices numbered per company without gaps, payments and credit notes. Money travels as decimal
 * strings ("4410.00") and is computed with decimal arithmetic, never floats.
 */

export const ORDER_LIMITS = {
  lines: 50,
  text: 200,
  notes: 2000,
  reason: 500,
  quantityMax: 1_000_000_000,
  quantityDecimals: 4,
  validityDaysMax: 365,
} as const;

/** Decimals a currency's amounts may carry (ISO 4217 minor units); 2 for any currency not listed. */
export const CURRENCY_DECIMALS: Record<string, number> = {
  JPY: 0,
  KRW: 0,
  VND: 0,
  CLP: 0,
  ISK: 0,
  HUF: 2,
  BHD: 3,
  KWD: 3,
  OMR: 3,
  JOD: 3,
  TND: 3,
};
export const currencyDecimals = (code: string) => CURRENCY_DECIMALS[code] ?? 2;

/** The tax labels a line may carry and the rates (percent) TradeLoop knows; others are refused. */
export const TAX_LABELS = ['VAT', 'GST', 'Sales tax', 'None'] as const;
export const TAX_RATES = [
  '0',
  '2.5',
  '5',
  '6',
  '7',
  '8',
  '9',
  '10',
  '12',
  '13',
  '15',
  '16',
  '17',
  '18',
  '19',
  '20',
  '21',
  '22',
  '23',
  '24',
  '25',
  '27',
  '28',
] as const;

export const QUOTATION_STATUSES = ['sent', 'accepted', 'declined'] as const;
export type QuotationStatus = (typeof QUOTATION_STATUSES)[number];

/** The order's flow, in order; `cancelled` is allowed from any step before `shipped`. */
export const ORDER_FLOW = ['confirmed', 'in_production', 'ready_to_ship', 'shipped', 'delivered', 'completed'] as const;
export const ORDER_STATUSES = [...ORDER_FLOW, 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  confirmed: 'Confirmed',
  in_production: 'In production',
  ready_to_ship: 'Ready to ship',
  shipped: 'Shipped',
  delivered: 'Delivered',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const INVOICE_KINDS = ['proforma', 'commercial', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = {
  proforma: 'Proforma invoice',
  commercial: 'Commercial invoice',
  credit_note: 'Credit note',
};
/** Each kind has its own gapless series per company: PF-000001, INV-000001, CN-000001; quotations Q-000001. */
export const DOCUMENT_PREFIXES = { quotation: 'Q', order: 'SO', proforma: 'PF', commercial: 'INV', credit_note: 'CN' };
export const documentNumber = (kind: keyof typeof DOCUMENT_PREFIXES, number: number) =>
  `${DOCUMENT_PREFIXES[kind]}-${String(number).padStart(6, '0')}`;

export const PAYMENT_METHODS = ['bank_transfer', 'letter_of_credit', 'other'] as const;
export const PAYMENT_METHOD_LABELS: Record<(typeof PAYMENT_METHODS)[number], string> = {
  bank_transfer: 'Bank transfer',
  letter_of_credit: 'Letter of credit',
  other: 'Other',
};

export const ORDER_MESSAGES = {
  quantityRequired: 'Please enter quantity',
  quantityPositive: 'Quantity must be greater than 0',
  quantityTooHigh: 'This quantity is too high',
  quantityDecimals: `Quantity may have at most ${ORDER_LIMITS.quantityDecimals} decimals`,
  amountInvalid: 'Please enter an amount such as 1250.50',
  pricePositive: 'Price must be greater than 0',
  priceRequired: 'Please enter a unit price (this product has no price on the request)',
  tooManyDecimals: (code: string, decimals: number) =>
    decimals === 0 ? `${code} amounts have no decimals` : `${code} amounts have at most ${decimals} decimals`,
  discountRange: 'Discount must be between 0 and 100 percent',
  taxRateUnknown: 'Unknown tax rate',
  taxLabelUnknown: 'Unknown tax label',
  descriptionRequired: 'Please describe the line',
  textTooLong: `Please write at most ${ORDER_LIMITS.text} characters`,
  notesTooLong: `Please write at most ${ORDER_LIMITS.notes} characters`,
  linesRequired: 'A quotation needs at least one line',
  tooManyLines: `A quotation has at most ${ORDER_LIMITS.lines} lines`,
  validUntilInvalid: 'Please choose a validity date',
  validUntilPast: 'The validity date must be in the future',
  validUntilTooFar: `A quotation is valid for at most ${ORDER_LIMITS.validityDaysMax} days`,
  versionRequired: 'Please say which version you accept',
  reasonRequired: 'Please give a reason',
  reasonTooLong: `Please write at most ${ORDER_LIMITS.reason} characters`,
  carrierRequired: 'Please enter the carrier',
  trackingRequired: 'Please enter the tracking reference',
  statusInvalid: 'Unknown order status',
  methodInvalid: 'Unknown payment method',
  dateInvalid: 'Please enter a date',
  kindInvalid: 'Unknown invoice kind',
  quotationExists: 'This enquiry already has a quotation. Send a revision instead.',
  quotationClosed: 'This quotation is closed: it was accepted or declined.',
  quotationExpired: 'This quotation has expired. Please ask the seller for a new one.',
  superseded: (current: number) =>
    `This version has been replaced by version ${current}. Please review the latest version.`,
  alreadyAccepted: 'This quotation has already been accepted.',
  enquiryClosed: 'This enquiry is closed.',
  sourceRequired: 'Choose the enquiry or the CRM lead the quotation answers (one of them).',
  leadQuotationExists: 'This lead already has a quotation. Send a revision instead.',
  mergeBothQuoted: 'Both leads have a quotation, and a lead keeps one: these two leads cannot be merged',
  leadWithoutAccount:
    'This lead has no TradeLoop account, so a quotation cannot be sent to accept online. Invite them to TradeLoop, or send your prices by e-mail.',
  currencyUnknown: 'Choose a currency from the list',
  productNotYours: 'This product is not one of yours',
  onlyBuyer: 'Only the buyer can do this.',
  statusStep: (from: string, to: string) => `An order that is ${from} cannot become ${to}.`,
  cancelAfterShipping: 'An order cannot be cancelled once it has shipped.',
  orderCancelled: 'This order is cancelled.',
  proformaExists: 'This order already has a proforma invoice.',
  commercialExists: 'This order already has a commercial invoice.',
  paymentAboveBalance: (balance: string) => `The payment is above the balance due (${balance}).`,
  paymentOnCredit: 'Payments are recorded against invoices, not credit notes.',
  creditAboveInvoice: (left: string) => `The credit is above what remains of the invoice (${left}).`,
  creditNeedsCommercial: 'Only an issued invoice can be credited.',
  quotationSent: 'Your quotation has been sent to the buyer.',
  revisionSent: (version: number) => `Version ${version} has been sent to the buyer.`,
  accepted: 'You accepted the quotation. Your order is confirmed.',
  declined: 'The quotation has been declined.',
  statusChanged: (label: string) => `The order is now ${label.toLowerCase()}.`,
  cancelled: 'The order has been cancelled.',
  invoiceIssued: (label: string) => `${label} issued.`,
  paymentRecorded: 'Payment recorded.',
  creditIssued: 'Credit note issued.',
  reordered: 'A new quote request for this order has been sent to the seller.',
  reorderNeedsEnquiry: 'This order did not come from a quote request, so it cannot be requested again.',
} as const;

// ── input ──────────────────────────────────────────────────────────────────────────────────────

/** A decimal as text or a JSON number, read as text ("12.50"); its decimals are checked per currency. */
export const decimalInput = z
  .union([z.string(), z.number()], { error: ORDER_MESSAGES.amountInvalid })
  .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
  .refine((value) => /^\d{1,14}(\.\d{1,8})?$/.test(value), { message: ORDER_MESSAGES.amountInvalid });

const text = (max: number, message: string) => z.string().trim().max(max, message);

export const quotationLineInputSchema = z.object({
  /** A product of the seller's (from the buyer's configuration); without it a line the seller adds. */
  product_id: z.number().int().positive().optional(),
  description: text(ORDER_LIMITS.text, ORDER_MESSAGES.textTooLong).min(1, ORDER_MESSAGES.descriptionRequired),
  quantity: z
    .union([z.string(), z.number()], { error: ORDER_MESSAGES.quantityRequired })
    .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
    .refine((value) => /^-?\d+(\.\d+)?$/.test(value), { message: ORDER_MESSAGES.quantityRequired })
    .refine((value) => Number(value) > 0, { message: ORDER_MESSAGES.quantityPositive })
    .refine((value) => Number(value) <= ORDER_LIMITS.quantityMax, { message: ORDER_MESSAGES.quantityTooHigh })
    .refine((value) => (value.split('.')[1]?.length ?? 0) <= ORDER_LIMITS.quantityDecimals, {
      message: ORDER_MESSAGES.quantityDecimals,
    }),
  unit: text(40, ORDER_MESSAGES.textTooLong).optional(),
  /** Overrides the price of the request (the product's tier for that quantity); required on a seller's line. */
  unit_price: z
    .union([z.string(), z.number()], { error: ORDER_MESSAGES.amountInvalid })
    .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
    .refine((value) => /^-?\d{1,14}(\.\d{1,8})?$/.test(value), { message: ORDER_MESSAGES.amountInvalid })
    .refine((value) => Number(value) > 0, { message: ORDER_MESSAGES.pricePositive })
    .optional(),
  discount_percent: z
    .union([z.string(), z.number()])
    .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
    .refine((value) => /^\d{1,3}(\.\d{1,2})?$/.test(value) && Number(value) <= 100, {
      message: ORDER_MESSAGES.discountRange,
    })
    .default('0'),
  tax_label: z.enum(TAX_LABELS, { error: ORDER_MESSAGES.taxLabelUnknown }).default('None'),
  tax_rate: z
    .union([z.string(), z.number()])
    .transform((value) => String(Number(value)))
    .refine((value) => (TAX_RATES as readonly string[]).includes(value), { message: ORDER_MESSAGES.taxRateUnknown })
    .default('0'),
});
export type QuotationLineInput = z.infer<typeof quotationLineInputSchema>;

const terms = {
  lines: z
    .array(quotationLineInputSchema, { error: ORDER_MESSAGES.linesRequired })
    .min(1, ORDER_MESSAGES.linesRequired)
    .max(ORDER_LIMITS.lines, ORDER_MESSAGES.tooManyLines),
  price_term: text(20, ORDER_MESSAGES.textTooLong).optional(),
  payment_terms: text(ORDER_LIMITS.text, ORDER_MESSAGES.textTooLong).optional(),
  delivery_time: text(ORDER_LIMITS.text, ORDER_MESSAGES.textTooLong).optional(),
  delivery_port: text(ORDER_LIMITS.text, ORDER_MESSAGES.textTooLong).optional(),
  valid_until: z.iso.date({ error: ORDER_MESSAGES.validUntilInvalid }),
  notes: text(ORDER_LIMITS.notes, ORDER_MESSAGES.notesTooLong).optional(),
  seller_tax_id: text(40, ORDER_MESSAGES.textTooLong).optional(),
  buyer_tax_id: text(40, ORDER_MESSAGES.textTooLong).optional(),
};

/**
 * A quotation (v1) answers an enquiry, or (issue 44) a CRM lead without one: then the seller names the
 * currency, and every line carries its price (product lines from the seller's catalogue or free lines).
 */
export const quotationCreateBodySchema = z
  .object({
    enquiry_id: z.number().int().positive().optional(),
    lead_id: z.number().int().positive().optional(),
    /** A lead's quotation: its currency (ISO code, one of the reference currencies); an enquiry's is the request's. */
    currency: z
      .string()
      .trim()
      .regex(/^[A-Z]{3}$/, ORDER_MESSAGES.currencyUnknown)
      .optional(),
    ...terms,
  })
  .superRefine((body, context) => {
    if ((body.enquiry_id === undefined) === (body.lead_id === undefined))
      context.addIssue({ code: 'custom', path: ['enquiry_id'], message: ORDER_MESSAGES.sourceRequired });
    if (body.lead_id !== undefined && body.currency === undefined)
      context.addIssue({ code: 'custom', path: ['currency'], message: ORDER_MESSAGES.currencyUnknown });
  });
export const quotationReviseBodySchema = z.object(terms);
export const quotationAcceptBodySchema = z.object({
  version: z.number({ error: ORDER_MESSAGES.versionRequired }).int().positive(),
});
export const reasonBodySchema = z.object({
  reason: z
    .string({ error: ORDER_MESSAGES.reasonRequired })
    .trim()
    .min(1, ORDER_MESSAGES.reasonRequired)
    .max(ORDER_LIMITS.reason, ORDER_MESSAGES.reasonTooLong),
});
export const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export const orderStatusBodySchema = z
  .object({
    status: z.enum(ORDER_FLOW, { error: ORDER_MESSAGES.statusInvalid }),
    carrier: text(ORDER_LIMITS.text, ORDER_MESSAGES.textTooLong).optional(),
    tracking_reference: text(ORDER_LIMITS.text, ORDER_MESSAGES.textTooLong).optional(),
    note: text(ORDER_LIMITS.reason, ORDER_MESSAGES.reasonTooLong).optional(),
  })
  .superRefine((body, context) => {
    if (body.status !== 'shipped') return;
    if (!body.carrier) context.addIssue({ code: 'custom', path: ['carrier'], message: ORDER_MESSAGES.carrierRequired });
    if (!body.tracking_reference)
      context.addIssue({ code: 'custom', path: ['tracking_reference'], message: ORDER_MESSAGES.trackingRequired });
  });

export const orderListQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: ORDER_MESSAGES.statusInvalid }).optional(),
  page: z.coerce.number().int().positive().default(1),
  per_page: z.coerce.number().int().positive().max(100).default(15),
});

export const invoiceCreateBodySchema = z.object({
  kind: z.enum(['proforma', 'commercial'], { error: ORDER_MESSAGES.kindInvalid }),
});
export const paymentBodySchema = z.object({
  method: z.enum(PAYMENT_METHODS, { error: ORDER_MESSAGES.methodInvalid }),
  amount: decimalInput.refine((value) => Number(value) > 0, { message: ORDER_MESSAGES.pricePositive }),
  paid_on: z.iso.date({ error: ORDER_MESSAGES.dateInvalid }),
  reference: text(ORDER_LIMITS.text, ORDER_MESSAGES.textTooLong).optional(),
});
export const creditNoteBodySchema = z.object({
  amount: decimalInput.refine((value) => Number(value) > 0, { message: ORDER_MESSAGES.pricePositive }),
  reason: reasonBodySchema.shape.reason,
});

// ── output ─────────────────────────────────────────────────────────────────────────────────────

const money = z.string().describe('decimal, the currency’s decimals');

export const documentLineSchema = z.object({
  product_id: z.number().int().nullable(),
  description: z.string(),
  quantity: z.string(),
  unit: z.string().nullable(),
  unit_price: money,
  discount_percent: z.string(),
  net: money,
  tax_label: z.string(),
  tax_rate: z.string(),
  tax: money,
  total: money,
});
export type DocumentLine = z.infer<typeof documentLineSchema>;

export const documentTotalsSchema = z.object({
  currency: z.string(),
  subtotal: money,
  discount: money,
  tax: money,
  total: money,
  /** Tax per label and rate, as the documents print it. */
  taxes: z.array(z.object({ label: z.string(), rate: z.string(), base: money, tax: money })),
});
export type DocumentTotals = z.infer<typeof documentTotalsSchema>;

export const partySchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  company_name: z.string().nullable(),
  address: z.array(z.string()),
  email: z.string().nullable(),
  tax_id: z.string().nullable(),
});
export type DocumentParty = z.infer<typeof partySchema>;

export const quotationVersionSchema = documentTotalsSchema.extend({
  version: z.number().int(),
  lines: z.array(documentLineSchema),
  price_term: z.string().nullable(),
  payment_terms: z.string().nullable(),
  delivery_time: z.string().nullable(),
  delivery_port: z.string().nullable(),
  valid_until: z.iso.date(),
  notes: z.string().nullable(),
  seller_tax_id: z.string().nullable(),
  buyer_tax_id: z.string().nullable(),
  created_at: z.string(),
});
export type QuotationVersion = z.infer<typeof quotationVersionSchema>;

export const quotationSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  enquiry_id: z.number().int().nullable(),
  /** The CRM lead a quotation without an enquiry was written from (the seller's side only; null for the buyer). */
  lead_id: z.number().int().nullable(),
  status: z.enum([...QUOTATION_STATUSES, 'expired']),
  side: z.enum(['buyer', 'seller']),
  current_version: z.number().int(),
  seller: partySchema,
  buyer: partySchema,
  order_id: z.number().int().nullable(),
  decline_reason: z.string().nullable(),
  /** Newest first: the current version, then its history. */
  versions: z.array(quotationVersionSchema),
});
export type Quotation = z.infer<typeof quotationSchema>;

/** GET leads/{id}/quotation: whom a quotation from the lead goes to, and the lead's quotation once written. */
export const leadQuotationSchema = z.object({
  lead_id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  /** The lead's marketplace account; null: an e-mail-only lead, which cannot be sent a quotation (see `reason`). */
  buyer_user_id: z.number().int().nullable(),
  /** Why no quotation can be written, or null. */
  reason: z.string().nullable(),
  quotation: quotationSchema.nullable(),
});
export type LeadQuotation = z.infer<typeof leadQuotationSchema>;

export const paymentSchema = z.object({
  id: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  amount: money,
  paid_on: z.iso.date(),
  reference: z.string().nullable(),
  created_at: z.string(),
});

export const invoiceSchema = documentTotalsSchema.extend({
  id: z.number().int(),
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  order_id: z.number().int(),
  credited_invoice_id: z.number().int().nullable(),
  lines: z.array(documentLineSchema),
  reason: z.string().nullable(),
  paid: money,
  credited: money,
  balance_due: money,
  payments: z.array(paymentSchema),
  issued_at: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const orderEventSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  status: z.enum(ORDER_STATUSES).nullable(),
  text: z.string(),
  actor_side: z.enum(['buyer', 'seller']),
  created_at: z.string(),
});

export const orderSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  currency: z.string(),
  total: money,
  seller: z.object({ user_id: z.number().int(), name: z.string(), company_name: z.string().nullable() }),
  buyer: z.object({ user_id: z.number().int(), name: z.string(), company_name: z.string().nullable() }),
  quotation_id: z.number().int(),
  quotation_number: z.string(),
  quotation_version: z.number().int(),
  enquiry_id: z.number().int().nullable(),
  carrier: z.string().nullable(),
  tracking_reference: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderDetailSchema = orderSummarySchema.extend(documentTotalsSchema.shape).extend({
  side: z.enum(['buyer', 'seller']),
  lines: z.array(documentLineSchema),
  cancel_reason: z.string().nullable(),
  price_term: z.string().nullable(),
  payment_terms: z.string().nullable(),
  delivery_time: z.string().nullable(),
  delivery_port: z.string().nullable(),
  timeline: z.array(orderEventSchema),
  invoices: z.array(invoiceSchema),
  balance_due: money,
  /** Statuses the seller may move the order to now. */
  next_statuses: z.array(z.enum(ORDER_STATUSES)),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const orderPageSchema = page(orderSummarySchema).extend({
  counts: z.record(z.enum(ORDER_STATUSES), z.number().int()),
});
export type OrderPage = z.infer<typeof orderPageSchema>;
