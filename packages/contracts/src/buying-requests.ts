import { z } from 'zod';
import { CONTENT_LIMITS } from './crm/records.ts';
import { page } from './common.ts';
import { ENQUIRY_STATUSES } from './quotes.ts';

/**
 * Buying requests (issue 45, docs/decisions/055): Alibaba.com's "Post a buying request". A buyer says
 * what they need at /questionnaire; the server sends it to the suppliers whose catalogue matches, each
 * receiving it in their CRM as a lead with a type 3 thread and as an enquiry they answer.
 */

export const BUYING_REQUEST_LIMITS = {
  keyword: 120,
  requirements: 4000,
  port: 120,
  quantityMax: 1_000_000_000,
  /** Decimals a quantity may carry in a unit that is measured (kilograms, litres...). */
  quantityDecimals: 4,
  priceMax: 1_000_000_000,
  attachments: 5,
  attachmentMaxBytes: CONTENT_LIMITS.fileMaxBytes,
  attachmentNameMaxChars: CONTENT_LIMITS.fileNameMaxChars,
} as const;

/** The multipart field of the attachments. */
export const BUYING_REQUEST_FILE_FIELD = 'attachments[]';

const mb = BUYING_REQUEST_LIMITS.attachmentMaxBytes / 1_048_576;

export const BUYING_REQUEST_MESSAGES = {
  heading: 'Post a buying request',
  posted: (suppliers: number) =>
    suppliers === 0
      ? 'Your buying request has been posted. No supplier matches it yet; we will keep it on your requests page.'
      : `Your buying request has been sent to ${suppliers} ${suppliers === 1 ? 'supplier' : 'suppliers'}.`,
  categoryRequired: 'Please choose a category',
  categoryNotFound: 'This category does not exist',
  keywordTooLong: `Please write at most ${BUYING_REQUEST_LIMITS.keyword} characters`,
  quantityRequired: 'Please enter quantity',
  quantityPositive: 'Quantity must be greater than 0',
  quantityTooHigh: 'This quantity is too high',
  quantityWhole: (unit: string) => `Quantity in ${unit} must be a whole number`,
  quantityDecimals: `Quantity can have at most ${BUYING_REQUEST_LIMITS.quantityDecimals} decimals`,
  unitRequired: 'Please choose a unit',
  unitNotFound: 'This unit does not exist',
  priceInvalid: 'Please enter a valid price',
  pricePositive: 'Price must be greater than 0',
  priceTooHigh: 'This price is too high',
  currencyRequired: 'Please choose the currency of your target price',
  currencyNotFound: 'This currency does not exist',
  countryRequired: 'Please choose the destination country',
  countryNotFound: 'Country not found.',
  portTooLong: `Please write at most ${BUYING_REQUEST_LIMITS.port} characters`,
  dateRequired: 'Please enter the date you need the goods by',
  dateInvalid: 'Please enter a valid date',
  datePast: 'The date cannot be in the past',
  descriptionRequired: 'Please describe what you need',
  descriptionTooLong: `Please write at most ${BUYING_REQUEST_LIMITS.requirements} characters`,
  attachmentTooLarge: `Each file can be at most ${mb} MB`,
  tooManyAttachments: `At most ${BUYING_REQUEST_LIMITS.attachments} files can be attached`,
  formUnreadable: 'The form could not be read. Please try again.',
} as const;

/** Text fields of a buying request as a form sends them (multipart or JSON); every value may come as a string. */
const text = (max: number, message: string) => z.string().trim().max(max, message);
const optionalText = (max: number, message: string) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), text(max, message).optional());

const decimals = (value: string) => (value.split('.')[1] ?? '').length;

const quantity = z
  .preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    z
      .string({ error: BUYING_REQUEST_MESSAGES.quantityRequired })
      .trim()
      .min(1, BUYING_REQUEST_MESSAGES.quantityRequired),
  )
  .superRefine((value, context) => {
    const issue = (message: string) => context.addIssue({ code: 'custom', message });
    if (!/^-?\d+(\.\d+)?$/.test(value)) return issue(BUYING_REQUEST_MESSAGES.quantityRequired);
    if (Number(value) <= 0) return issue(BUYING_REQUEST_MESSAGES.quantityPositive);
    if (Number(value) > BUYING_REQUEST_LIMITS.quantityMax) return issue(BUYING_REQUEST_MESSAGES.quantityTooHigh);
    if (decimals(value) > BUYING_REQUEST_LIMITS.quantityDecimals) issue(BUYING_REQUEST_MESSAGES.quantityDecimals);
  });

