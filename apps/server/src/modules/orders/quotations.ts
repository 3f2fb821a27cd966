import { and, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ORDER_LIMITS,
  ORDER_MESSAGES,
  currencyDecimals,
  documentNumber,
  type DocumentParty,
  type LeadQuotation,
  type Quotation,
  type quotationCreateBodySchema,
  type quotationReviseBodySchema,
} from '@tradeloop/contracts/orders';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, forbidden, invalid, notFound, type FieldErrors } from '../../platform/errors.ts';
import type { AuthUser } from '../../platform/sessions.ts';
import type { documentParty } from '../accounts/public.ts';
import { buyerParty, sellerParty } from './parties.ts';
import { currencyRef, currentRates } from '../market/public.ts';
import { enquiryForQuotation } from '../quotes/public.ts';
import { companyProductSummaries } from '../catalog/public.ts';
import { leadBuyer, type RecordMove } from '../crm/public.ts';
import { CRM_TYPE } from '@tradeloop/contracts/crm/records';
import { decimalsOf, money, priceLine, storedLines, totalsOf, type PricedInput } from './money.ts';
import { nextNumber } from './numbers.ts';
import { orders, quotations, quotationVersions } from './tables.ts';

type Terms = z.infer<typeof quotationReviseBodySchema>;
type QuotationRow = typeof quotations.$inferSelect;
type VersionRow = typeof quotationVersions.$inferSelect;
type Member = { companyId: number; userId: number };

const DAY_MS = 24 * 60 * 60 * 1000;
export const todayUtc = () => new Date().toISOString().slice(0, 10);
export const isExpired = (validUntil: string) => validUntil < todayUtc();

/** The lines priced: a price given, or the price the request carried for that product (its tier). */
function priceLines(
  terms: Terms,
  code: string,
  requested: { product_id: number; unit_price: number }[],
): (ReturnType<typeof priceLine> & object)[] {
  const errors: FieldErrors = {};
  const places = currencyDecimals(code);
  const priced = terms.lines.map((line, index) => {
    let unitPrice = line.unit_price;
    if (unitPrice === undefined) {
      const asked = requested.find((entry) => entry.product_id === line.product_id);
      if (!asked) (errors[`lines.${index}.unit_price`] ??= []).push(ORDER_MESSAGES.priceRequired);
      unitPrice = money(asked?.unit_price ?? 0, code);
    } else if (decimalsOf(unitPrice) > places) {
      (errors[`lines.${index}.unit_price`] ??= []).push(ORDER_MESSAGES.tooManyDecimals(code, places));
    }
    return priceLine({ ...line, unit_price: unitPrice } as PricedInput, code);
  });
  const today = todayUtc();
  const latest = new Date(Date.now() + ORDER_LIMITS.validityDaysMax * DAY_MS).toISOString().slice(0, 10);
  if (terms.valid_until < today) errors.valid_until = [ORDER_MESSAGES.validUntilPast];
  else if (terms.valid_until > latest) errors.valid_until = [ORDER_MESSAGES.validUntilTooFar];
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return priced;
}

async function insertVersion(
  tx: Tx,
  quotationId: number,
  version: number,
  terms: Terms,
  code: string,
  requested: { product_id: number; unit_price: number }[],
  userId: number,
) {
  const lines = priceLines(terms, code, requested);
  const totals = totalsOf(lines, code);
  const [row] = await tx
    .insert(quotationVersions)
    .values({
      quotationId,
      version,
      lines: storedLines(lines),
      subtotal: totals.subtotal,
      discount: totals.discount,
      tax: totals.tax,
      total: totals.total,
      priceTerm: terms.price_term || null,
      paymentTerms: terms.payment_terms || null,
      deliveryTime: terms.delivery_time || null,
      deliveryPort: terms.delivery_port || null,
      validUntil: terms.valid_until,
      notes: terms.notes || null,
      sellerTaxId: terms.seller_tax_id || null,
      buyerTaxId: terms.buyer_tax_id || null,
      createdBy: userId,
    })
    .returning();
  return row;
}

export type QuotationSent = {
  quotationId: number;
  enquiryId: number | null;
  leadId: number | null;
  number: string;
  version: number;
  total: string;
  currency: string;
  validUntil: string;
};

type CreateBody = z.infer<typeof quotationCreateBodySchema>;

/**
 * A quotation (v1) written from CRM lead `leadId` (issue 44; decision 052): to the lead's marketplace
 * account (an e-mail-only lead is refused, 409), one per lead, in the currency the seller names; product
 * lines must be the seller's own products, and every line carries its price.
 */
