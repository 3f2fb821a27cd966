import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  QUOTE_MESSAGES,
  addContactBodySchema,
  contactIdBodySchema,
  contactListBodySchema,
  contactPageSchema,
  enquiryAnswerBodySchema,
  enquiryDecisionBodySchema,
  enquiryDetailSchema,
  enquiryIdParamsSchema,
  enquiryIndexQuerySchema,
  enquiryPageSchema,
  enquiryReplyBodySchema,
  quoteConfigurationBodySchema,
  quoteStateSchema,
  quoteSubmitBodySchema,
  quoteSubmittedSchema,
} from '@tradeloop/contracts/quotes';
import type { Tx } from '../../db/client.ts';
import { caller } from '../../platform/access.ts';
import { invalid, type FieldErrors } from '../../platform/errors.ts';
import { routes, withMessage } from '../../platform/routes.ts';
import { configureQuote } from './configuration.ts';
import { addContact, listContacts, markContactSeen, updateContactStatus } from './contacts.ts';
import {
  acceptOffer,
  answerEnquiry,
  declineEnquiry,
  enquiryDetail,
  listEnquiries,
  replyToEnquiry,
  type EnquiryChange,
} from './enquiries.ts';
import { submitQuote } from './submit.ts';

const tags = ['quotes'];
const idData = z.object({ id: z.number().int() });

/** Quote requests, RFQs, enquiries and contact lists (issue 7; docs/decisions/013). */
export async function quotesRoutes(fastify: FastifyInstance) {
  await fastify.register(multipart, { limits: { fileSize: 0, files: 0, fields: 40, fieldSize: 8 * 1024, parts: 40 } });
  await fastify.register(quoteRoutes);
  await fastify.register(enquiryRoutes);
  await fastify.register(contactRoutes);
}

/** Form data fields (repeated ones as arrays) or a JSON body, as one object for the contract schema. */
async function formFields(request: FastifyRequest): Promise<Record<string, unknown>> {
  if (!request.isMultipart()) return (request.body ?? {}) as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for await (const part of request.parts()) {
    if (part.type !== 'field') continue;
    const name = part.fieldname.replace(/\[\]$/, '');
    const value = String(part.value ?? '');
    const existing = fields[name];
    fields[name] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  return fields;
}

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) (errors[issue.path.join('.') || 'body'] ??= []).push(issue.message);
  throw invalid(errors);
}

async function quoteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const route = routes(fastify);

  route.post(
    '/api/v1/front/quote_configuration',
    {
      access: 'public',
      tags,
      summary: 'Price one line of the quote modal (configured product or related simple product)',
      description:
        'The server prices the line itself (calculator, combination price or quantity tier) and answers the ' +
        'quote so far for this unique_session_id. Quantity 0 removes a related product.',
      body: quoteConfigurationBodySchema,
      data: quoteStateSchema,
      transaction: true,
    },
    async ({ request, tx }) => configureQuote(tx, request.user?.id ?? null, request.body),
  );

  route.post(
    '/api/v1/front/getQuery/submit',
    {
      access: 'user',
      permission: 'quotes',
      tags,
      summary: 'Send a quote request (form data); with similar_product_ids, also to those sellers (RFQ)',
      description:
        'Fields of spec section 7: unique_session_id, seller_user_id, enquiry_user_id, product_id, price, ' +
        'final_price, quantity, price_term, product_datetime, product_name, product_image, pre_title_name, ' +
        'greeting_message; plus combinations, currency and similar_product_ids[]. Prices are computed by the server.',
      consumes: ['multipart/form-data', 'application/json'],
      data: quoteSubmittedSchema,
      status: 201,
    },
    async ({ request, user: buyer }) => {
      // The form is read before the transaction: an upload must not hold the database while it streams in.
      const body = parse(quoteSubmitBodySchema, await formFields(request));
      const created = await app.db.transaction(async (tx) => {
        const enquiries = await submitQuote(tx, buyer, body);
        for (const enquiry of enquiries) {
          await app.events.emit(tx, 'quote.submitted', {
            enquiryId: enquiry.id,
            requestGroup: enquiry.requestGroup,
            sellerUserId: enquiry.sellerUserId,
            sellerCompanyId: enquiry.sellerCompanyId,
            buyerUserId: buyer.id,
            buyerName: enquiry.buyerName,
            productId: enquiry.productId,
            productName: enquiry.productName,
            combination: enquiry.combination,
            quantity: enquiry.quantity,
            message: body.greeting_message ?? null,
          });
        }
        return enquiries;
      });
      const message = created.length > 1 ? QUOTE_MESSAGES.submittedToMany(created.length) : QUOTE_MESSAGES.submitted;
      return withMessage(
        { enquiry_ids: created.map((enquiry) => enquiry.id), request_group: created[0].requestGroup },
        message,
      );
    },
  );
}

