import {
  INVOICE_KIND_LABELS,
  type DocumentParty,
  type Invoice,
  type OrderDetail,
  type Quotation,
} from '@tradeloop/contracts/orders';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { AuthUser } from '../../platform/sessions.ts';
import type { Storage } from '../../platform/storage.ts';
import { companyLogo } from '../company-profile/public.ts';
import { buyerParty, sellerParty } from './parties.ts';
import { renderPdf } from './pdf.ts';
import { quotationById, quotationDetail, toParty } from './quotations.ts';
import { visibleInvoice } from './service.ts';
import { quotations } from './tables.ts';

export type PdfFile = { filename: string; content: Buffer; contentType: 'application/pdf' };

const day = (iso: string) => iso.slice(0, 10);

/** The quotation's current version (or `version`) as a PDF. */
export async function quotationPdf(
  tx: Tx,
  storage: Storage,
  user: AuthUser | null,
  id: number,
  version?: number,
): Promise<PdfFile & { quotation: Quotation }> {
  // Without a user: work outside a request (the e-mail to the buyer).
  const quotation = user ? await quotationDetail(tx, user, id) : await quotationById(tx, id);
  const shown = quotation.versions.find((entry) => entry.version === (version ?? quotation.current_version))!;
  const [{ companyId }] = await tx
    .select({ companyId: quotations.companyId })
    .from(quotations)
    .where(eq(quotations.id, quotation.id));
  const content = await renderPdf({
    logo: await companyLogo(tx, storage, companyId),
    title: 'Quotation',
    number: `${quotation.number} v${shown.version}`,
    date: day(shown.created_at),
    seller: { ...quotation.seller, tax_id: shown.seller_tax_id },
    buyer: { ...quotation.buyer, tax_id: shown.buyer_tax_id },
    terms: [
      ['Price term', shown.price_term],
      ['Payment terms', shown.payment_terms],
      ['Delivery', [shown.delivery_time, shown.delivery_port].filter(Boolean).join(', ') || null],
      ['Valid until', shown.valid_until],
    ],
    lines: shown.lines,
    totals: shown,
    notes: shown.notes,
  });
  return { filename: `${quotation.number}-v${shown.version}.pdf`, content, contentType: 'application/pdf', quotation };
}

async function parties(
  tx: Tx,
  order: OrderDetail & { companyId: number },
  taxIds: { seller: string | null; buyer: string | null },
) {
  const [seller, buyer] = await Promise.all([
    sellerParty(tx, order.seller.user_id, order.companyId),
    buyerParty(tx, order.buyer.user_id),
  ]);
  return { seller: toParty(seller, taxIds.seller), buyer: toParty(buyer, taxIds.buyer) } as {
    seller: DocumentParty;
    buyer: DocumentParty;
  };
}

/** An invoice or credit note as a PDF, with what was paid and the balance due. */
export async function invoicePdf(
  tx: Tx,
  storage: Storage,
  user: AuthUser | null,
  id: number,
): Promise<PdfFile & { invoice: Invoice; order: OrderDetail }> {
  const { order, row, invoice } = await visibleInvoice(tx, user, id);
  const { seller, buyer } = await parties(
    tx,
    { ...order, companyId: row.companyId },
    { seller: row.sellerTaxId, buyer: row.buyerTaxId },
  );
  const content = await renderPdf({
    logo: await companyLogo(tx, storage, row.companyId),
    title: INVOICE_KIND_LABELS[invoice.kind],
    number: invoice.number,
    date: day(invoice.issued_at),
    seller,
    buyer,
    terms: [
      ['Order', `${order.number} (quotation ${order.quotation_number} v${order.quotation_version})`],
      ['Price term', order.price_term],
      ['Payment terms', order.payment_terms],
      ['Delivery', [order.delivery_time, order.delivery_port].filter(Boolean).join(', ') || null],
      ['Shipped with', order.carrier ? `${order.carrier}, tracking ${order.tracking_reference}` : null],
      ['Reason', invoice.reason],
    ],
    lines: invoice.lines,
    totals: invoice,
    after:
      invoice.kind === 'credit_note'
        ? []
        : [
            ['Paid on this invoice', invoice.paid],
            ['Balance due', invoice.balance_due],
          ],
  });
  return { filename: `${invoice.number}.pdf`, content, contentType: 'application/pdf', invoice, order };
}
