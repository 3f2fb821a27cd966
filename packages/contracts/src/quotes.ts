import { z } from 'zod';
import { DEFAULT_CURRENCY_ID, page, PAGE_SIZES } from './common.ts';
import { currencyRefSchema, MARKET_LIMITS } from './market.ts';

/**
 * Quote requests, RFQs, enquiries with their negotiation thread, and contact lists
 * (spec sections 3 "Quote", 4, 7 "Quotes" and "Marketplace extras"; docs/decisions/013).
 */

export const QUOTE_DEFAULT_QUANTITY = 1;
export const QUOTE_LIMITS = {
  message: 2000,
  quantityMax: 1_000_000_000,
  relatedLines: 10,
  similarSellers: MARKET_LIMITS.similarSuppliers,
  validityDaysMax: 365,
} as const;

export const ENQUIRY_STATUSES = ['open', 'answered', 'accepted', 'declined', 'expired'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];
export const ENQUIRY_STATUS_LABELS: Record<EnquiryStatus, string> = {
  open: 'Awaiting answer',
  answered: 'Price offered',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Offer expired',
};
/** Statuses after which nobody can change the enquiry any more. */
export const FINAL_ENQUIRY_STATUSES: readonly EnquiryStatus[] = ['accepted', 'declined'];

export const ENQUIRY_TYPES = ['sent', 'received'] as const;
export type EnquiryType = (typeof ENQUIRY_TYPES)[number];

export const QUOTE_MESSAGES = {
  submitted: 'Your quote request has been sent to the seller.',
  submittedToMany: (sellers: number) => `Your request has been sent to ${sellers} sellers.`,
  sessionRequired: 'Please reload the page and try again',
  quantityRequired: 'Please enter quantity',
  quantityPositive: 'Quantity must be greater than 0',
  quantityTooHigh: 'This quantity is too high',
  quantityWhole: 'Please enter a whole number for this unit',
  combinationRequired: 'Please choose a value for every option',
  combinationUnavailable: 'This combination is not available',
  notYourEnquiry: 'You can only send quote requests as yourself.',
  wrongSeller: 'This seller does not sell this product.',
  ownProduct: 'You cannot request a quote for your own product.',
  messageTooLong: `Please write at most ${QUOTE_LIMITS.message} characters`,
  messageRequired: 'Please write a message',
  duplicate: 'You have just sent this request. The seller will answer soon.',
  similarNotFound: 'One of the similar products is no longer available',
  tooManySimilar: `You can send one request to at most ${MARKET_LIMITS.similarSuppliers} more sellers`,
  priceRequired: 'Please enter your price',
  pricePositive: 'Price must be greater than 0',
  validityRequired: 'Please enter for how many days the price is valid',
  answered: 'Your answer has been sent to the buyer.',
  replied: 'Your message has been sent.',
  accepted: 'You accepted the offer. The seller has been told.',
  declined: 'The enquiry has been declined.',
  closed: 'This enquiry is closed.',
  notAnswered: 'There is no offer to accept yet.',
  formalQuotation: 'This enquiry has a formal quotation: accept or decline the quotation itself.',
  offerExpired: 'This offer has expired. Please ask the seller for a new one.',
  onlyBuyer: 'Only the buyer can do this.',
  onlySeller: 'Only the seller can do this.',
  receivedForSellers: 'Only sellers receive enquiries.',
  contactAdded: 'Added to your contacts.',
  contactExists: 'This contact is already in your list.',
  contactSelf: 'You cannot add yourself.',
  contactUpdated: 'Contact updated.',
  contactSeen: 'Contact marked as seen.',
  unknownUser: 'This user does not exist',
  lineRemoved: 'Removed from the quote.',
  relatedNotSameSeller: 'Only products of the same seller can be added to one quote',
} as const;

// ---------------------------------------------------------------------------------------------
// Quote configuration (POST front/quote_configuration)