async function createLeadQuotation(tx: Tx, member: Member, leadId: number, body: CreateBody) {
  const lead = await leadBuyer(tx, member.companyId, leadId);
  if (lead.buyerUserId === null) throw conflict(ORDER_MESSAGES.leadWithoutAccount);
  const [existing] = await tx
    .select({ id: quotations.id })
    .from(quotations)
    .where(and(eq(quotations.companyId, member.companyId), eq(quotations.leadId, leadId)));
  if (existing) throw conflict(ORDER_MESSAGES.leadQuotationExists);
  const rates = await currentRates(tx as Db);
  const code = body.currency!;
  const errors: FieldErrors = {};
  if (![...rates.currencies.values()].some((currency) => currency.code === code))
    errors.currency = [ORDER_MESSAGES.currencyUnknown];
  const productIds = body.lines.flatMap((line) => (line.product_id === undefined ? [] : [line.product_id]));
  const own = new Set((await companyProductSummaries(tx, member.companyId, productIds)).map((product) => product.id));
  body.lines.forEach((line, index) => {
    if (line.product_id !== undefined && !own.has(line.product_id))
      errors[`lines.${index}.product_id`] = [ORDER_MESSAGES.productNotYours];
  });
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return firstVersion(tx, member, body, [], {
    leadId,
    buyerUserId: lead.buyerUserId,
    sellerUserId: member.userId,
    currencyCode: code,
  });
}

/** The quotation's row, numbered in the company's series, with its version 1. */
async function firstVersion(
  tx: Tx,
  member: Member,
  body: CreateBody,
  requested: { product_id: number; unit_price: number }[],
  values: Omit<typeof quotations.$inferInsert, 'companyId' | 'number'>,
) {
  const number = await nextNumber(tx, member.companyId, 'quotation');
  const [quotation] = await tx
    .insert(quotations)
    .values({ companyId: member.companyId, number, ...values })
    .returning();
  const version = await insertVersion(tx, quotation.id, 1, body, values.currencyCode, requested, member.userId);
  return sent(quotation, version);
}

/** The seller's quotation (v1) on an enquiry the company received (one per enquiry), or on a CRM lead. */
export async function createQuotation(tx: Tx, member: Member, body: CreateBody): Promise<QuotationSent> {
  if (body.lead_id !== undefined) return createLeadQuotation(tx, member, body.lead_id, body);
  const enquiry = await enquiryForQuotation(tx, member.companyId, body.enquiry_id!);
  const [existing] = await tx
    .select({ id: quotations.id })
    .from(quotations)
    .where(eq(quotations.enquiryId, enquiry.id));
  if (existing) throw conflict(ORDER_MESSAGES.quotationExists);
  if (enquiry.status === 'accepted' || enquiry.status === 'declined') throw conflict(ORDER_MESSAGES.enquiryClosed);
  const code = currencyRef(await currentRates(tx as Db), enquiry.currencyId)?.code ?? 'USD';
  return firstVersion(tx, member, body, enquiry.lines, {
    enquiryId: enquiry.id,
    buyerUserId: enquiry.enquiryUserId,
    sellerUserId: enquiry.sellerUserId,
    currencyCode: code,
  });
}

const sent = (quotation: QuotationRow, version: VersionRow): QuotationSent => ({
  quotationId: quotation.id,
  enquiryId: quotation.enquiryId,
  leadId: quotation.leadId,
  number: documentNumber('quotation', quotation.number),
  version: version.version,
  total: money(version.total, quotation.currencyCode),
  currency: quotation.currencyCode,
  validUntil: version.validUntil,
});