const targetPrice = z.preprocess(
  (value) => (value === '' || value === null ? undefined : typeof value === 'number' ? String(value) : value),
  z
    .string()
    .trim()
    .superRefine((value, context) => {
      const issue = (message: string) => context.addIssue({ code: 'custom', message });
      if (!/^-?\d+(\.\d+)?$/.test(value) || decimals(value) > 4) return issue(BUYING_REQUEST_MESSAGES.priceInvalid);
      if (Number(value) <= 0) return issue(BUYING_REQUEST_MESSAGES.pricePositive);
      if (Number(value) > BUYING_REQUEST_LIMITS.priceMax) issue(BUYING_REQUEST_MESSAGES.priceTooHigh);
    })
    .optional(),
);

const positiveId = (required: string) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce.number({ error: required }).int(required).positive(required),
  );

/** YYYY-MM-DD, a real day. Whether it is past is judged by the server against today (UTC). */
const day = z
  .string({ error: BUYING_REQUEST_MESSAGES.dateRequired })
  .trim()
  .min(1, BUYING_REQUEST_MESSAGES.dateRequired)
  .refine(
    (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value,
    BUYING_REQUEST_MESSAGES.dateInvalid,
  );

export const buyingRequestBodySchema = z.object({
  category_id: positiveId(BUYING_REQUEST_MESSAGES.categoryRequired),
  product_keyword: optionalText(BUYING_REQUEST_LIMITS.keyword, BUYING_REQUEST_MESSAGES.keywordTooLong),
  quantity,
  unit_id: positiveId(BUYING_REQUEST_MESSAGES.unitRequired),
  target_price: targetPrice,
  currency_id: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce.number({ error: BUYING_REQUEST_MESSAGES.currencyNotFound }).int().positive().optional(),
  ),
  country_code: z
    .string({ error: BUYING_REQUEST_MESSAGES.countryRequired })
    .trim()
    .min(1, BUYING_REQUEST_MESSAGES.countryRequired)
    .max(60, BUYING_REQUEST_MESSAGES.countryNotFound),
  port: optionalText(BUYING_REQUEST_LIMITS.port, BUYING_REQUEST_MESSAGES.portTooLong),
  required_by: day,
  requirements: z
    .string({ error: BUYING_REQUEST_MESSAGES.descriptionRequired })
    .trim()
    .min(1, BUYING_REQUEST_MESSAGES.descriptionRequired)
    .max(BUYING_REQUEST_LIMITS.requirements, BUYING_REQUEST_MESSAGES.descriptionTooLong),
});
export type BuyingRequestBody = z.input<typeof buyingRequestBodySchema>;

export const buyingRequestIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export const buyingRequestFileParamsSchema = buyingRequestIdParamsSchema.extend({
  fileId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export const buyingRequestIndexQuerySchema = z.object({
  page: z.coerce.number().int().positive().default(1),
  per_page: z.coerce.number().int().positive().max(100).default(15),
});

export const buyingRequestPostedSchema = z.object({ id: z.number().int(), suppliers: z.number().int() });

const attachmentSchema = z.object({
  id: z.number().int(),
  file_name: z.string(),
  size: z.number().int(),
  mime: z.string(),
  url: z.string(),
});

export const buyingRequestSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  category: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  product_keyword: z.string().nullable(),
  quantity: z.string(),
  unit: z.string(),
  target_price: z.string().nullable(),
  currency: z.object({ id: z.number().int(), code: z.string(), symbol: z.string() }).nullable(),
  country: z.object({ code: z.string(), name: z.string() }),
  port: z.string().nullable(),
  required_by: z.string(),
  suppliers: z.number().int(),
  answers: z.number().int(),
  created_at: z.string(),
});
export type BuyingRequestSummary = z.infer<typeof buyingRequestSummarySchema>;

/** A supplier the request went to, with where its answer (the enquiry) stands. */
export const buyingRequestSupplierSchema = z.object({
  company_id: z.number().int(),
  company_name: z.string(),
  enquiry_id: z.number().int(),
  status: z.enum(ENQUIRY_STATUSES),
  offer_unit_price: z.number().nullable(),
  offer_total: z.number().nullable(),
  valid_until: z.string().nullable(),
  last_message: z.string().nullable(),
  answered_at: z.string().nullable(),
});
export type BuyingRequestSupplier = z.infer<typeof buyingRequestSupplierSchema>;

export const buyingRequestDetailSchema = buyingRequestSummarySchema.extend({
  requirements: z.string(),
  attachments: z.array(attachmentSchema),
  recipients: z.array(buyingRequestSupplierSchema),
});
export type BuyingRequestDetail = z.infer<typeof buyingRequestDetailSchema>;

export const buyingRequestPageSchema = page(buyingRequestSummarySchema);
export type BuyingRequestPage = z.infer<typeof buyingRequestPageSchema>;

/** The pages of the buyer's side, all under the spec's `questionnaire` area (sub-users may open it). */
export const BUYING_REQUEST_PATHS = {
  post: '/questionnaire',
  list: '/questionnaire/requests',
  detail: (id: number) => `/questionnaire/requests/${id}`,
} as const;