const sessionId = z
  .string({ error: QUOTE_MESSAGES.sessionRequired })
  .trim()
  .min(8, QUOTE_MESSAGES.sessionRequired)
  .max(100, QUOTE_MESSAGES.sessionRequired)
  .regex(/^[\w.-]+$/, QUOTE_MESSAGES.sessionRequired);

const quantity = z.coerce
  .number({ error: QUOTE_MESSAGES.quantityRequired })
  .positive(QUOTE_MESSAGES.quantityPositive)
  .max(QUOTE_LIMITS.quantityMax, QUOTE_MESSAGES.quantityTooHigh);

/** The chosen value of every option: {"Power": "2 HP"}, ["2 HP", "Three"] or "2 HP|Three". */
export const combinationsSchema = z.union([
  z.record(z.string().max(60), z.string().max(60)),
  z.array(z.string().max(60)).max(10),
  z.string().max(700),
]);

export const QUOTE_LINE_TYPES = ['simple', 'configured'] as const;

export const quoteConfigurationBodySchema = z.object({
  unique_session_id: sessionId,
  /** Spec: "type simple". The product's own kind decides how it is priced; this is kept as sent. */
  type: z.enum(QUOTE_LINE_TYPES).default('simple'),
  product_id: z.coerce.number().int().positive(),
  product_name: z.string().max(200).optional(),
  /** 0 removes a related product from the quote. */
  quantity: z.coerce
    .number({ error: QUOTE_MESSAGES.quantityRequired })
    .min(0, QUOTE_MESSAGES.quantityPositive)
    .max(QUOTE_LIMITS.quantityMax, QUOTE_MESSAGES.quantityTooHigh)
    .default(QUOTE_DEFAULT_QUANTITY),
  /** The price the client shows; the server prices the line itself and answers with its own. */
  price: z.coerce.number().min(0).optional(),
  combinations: combinationsSchema.optional(),
  /** Set when this line is a related simple product added to another product's quote. */
  main_product_id: z.coerce.number().int().positive().optional(),
  currency: z.coerce.number().int().positive().default(DEFAULT_CURRENCY_ID),
});
export type QuoteConfigurationBody = z.input<typeof quoteConfigurationBodySchema>;

export const quoteLineSchema = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  pre_title_name: z.string().nullable(),
  type: z.enum(QUOTE_LINE_TYPES),
  role: z.enum(['main', 'related']),
  combination: z.string().nullable(),
  quantity: z.number(),
  unit: z.string().nullable(),
  unit_price: z.number(),
  total: z.number(),
  /** The calculator's equation when one priced the line. */
  equation: z.string().nullable(),
  min_order: z.number().nullable(),
  below_minimum: z.boolean(),
  image: z.string().nullable(),
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

export const quoteStateSchema = z.object({
  unique_session_id: z.string(),
  line: quoteLineSchema.nullable(),
  lines: z.array(quoteLineSchema),
  currency: currencyRefSchema,
  /** Main product and related simple products together. */
  total: z.number(),
  /** The main product's unit price. */
  unit_price: z.number(),
});
export type QuoteState = z.infer<typeof quoteStateSchema>;

// ---------------------------------------------------------------------------------------------
// Submission (POST front/getQuery/submit, form data)

const optionalNumber = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.coerce.number().min(0).optional(),
);