async function sellerQuotation(tx: Tx, companyId: number, id: number) {
  const [row] = await tx
    .select()
    .from(quotations)
    .where(and(eq(quotations.id, id), eq(quotations.companyId, companyId)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** A new version (v2, v3 …) of an open quotation; the earlier ones stay as its history. */
export async function reviseQuotation(tx: Tx, member: Member, id: number, body: Terms): Promise<QuotationSent> {
  const quotation = await sellerQuotation(tx, member.companyId, id);
  if (quotation.status !== 'sent') throw conflict(ORDER_MESSAGES.quotationClosed);
  const enquiry = quotation.enquiryId ? await enquiryForQuotation(tx, member.companyId, quotation.enquiryId) : null;
  const next = quotation.currentVersion + 1;
  const version = await insertVersion(
    tx,
    quotation.id,
    next,
    body,
    quotation.currencyCode,
    enquiry?.lines ?? [],
    member.userId,
  );
  const [updated] = await tx
    .update(quotations)
    .set({ currentVersion: next, updatedAt: new Date() })
    .where(eq(quotations.id, quotation.id))
    .returning();
  return sent(updated, version);
}

/** The quotation as a side sees it: the buyer it was sent to, or the seller company; anyone else 404. */
export async function visibleQuotation(tx: Tx, user: AuthUser, id: number, options: { forUpdate?: boolean } = {}) {
  const query = tx.select().from(quotations).where(eq(quotations.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound();
  if (user.companyId !== null && row.companyId === user.companyId) return { row, side: 'seller' as const };
  if (row.buyerUserId === user.id) return { row, side: 'buyer' as const };
  throw notFound();
}

export function toParty(
  facts: Awaited<ReturnType<typeof documentParty>>,
  taxId: string | null | undefined,
): DocumentParty {
  return {
    user_id: facts.userId,
    name: facts.name,
    company_name: facts.companyName,
    address: facts.address,
    email: facts.email,
    tax_id: taxId ?? null,
  };
}

export async function quotationDetail(tx: Tx, user: AuthUser, id: number): Promise<Quotation> {
  const { row, side } = await visibleQuotation(tx, user, id);
  return quotationOf(tx, row, side);
}

/** Quotation `id` as its seller sees it, for work outside a request (its e-mail to the buyer). */
export async function quotationById(tx: Tx, id: number): Promise<Quotation> {
  const [row] = await tx.select().from(quotations).where(eq(quotations.id, id));
  if (!row) throw notFound();
  return quotationOf(tx, row, 'seller');
}

/** The quotation on enquiry `enquiryId`, for either side of it; 404 when it has none. */
export async function quotationOfEnquiry(tx: Tx, user: AuthUser, enquiryId: number): Promise<Quotation> {
  const [row] = await tx.select({ id: quotations.id }).from(quotations).where(eq(quotations.enquiryId, enquiryId));
  if (!row) throw notFound();
  return quotationDetail(tx, user, row.id);
}

async function quotationOf(tx: Tx, row: QuotationRow, side: 'buyer' | 'seller'): Promise<Quotation> {
  const versions = await tx
    .select()
    .from(quotationVersions)
    .where(eq(quotationVersions.quotationId, row.id))
    .orderBy(desc(quotationVersions.version));
  const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.quotationId, row.id));
  const current = versions[0];
  const [seller, buyer] = await Promise.all([
    sellerParty(tx, row.sellerUserId, row.companyId),
    buyerParty(tx, row.buyerUserId),
  ]);
  return {
    id: row.id,
    number: documentNumber('quotation', row.number),
    enquiry_id: row.enquiryId,
    lead_id: side === 'seller' ? row.leadId : null,
    status: row.status === 'sent' && current && isExpired(current.validUntil) ? 'expired' : row.status,
    side,
    current_version: row.currentVersion,
    seller: toParty(seller, current?.sellerTaxId),
    buyer: toParty(buyer, current?.buyerTaxId),
    order_id: order?.id ?? null,
    decline_reason: row.declineReason,
    versions: versions.map((version) => ({
      version: version.version,
      currency: row.currencyCode,
      lines: version.lines,
      subtotal: money(version.subtotal, row.currencyCode),
      discount: money(version.discount, row.currencyCode),
      tax: money(version.tax, row.currencyCode),
      total: money(version.total, row.currencyCode),
      taxes: totalsOf(version.lines, row.currencyCode).taxes,
      price_term: version.priceTerm,
      payment_terms: version.paymentTerms,
      delivery_time: version.deliveryTime,
      delivery_port: version.deliveryPort,
      valid_until: version.validUntil,
      notes: version.notes,
      seller_tax_id: version.sellerTaxId,
      buyer_tax_id: version.buyerTaxId,
      created_at: version.createdAt.toISOString(),
    })),
  };
}

/** The buyer's side of a quotation, locked: 403 for the seller's company, 404 for anyone else. */
export async function buyerQuotation(tx: Tx, user: AuthUser, id: number) {
  const { row, side } = await visibleQuotation(tx, user, id, { forUpdate: true });
  if (side !== 'buyer') throw forbidden(ORDER_MESSAGES.onlyBuyer);
  return row;
}

/** The version the buyer answers, if it may still be accepted: open, current and valid; else 409. */
export async function acceptableVersion(tx: Tx, quotation: QuotationRow, version: number): Promise<VersionRow> {
  if (quotation.status === 'accepted') throw conflict(ORDER_MESSAGES.alreadyAccepted);
  if (quotation.status !== 'sent') throw conflict(ORDER_MESSAGES.quotationClosed);
  const [row] = await tx
    .select()
    .from(quotationVersions)
    .where(and(eq(quotationVersions.quotationId, quotation.id), eq(quotationVersions.version, version)));
  if (!row) throw notFound();
  if (version !== quotation.currentVersion)
    throw conflict(ORDER_MESSAGES.superseded(quotation.currentVersion), {
      version: [ORDER_MESSAGES.superseded(quotation.currentVersion)],
    });
  if (isExpired(row.validUntil)) throw conflict(ORDER_MESSAGES.quotationExpired);
  return row;
}

export async function markQuotation(tx: Tx, id: number, change: Partial<typeof quotations.$inferInsert>) {
  await tx
    .update(quotations)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(quotations.id, id));
}

/** The buyer declines: the quotation closes with the reason. */
export async function declineQuotation(tx: Tx, user: AuthUser, id: number, reason: string) {
  const quotation = await buyerQuotation(tx, user, id);
  if (quotation.status !== 'sent') throw conflict(ORDER_MESSAGES.quotationClosed);
  await markQuotation(tx, id, { status: 'declined', declineReason: reason });
  return quotation;
}

/** GET leads/{id}/quotation: whom a quotation from the lead goes to, why not when it cannot, and its quotation. */
export async function leadQuotation(tx: Tx, user: AuthUser, companyId: number, leadId: number): Promise<LeadQuotation> {
  const lead = await leadBuyer(tx, companyId, leadId);
  const [row] = await tx
    .select()
    .from(quotations)
    .where(and(eq(quotations.companyId, companyId), eq(quotations.leadId, leadId)));
  return {
    lead_id: lead.leadId,
    name: lead.name,
    email: lead.email,
    buyer_user_id: lead.buyerUserId,
    reason: lead.buyerUserId === null ? ORDER_MESSAGES.leadWithoutAccount : null,
    quotation: row ? await quotationOf(tx, row, 'seller') : null,
  };
}

/** How many open quotations "My orders" lists. */
const RECEIVED_LIMIT = 20;

/**
 * GET quotations/received: the quotations awaiting the buyer's answer (open, still valid), newest first;
 * a quotation written from a CRM lead has no enquiry to be found on, so the buyer finds it here.
 */
export async function receivedQuotations(tx: Tx, user: AuthUser): Promise<Quotation[]> {
  const rows = await tx
    .select()
    .from(quotations)
    .where(and(eq(quotations.buyerUserId, user.id), eq(quotations.status, 'sent')))
    .orderBy(desc(quotations.updatedAt))
    .limit(RECEIVED_LIMIT);
  const shown = await Promise.all(rows.map((row) => quotationOf(tx, row, 'buyer')));
  return shown.filter((quotation) => quotation.status === 'sent');
}

/**
 * A merge of two CRM leads (crm records/rehome.ts, through CrmHooks.onRehome): the merged lead's quotation
 * and orders follow it to the kept lead. A lead has one quotation, so two quoted leads are refused (409).
 */
export async function moveLeadDocuments(tx: Tx, move: RecordMove): Promise<Record<string, number>> {
  const { companyId, from, to } = move;
  if (from.typeId !== CRM_TYPE.leads || to.typeId !== CRM_TYPE.leads) return {};
  const quoted = await tx
    .select({ leadId: quotations.leadId })
    .from(quotations)
    .where(and(eq(quotations.companyId, companyId), inArray(quotations.leadId, [from.id, to.id])));
  if (quoted.length > 1) throw conflict(ORDER_MESSAGES.mergeBothQuoted);
  const movedQuotations = await tx
    .update(quotations)
    .set({ leadId: to.id })
    .where(and(eq(quotations.companyId, companyId), eq(quotations.leadId, from.id)))
    .returning({ id: quotations.id });
  const movedOrders = await tx
    .update(orders)
    .set({ leadId: to.id })
    .where(and(eq(orders.companyId, companyId), eq(orders.leadId, from.id)))
    .returning({ id: orders.id });
  return { quotations: movedQuotations.length, orders: movedOrders.length };
}