async function enquiryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const route = routes(fastify);

  route.get(
    '/api/v1/enquiry/index',
    {
      access: 'user',
      permission: 'quotes',
      tags,
      summary: 'Enquiries sent (buyer) or received (seller company), with counts by status',
      querystring: enquiryIndexQuerySchema,
      data: enquiryPageSchema,
    },
    async ({ request, user }) => listEnquiries(app.db, user, request.query),
  );

  route.get(
    '/api/v1/enquiry/view/:id',
    {
      access: 'user',
      permission: 'quotes',
      tags,
      summary: 'One enquiry with its negotiation thread (marks it read for the caller’s side)',
      params: enquiryIdParamsSchema,
      data: enquiryDetailSchema,
      transaction: true,
    },
    async ({ request, user, tx }) => enquiryDetail(tx, user, request.params.id),
  );

  const step = (
    url: string,
    summary: string,
    body: z.ZodType,
    run: (tx: Tx, request: FastifyRequest) => Promise<EnquiryChange>,
    message: string,
  ) =>
    route.post(
      url,
      { access: 'user', permission: 'quotes', tags, summary, body, data: idData, transaction: true },
      async ({ request, tx }) => {
        const change = await run(tx, request);
        await app.events.emit(tx, 'enquiry.updated', change);
        return withMessage({ id: change.enquiryId }, message);
      },
    );

  step(
    '/api/v1/enquiry/answer',
    'The seller answers with a unit price valid for some days',
    enquiryAnswerBodySchema,
    (tx, request) => answerEnquiry(tx, caller(request), request.body as z.infer<typeof enquiryAnswerBodySchema>),
    QUOTE_MESSAGES.answered,
  );
  step(
    '/api/v1/enquiry/reply',
    'A message in the thread (a buyer’s message or counter-offer re-opens it)',
    enquiryReplyBodySchema,
    (tx, request) => replyToEnquiry(tx, caller(request), request.body as z.infer<typeof enquiryReplyBodySchema>),
    QUOTE_MESSAGES.replied,
  );
  step(
    '/api/v1/enquiry/accept',
    'The buyer accepts the seller’s offer while it is valid',
    enquiryDecisionBodySchema,
    (tx, request) => acceptOffer(tx, caller(request), request.body as z.infer<typeof enquiryDecisionBodySchema>),
    QUOTE_MESSAGES.accepted,
  );
  step(
    '/api/v1/enquiry/decline',
    'Either side closes the enquiry without a deal',
    enquiryDecisionBodySchema,
    (tx, request) => declineEnquiry(tx, caller(request), request.body as z.infer<typeof enquiryDecisionBodySchema>),
    QUOTE_MESSAGES.declined,
  );
}

async function contactRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const route = routes(fastify);

  route.post(
    '/api/v1/front/contact_list',
    {
      access: 'user',
      permission: 'quotes',
      tags,
      summary: 'The contact list: tab_type 1 active contacts, 2 blocked; 15 a page',
      body: contactListBodySchema,
      data: contactPageSchema,
    },
    async ({ request, user }) => listContacts(app.db, user.id, request.body),
  );

  route.post(
    '/api/v1/front/update_contact_list',
    {
      access: 'user',
      permission: 'quotes',
      tags,
      summary: 'Move a contact between tabs (status 1 when the tab is 2, otherwise 2)',
      body: z.object({ id: z.coerce.number().int().positive(), status: z.coerce.number().int().min(1).max(2) }),
      data: idData,
      transaction: true,
    },
    async ({ request, user, tx }) => {
      await updateContactStatus(tx, user.id, request.body);
      return withMessage({ id: request.body.id }, QUOTE_MESSAGES.contactUpdated);
    },
  );

  route.post(
    '/api/v1/front/update_status',
    {
      access: 'user',
      permission: 'quotes',
      tags,
      summary: 'Mark a contact as seen',
      body: contactIdBodySchema,
      data: idData,
      transaction: true,
    },
    async ({ request, user, tx }) => {
      await markContactSeen(tx, user.id, request.body.id);
      return withMessage({ id: request.body.id }, QUOTE_MESSAGES.contactSeen);
    },
  );

  route.post(
    '/api/v1/front/contact_list/add',
    {
      access: 'user',
      permission: 'quotes',
      tags,
      summary: 'Add a user (a seller from a product page) to the contact list',
      body: addContactBodySchema,
      data: z.object({ created: z.boolean() }),
      transaction: true,
    },
    async ({ request, user, tx }) => {
      const result = await addContact(tx, user.id, request.body);
      return withMessage(result, result.created ? QUOTE_MESSAGES.contactAdded : QUOTE_MESSAGES.contactExists);
    },
  );
}