export const quoteSubmitBodySchema = z.object({
  unique_session_id: sessionId,
  seller_user_id: z.coerce.number({ error: QUOTE_MESSAGES.wrongSeller }).int().positive(),
  enquiry_user_id: z.coerce.number({ error: QUOTE_MESSAGES.notYourEnquiry }).int().positive(),
  product_id: z.coerce.number().int().positive(),
  price: optionalNumber,
  final_price: optionalNumber,
  quantity: quantity.default(QUOTE_DEFAULT_QUANTITY),
  /** A price term name or id (Incoterm or payment term) the buyer wants; the product's when absent. */
  price_term: z.string().trim().max(60).optional(),
  /** When the buyer needs the goods (ISO date or date-time). */
  product_datetime: z
    .string()
    .trim()
    .max(40)
    .optional()
    .refine((value) => !value || !Number.isNaN(Date.parse(value)), 'Please enter a valid date'),
  product_name: z.string().trim().max(200).optional(),
  product_image: z.string().trim().max(500).optional(),
  pre_title_name: z.string().trim().max(100).optional(),
  greeting_message: z.string().trim().max(QUOTE_LIMITS.message, QUOTE_MESSAGES.messageTooLong).optional(),
  combinations: combinationsSchema.optional(),
  currency: z.coerce.number().int().positive().default(DEFAULT_CURRENCY_ID),
  /** An RFQ: the same request also goes to the sellers of these similar products. */
  similar_product_ids: z
    .preprocess(
      (value) =>
        value === undefined || value === ''
          ? undefined
          : (Array.isArray(value) ? value : String(value).split(',')).filter((entry) => String(entry).trim() !== ''),
      z.array(z.coerce.number().int().positive()).max(QUOTE_LIMITS.similarSellers, QUOTE_MESSAGES.tooManySimilar),
    )
    .optional(),
});
export type QuoteSubmitBody = z.input<typeof quoteSubmitBodySchema>;

export const quoteSubmittedSchema = z.object({
  enquiry_ids: z.array(z.number().int()),
  request_group: z.string(),
});

// ---------------------------------------------------------------------------------------------
// Enquiries and the negotiation thread

export const enquiryPartySchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  company_name: z.string().nullable(),
  country: z.string().nullable(),
  email: z.string().nullable(),
});

export const enquirySummarySchema = z.object({
  id: z.number().int(),
  request_group: z.string(),
  status: z.enum(ENQUIRY_STATUSES),
  product_id: z.number().int(),
  product_name: z.string(),
  pre_title_name: z.string().nullable(),
  product_image: z.string().nullable(),
  product_url: z.string().nullable(),
  combination: z.string().nullable(),
  quantity: z.number(),
  unit: z.string().nullable(),
  currency: currencyRefSchema,
  /** What the buyer saw when asking. */
  requested_total: z.number(),
  /** The seller's latest offer. */
  offer_unit_price: z.number().nullable(),
  offer_total: z.number().nullable(),
  valid_until: z.string().nullable(),
  seller_user_id: z.number().int(),
  /** The seller's company (the buyer reviews it after the enquiry, decision 045). */
  seller_company_id: z.number().int(),
  enquiry_user_id: z.number().int(),
  counterpart: enquiryPartySchema,
  unread: z.boolean(),
  last_message: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type EnquirySummary = z.infer<typeof enquirySummarySchema>;

export const ENQUIRY_MESSAGE_KINDS = ['request', 'answer', 'message', 'accept', 'decline'] as const;
export const enquiryMessageSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ENQUIRY_MESSAGE_KINDS),
  side: z.enum(['buyer', 'seller']),
  author_name: z.string(),
  message: z.string().nullable(),
  unit_price: z.number().nullable(),
  total: z.number().nullable(),
  valid_until: z.string().nullable(),
  created_at: z.string(),
});
export type EnquiryMessage = z.infer<typeof enquiryMessageSchema>;

export const enquiryDetailSchema = enquirySummarySchema.extend({
  side: z.enum(['buyer', 'seller']),
  lines: z.array(quoteLineSchema),
  price_term: z.string().nullable(),
  needed_by: z.string().nullable(),
  message: z.string().nullable(),
  buyer: enquiryPartySchema,
  seller: enquiryPartySchema,
  thread: z.array(enquiryMessageSchema),
  /** Other sellers the same request went to (buyer only; a seller never sees the others). */
  group_size: z.number().int(),
});
export type EnquiryDetail = z.infer<typeof enquiryDetailSchema>;

