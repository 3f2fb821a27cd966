import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  INVOICE_KIND_LABELS,
  ORDER_MESSAGES,
  ORDER_STATUS_LABELS,
  creditNoteBodySchema,
  idParamsSchema,
  invoiceCreateBodySchema,
  orderDetailSchema,
  orderListQuerySchema,
  orderPageSchema,
  orderStatusBodySchema,
  paymentBodySchema,
  quotationAcceptBodySchema,
  quotationCreateBodySchema,
  quotationReviseBodySchema,
  quotationSchema,
  leadQuotationSchema,
  reasonBodySchema,
} from '@tradeloop/contracts/orders';
import { documentNumber } from '@tradeloop/contracts/orders';
import type { Tx } from '../../db/client.ts';
import { money } from './money.ts';
import { mailDocuments } from './mail.ts';
import { invoicePdf, quotationPdf, type PdfFile } from './documents.ts';
import { routes, withMessage } from '../../platform/routes.ts';
import type { AuthUser } from '../../platform/sessions.ts';
import { quotationStep, repeatEnquiry } from '../quotes/public.ts';
import { conflict } from '../../platform/errors.ts';
import {
  createQuotation,
  declineQuotation,
  leadQuotation,
  quotationDetail,
  receivedQuotations,
  quotationOfEnquiry,
  moveLeadDocuments,
  reviseQuotation,
  type QuotationSent,
} from './quotations.ts';
import {
  acceptQuotation,
  buyerOrderDetail,
  buyerOrderRow,
  cancelOrder,
  issueCreditNote,
  issueInvoiceByChoice,
  listOrders,
  moveOrder,
  recordPayment,
  sellerOrderDetail,
  type OrderChange,
} from './service.ts';

const tags = ['orders'];

/** A private document: not cached by shared caches, downloaded under its number. */
function sendPdf(reply: FastifyReply, file: PdfFile) {
  return reply
    .header('content-type', file.contentType)
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(file.content);
}
const idData = z.object({ id: z.number().int() });
const orderIdData = z.object({ id: z.number().int(), order_id: z.number().int() });

