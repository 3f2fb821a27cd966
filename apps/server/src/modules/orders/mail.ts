import type { FastifyInstance } from 'fastify';
import { INVOICE_KIND_LABELS, type InvoiceKind } from '@tradeloop/contracts/orders';
import { documentParty } from '../accounts/public.ts';
import { invoicePdf, quotationPdf } from './documents.ts';

/**
 * The documents reach the buyer by e-mail, as PDF attachments, through the durable mail queue (issue 44):
 * each written in the delivery's transaction, sent once it commits and retried until it leaves.
 */
export function mailDocuments(app: FastifyInstance) {
  const link = (path: string) => `${app.config.publicUrl}${path}`;

  app.events.on('quotation.sent', 'orders.mail-quotation', async (event, { tx }) => {
    const file = await quotationPdf(tx, app.storage, null, event.quotationId, event.version);
    const { buyer, seller } = file.quotation;
    if (!buyer.email) return;
    const from = seller.company_name ?? seller.name;
    await app.mailer.queue(tx, {
      to: buyer.email,
      subject: `Quotation ${event.number} v${event.version} from ${from}`,
      text:
        `${from} sent you quotation ${event.number} (version ${event.version}): ${event.currency} ${event.total}.\n\n` +
        `The quotation is attached. Accept or decline it on TradeLoop:\n${link(
          event.enquiryId === null
            ? `/my-orders/quotations/${event.quotationId}`
            : `/enquiries?type=sent&id=${event.enquiryId}`,
        )}`,
      attachments: [{ filename: file.filename, content: file.content, contentType: file.contentType }],
    });
  });

  app.events.on('invoice.issued', 'orders.mail-invoice', async (event, { tx }) => {
    const file = await invoicePdf(tx, app.storage, null, event.invoiceId);
    const buyer = file.order.buyer;
    const party = await documentParty(tx, buyer.user_id);
    if (!party.email) return;
    const label = INVOICE_KIND_LABELS[event.kind as InvoiceKind];
    await app.mailer.queue(tx, {
      to: party.email,
      subject: `${label} ${event.number} for order ${file.order.number}`,
      text:
        `${file.order.seller.company_name ?? file.order.seller.name} issued ${label.toLowerCase()} ${event.number} ` +
        `for order ${file.order.number}: ${event.currency} ${event.total}; balance due ${event.currency} ${file.invoice.balance_due}.\n\n` +
        `The document is attached. See the order on TradeLoop:\n${link(`/my-orders/${event.orderId}`)}`,
      attachments: [{ filename: file.filename, content: file.content, contentType: file.contentType }],
    });
  });
}