export const enquiryIndexQuerySchema = z.object({
  type: z.enum(ENQUIRY_TYPES).default('sent'),
  status: z.enum(ENQUIRY_STATUSES).optional(),
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(PAGE_SIZES.contacts),
});
export const enquiryPageSchema = page(enquirySummarySchema).extend({
  counts: z.record(z.enum(ENQUIRY_STATUSES), z.number().int()),
});
export type EnquiryPage = z.infer<typeof enquiryPageSchema>;

export const enquiryIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

const message = z.string().trim().max(QUOTE_LIMITS.message, QUOTE_MESSAGES.messageTooLong);

export const enquiryAnswerBodySchema = z.object({
  id: z.coerce.number().int().positive(),
  unit_price: z.coerce
    .number({ error: QUOTE_MESSAGES.priceRequired })
    .positive(QUOTE_MESSAGES.pricePositive)
    .max(1_000_000_000, QUOTE_MESSAGES.pricePositive),
  /** How many days the price holds. */
  validity_days: z.coerce
    .number({ error: QUOTE_MESSAGES.validityRequired })
    .int(QUOTE_MESSAGES.validityRequired)
    .min(1, QUOTE_MESSAGES.validityRequired)
    .max(QUOTE_LIMITS.validityDaysMax, QUOTE_MESSAGES.validityRequired),
  quantity: quantity.optional(),
  message: message.optional(),
});
export type EnquiryAnswerBody = z.input<typeof enquiryAnswerBodySchema>;

export const enquiryReplyBodySchema = z.object({
  id: z.coerce.number().int().positive(),
  message: message.min(1, QUOTE_MESSAGES.messageRequired),
  /** The buyer's counter-offer per unit, if any. */
  target_price: z.coerce.number().positive(QUOTE_MESSAGES.pricePositive).optional(),
});
export const enquiryDecisionBodySchema = z.object({
  id: z.coerce.number().int().positive(),
  message: message.optional(),
});

// ---------------------------------------------------------------------------------------------
// Contact lists (spec: POST front/contact_list, update_contact_list, update_status)

/** Tab 1: active contacts (status 1). Tab 2: blocked contacts (status 2). */
export const CONTACT_TABS = [1, 2] as const;
export const CONTACT_STATUSES = { active: 1, blocked: 2 } as const;
export const CONTACT_TAB_LABELS: Record<(typeof CONTACT_TABS)[number], string> = { 1: 'Contacts', 2: 'Blocked' };

/** Spec section 4: contact status is 1 when the tab value is 2, otherwise 2. */
export function contactStatusForTab(tab: number): 1 | 2 {
  return tab === 2 ? 1 : 2;
}

export const contactListBodySchema = z.object({
  tab_type: z.coerce.number().int().min(1).max(2).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(PAGE_SIZES.contacts),
  page: z.coerce.number().int().min(1).default(1),
  search: z.string().trim().max(100).optional(),
});
export const contactSchema = z.object({
  id: z.number().int(),
  serialNo: z.number().int(),
  status: z.union([z.literal(1), z.literal(2)]),
  is_new: z.boolean(),
  source: z.enum(['enquiry', 'manual']),
  user_id: z.number().int(),
  name: z.string(),
  user_type: z.string(),
  company_name: z.string().nullable(),
  company_type: z.string().nullable(),
  country: z.string().nullable(),
  email: z.string().nullable(),
  enquiries: z.number().int(),
  last_enquiry_at: z.string().nullable(),
  created_at: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;
export const contactPageSchema = page(contactSchema).extend({ counts: z.object({ 1: z.number(), 2: z.number() }) });

export const updateContactBodySchema = z.object({
  id: z.coerce.number().int().positive(),
  status: z.coerce.number().int().min(1).max(2),
});
export const contactIdBodySchema = z.object({ id: z.coerce.number().int().positive() });
export const addContactBodySchema = z.object({ user_id: z.coerce.number().int().positive() });