/** Quotations, orders, invoices and payments (issue 44; docs/decisions/052). */
export async function ordersRoutes(fastify: FastifyInstance) {
  const app = fastify;
  const route = routes(fastify);
  mailDocuments(app);
  // A merge of two CRM leads moves the merged one's quotation and orders too (crm records/rehome.ts).
  app.crm.onRehome(moveLeadDocuments);

  /** The quotation's step on the enquiry thread (the buyer is told) and the deal's event, in the caller's transaction. */
  async function quotationSent(tx: Tx, user: AuthUser, companyId: number, sent: QuotationSent) {
    if (sent.enquiryId !== null) {
      const change = await quotationStep(tx, user, sent.enquiryId, {
        kind: 'answer',
        message: `Quotation ${sent.number} version ${sent.version}: ${sent.currency} ${sent.total}, valid until ${sent.validUntil}`,
        total: Number(sent.total),
        validUntil: new Date(`${sent.validUntil}T23:59:59.999Z`),
      });
      await app.events.emit(tx, 'enquiry.updated', change);
    }
    await app.events.emit(tx, 'quotation.sent', {
      companyId,
      quotationId: sent.quotationId,
      enquiryId: sent.enquiryId,
      leadId: sent.leadId,
      number: sent.number,
      version: sent.version,
      total: sent.total,
      currency: sent.currency,
    });
  }

  /** What an order's change tells the others: the status, the deal (through its events), the invoices. */
  async function orderChanged(tx: Tx, change: OrderChange, kind: 'placed' | 'status' | 'none') {
    const { order } = change;
    const number = documentNumber('order', order.number);
    if (kind === 'placed')
      await app.events.emit(tx, 'order.placed', {
        companyId: order.companyId,
        orderId: order.id,
        number,
        enquiryId: order.enquiryId,
        leadId: order.leadId,
        total: money(order.total, order.currencyCode),
        currency: order.currencyCode,
        buyerUserId: order.buyerUserId,
        sellerUserId: order.sellerUserId,
      });
    if (kind === 'status')
      await app.events.emit(tx, 'order.status_changed', {
        companyId: order.companyId,
        orderId: order.id,
        number,
        enquiryId: order.enquiryId,
        leadId: order.leadId,
        status: order.status,
        text: change.text,
        reason: change.reason,
        actorSide: change.actorSide,
        buyerUserId: order.buyerUserId,
        sellerUserId: order.sellerUserId,
      });
    for (const invoice of change.issued)
      await app.events.emit(tx, 'invoice.issued', {
        companyId: order.companyId,
        orderId: order.id,
        invoiceId: invoice.id,
        number: documentNumber(invoice.kind, invoice.number),
        kind: invoice.kind,
        total: money(invoice.total, invoice.currencyCode),
        currency: invoice.currencyCode,
        buyerUserId: order.buyerUserId,
        sellerUserId: order.sellerUserId,
      });
  }

  // ── quotations ──────────────────────────────────────────────────────────────────────────────

  route.post(
    '/api/v1/quotations',
    {
      access: 'company',
      permission: 'quotes',
      tags,
      summary: 'Send a formal quotation (version 1) on an enquiry the company received, or to a CRM lead’s buyer',
      description:
        'Lines with quantity, unit, unit price (the request’s price for a product of the request when left out), ' +
        'discount and tax per line; money as decimal strings in the enquiry’s currency (decision 052). ' +
        'enquiry_id or lead_id (one of them). From a lead: currency is required, every line carries its unit ' +
        'price, product lines must be the company’s products; a lead without a TradeLoop account is 409.',
      body: quotationCreateBodySchema,
      data: quotationSchema,
      status: 201,
      transaction: true,
    },
    async ({ request, user, member, tx }) => {
      const sent = await createQuotation(tx, member, request.body);
      await quotationSent(tx, user, member.companyId, sent);
      return withMessage(await quotationDetail(tx, user, sent.quotationId), ORDER_MESSAGES.quotationSent);
    },
  );

  route.post(
    '/api/v1/quotations/:id/revisions',
    {
      access: 'company',
      permission: 'quotes',
      tags,
      summary: 'Send a revision (version 2, 3 …) of an open quotation; earlier versions stay in its history',
      params: idParamsSchema,
      body: quotationReviseBodySchema,
      data: quotationSchema,
      status: 201,
      transaction: true,
    },
    async ({ request, user, member, tx }) => {
      const sent = await reviseQuotation(tx, member, request.params.id, request.body);
      await quotationSent(tx, user, member.companyId, sent);
      return withMessage(await quotationDetail(tx, user, sent.quotationId), ORDER_MESSAGES.revisionSent(sent.version));
    },
  );

  route.get(
    '/api/v1/quotations/:id',
    {
      access: 'user',
      permission: 'quotes',
      tags,
      summary: 'A quotation with its versions, for its buyer or the seller company',
      params: idParamsSchema,
      data: quotationSchema,
    },
    async ({ request, user }) => quotationDetail(app.db, user, request.params.id),
  );

  route.get(
    '/api/v1/quotations/received',
    {
      access: 'user',
      tags,
      summary: 'The quotations awaiting my answer as a buyer (open and valid), newest first, at most 20',
      data: z.array(quotationSchema),
    },
    async ({ user }) => receivedQuotations(app.db, user),
  );

  route.get(
    '/api/v1/leads/:id/quotation',
    {
      access: 'company',
      permission: 'quotes',
      tags,
      summary:
        'Whom a quotation written from CRM lead {id} goes to (its marketplace account, or why none) and its quotation',
      description:
        'A lead with no TradeLoop account (e-mail only) answers buyer_user_id null and the reason; POST quotations ' +
        'with its lead_id then answers 409. Another company’s lead, or one the caller may not see, is 404.',
      params: idParamsSchema,
      data: leadQuotationSchema,
    },
    async ({ request, user, member }) => leadQuotation(app.db, user, member.companyId, request.params.id),
  );

  route.get(
    '/api/v1/enquiry/:id/quotation',
    {
      access: 'user',
      permission: 'quotes',
      tags,
      summary: 'The quotation on an enquiry, for its buyer or the seller company (404 when there is none)',
      params: idParamsSchema,
      data: quotationSchema,
    },
    async ({ request, user }) => quotationOfEnquiry(app.db, user, request.params.id),
  );

  route.post(
    '/api/v1/quotations/:id/accept',
    {
      access: 'user',
      tags,
      summary: 'The buyer accepts the current, valid version: one order, confirmed, with its proforma invoice',
      description:
        '409 when the version was superseded, the quotation expired or was already accepted; two acceptances ' +
        'at once make one order.',
      params: idParamsSchema,
      body: quotationAcceptBodySchema,
      data: orderIdData,
      status: 201,
      transaction: true,
    },
    async ({ request, user, tx }) => {
      const change = await acceptQuotation(tx, user, request.params.id, request.body.version);
      if (change.order.enquiryId !== null) {
        const step = await quotationStep(tx, user, change.order.enquiryId, {
          kind: 'accept',
          message: `Accepted quotation version ${change.order.quotationVersion}: order ${documentNumber('order', change.order.number)}`,
          total: Number(change.order.total),
          validUntil: null,
        });
        await app.events.emit(tx, 'enquiry.updated', step);
      }
      await orderChanged(tx, change, 'placed');
      return withMessage({ id: request.params.id, order_id: change.order.id }, ORDER_MESSAGES.accepted);
    },
  );

  route.post(
    '/api/v1/quotations/:id/decline',
    {
      access: 'user',
      tags,
      summary: 'The buyer declines the quotation, with a reason',
      params: idParamsSchema,
      body: reasonBodySchema,
      data: idData,
      transaction: true,
    },
    async ({ request, user, tx }) => {
      const quotation = await declineQuotation(tx, user, request.params.id, request.body.reason);
      if (quotation.enquiryId !== null) {
        const step = await quotationStep(tx, user, quotation.enquiryId, {
          kind: 'decline',
          message: `Declined the quotation: ${request.body.reason}`,
          total: null,
          validUntil: null,
        });
        await app.events.emit(tx, 'enquiry.updated', step);
      }
      await app.events.emit(tx, 'quotation.declined', {
        companyId: quotation.companyId,
        quotationId: quotation.id,
        enquiryId: quotation.enquiryId,
        leadId: quotation.leadId,
        number: documentNumber('quotation', quotation.number),
        reason: request.body.reason,
      });
      return withMessage({ id: quotation.id }, ORDER_MESSAGES.declined);
    },
  );

  route.get(
    '/api/v1/quotations/:id/pdf',
    {
      access: 'user',
      permission: 'quotes',
      tags,
      summary: 'The quotation’s current version (or ?version=) as a PDF, for its buyer or the seller company',
      params: idParamsSchema,
      querystring: z.object({ version: z.coerce.number().int().positive().optional() }),
      produces: ['application/pdf'],
    },
    async ({ request, reply, user }) => {
      const file = await quotationPdf(app.db, app.storage, user, request.params.id, request.query.version);
      return sendPdf(reply, file);
    },
  );

  // ── orders ──────────────────────────────────────────────────────────────────────────────────

  route.get(
    '/api/v1/orders/sold',
    {
      access: 'company',
      permission: 'orders.view',
      tags,
      summary: 'The company’s orders, newest activity first, with counts by status',
      querystring: orderListQuerySchema,
      data: orderPageSchema,
    },
    async ({ request, member }) => listOrders(app.db, { companyId: member.companyId }, request.query),
  );

  route.get(
    '/api/v1/orders/sold/:id',
    {
      access: 'company',
      permission: 'orders.view',
      tags,
      summary: 'One of the company’s orders with its lines, timeline, invoices and payments',
      params: idParamsSchema,
      data: orderDetailSchema,
    },
    async ({ request, member }) => sellerOrderDetail(app.db, member.companyId, request.params.id),
  );

  route.get(
    '/api/v1/orders/bought',
    {
      access: 'user',
      tags,
      summary: 'My orders (as a buyer), newest activity first, with counts by status',
      querystring: orderListQuerySchema,
      data: orderPageSchema,
    },
    async ({ request, user }) => listOrders(app.db, { buyerUserId: user.id }, request.query),
  );

  route.get(
    '/api/v1/orders/bought/:id',
    {
      access: 'user',
      tags,
      summary: 'One of my orders (as a buyer) with its timeline and invoices',
      params: idParamsSchema,
      data: orderDetailSchema,
    },
    async ({ request, user }) => buyerOrderDetail(app.db, user.id, request.params.id),
  );

  route.post(
    '/api/v1/orders/:id/status',
    {
      access: 'company',
      permission: 'orders.manage',
      tags,
      summary: 'The seller moves the order on (in production, ready to ship, shipped with carrier and tracking …)',
      params: idParamsSchema,
      body: orderStatusBodySchema,
      data: idData,
      transaction: true,
    },
    async ({ request, member, tx }) => {
      const change = await moveOrder(tx, member, request.params.id, request.body);
      await orderChanged(tx, change, 'status');
      return withMessage(
        { id: change.order.id },
        ORDER_MESSAGES.statusChanged(ORDER_STATUS_LABELS[change.order.status]),
      );
    },
  );

  route.post(
    '/api/v1/orders/:id/cancel',
    {
      access: 'user',
      tags,
      summary: 'Either side cancels the order before it ships, with a reason',
      description: 'A seller’s sub-user needs orders.manage.',
      params: idParamsSchema,
      body: reasonBodySchema,
      data: idData,
      transaction: true,
    },
    async ({ request, user, tx }) => {
      const change = await cancelOrder(tx, user, request.params.id, request.body.reason);
      await orderChanged(tx, change, 'status');
      return withMessage({ id: change.order.id }, ORDER_MESSAGES.cancelled);
    },
  );

  route.post(
    '/api/v1/orders/:id/reorder',
    {
      access: 'user',
      tags,
      summary: 'Reorder: the buyer sends the seller a new quote request for what the order’s request asked',
      params: idParamsSchema,
      data: z.object({ enquiry_id: z.number().int() }),
      status: 201,
      transaction: true,
    },
    async ({ request, user, tx }) => {
      const order = await buyerOrderRow(tx, user.id, request.params.id);
      if (order.enquiryId === null) throw conflict(ORDER_MESSAGES.reorderNeedsEnquiry);
      const number = documentNumber('order', order.number);
      const enquiry = await repeatEnquiry(tx, user, order.enquiryId, `Reorder of ${number}: please quote again.`);
      await app.events.emit(tx, 'quote.submitted', {
        enquiryId: enquiry.id,
        requestGroup: enquiry.requestGroup,
        sellerUserId: enquiry.sellerUserId,
        sellerCompanyId: enquiry.sellerCompanyId,
        buyerUserId: user.id,
        buyerName: enquiry.buyerName,
        productId: enquiry.productId,
        productName: enquiry.productName,
        combination: enquiry.combination,
        quantity: enquiry.quantity,
        message: `Reorder of ${number}: please quote again.`,
      });
      return withMessage({ enquiry_id: enquiry.id }, ORDER_MESSAGES.reordered);
    },
  );

  // ── invoices ────────────────────────────────────────────────────────────────────────────────

  route.post(
    '/api/v1/orders/:id/invoices',
    {
      access: 'company',
      permission: 'invoices.manage',
      tags,
      summary:
        'Issue the order’s proforma or commercial invoice now (they are also issued on confirmation and shipment)',
      params: idParamsSchema,
      body: invoiceCreateBodySchema,
      data: orderIdData,
      status: 201,
      transaction: true,
    },
    async ({ request, member, tx }) => {
      const change = await issueInvoiceByChoice(tx, member, request.params.id, request.body.kind);
      await orderChanged(tx, change, 'none');
      return withMessage(
        { id: change.issued[0].id, order_id: change.order.id },
        ORDER_MESSAGES.invoiceIssued(INVOICE_KIND_LABELS[request.body.kind]),
      );
    },
  );

  route.get(
    '/api/v1/invoices/:id/pdf',
    {
      access: 'user',
      tags,
      summary: 'An invoice or credit note as a PDF, for the order’s buyer or the seller company (orders.view)',
      params: idParamsSchema,
      produces: ['application/pdf'],
    },
    async ({ request, reply, user }) => sendPdf(reply, await invoicePdf(app.db, app.storage, user, request.params.id)),
  );

  route.post(
    '/api/v1/invoices/:id/payments',
    {
      access: 'company',
      permission: 'invoices.manage',
      tags,
      summary: 'Record a payment against an invoice (never above the balance due)',
      params: idParamsSchema,
      body: paymentBodySchema,
      data: orderIdData,
      status: 201,
      transaction: true,
    },
    async ({ request, member, tx }) => {
      const change = await recordPayment(tx, member, request.params.id, request.body);
      return withMessage({ id: request.params.id, order_id: change.order.id }, ORDER_MESSAGES.paymentRecorded);
    },
  );

  route.post(
    '/api/v1/invoices/:id/credit-notes',
    {
      access: 'company',
      permission: 'invoices.manage',
      tags,
      summary: 'Correct an issued invoice with a credit note (an invoice is never edited)',
      params: idParamsSchema,
      body: creditNoteBodySchema,
      data: orderIdData,
      status: 201,
      transaction: true,
    },
    async ({ request, member, tx }) => {
      const change = await issueCreditNote(tx, member, request.params.id, request.body);
      await orderChanged(tx, change, 'none');
      return withMessage({ id: change.issued[0].id, order_id: change.order.id }, ORDER_MESSAGES.creditIssued);
    },
  );
}
