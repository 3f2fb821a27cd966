import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  INVOICE_KIND_LABELS,
  ORDER_FLOW,
  ORDER_MESSAGES,
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  currencyDecimals,
  documentNumber,
  type Invoice,
  type OrderDetail,
  type OrderPage,
  type OrderStatus,
  type OrderSummary,
  type creditNoteBodySchema,
  type orderListQuerySchema,
  type orderStatusBodySchema,
  type paymentBodySchema,
} from '@tradeloop/contracts/orders';
import type { Tx } from '../../db/client.ts';
import { mayCaller } from '../../platform/caller-context.ts';
import { conflict, forbidden, invalid, notFound } from '../../platform/errors.ts';
import type { AuthUser } from '../../platform/sessions.ts';
import { ROLE_MESSAGES } from '@tradeloop/contracts/accounts-roles-constants';
import { findPeople } from '../accounts/public.ts';
import { decimal, decimalsOf, money, sumOf, totalsOf } from './money.ts';
import { nextNumber } from './numbers.ts';
import { acceptableVersion, buyerQuotation, markQuotation } from './quotations.ts';
import { invoicePayments, invoices, orderEvents, orders, quotations, quotationVersions } from './tables.ts';

type OrderRow = typeof orders.$inferSelect;
type InvoiceRow = typeof invoices.$inferSelect;
type Side = 'buyer' | 'seller';
type Member = { companyId: number; userId: number };

/** What a change to an order tells the rest of the product (events) and the caller (message). */
export type OrderChange = {
  order: OrderRow;
  text: string;
  reason: string | null;
  actorSide: Side;
  issued: InvoiceRow[];
};

async function addEvent(
  tx: Tx,
  order: OrderRow,
  event: { kind: string; status?: OrderStatus | null; text: string; side: Side; userId: number | null },
) {
  await tx.insert(orderEvents).values({
    orderId: order.id,
    kind: event.kind,
    status: event.status ?? null,
    text: event.text,
    actorSide: event.side,
    actorUserId: event.userId,
  });
}

/** Issues an invoice of the order's lines and totals (proforma or commercial), numbered in its series. */
async function issueInvoice(tx: Tx, order: OrderRow, kind: 'proforma' | 'commercial', userId: number | null) {
  const [existing] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, kind)));
  if (existing) throw conflict(kind === 'proforma' ? ORDER_MESSAGES.proformaExists : ORDER_MESSAGES.commercialExists);
  const number = await nextNumber(tx, order.companyId, kind);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      companyId: order.companyId,
      kind,
      number,
      orderId: order.id,
      currencyCode: order.currencyCode,
      lines: order.lines,
      subtotal: order.subtotal,
      discount: order.discount,
      tax: order.tax,
      total: order.total,
    })
    .returning();
  await addEvent(tx, order, {
    kind: 'invoice',
    text: `${INVOICE_KIND_LABELS[kind]} ${documentNumber(kind, number)} issued (${order.currencyCode} ${money(invoice.total, order.currencyCode)})`,
    side: 'seller',
    userId,
  });
  return invoice;
}

/**
 * The buyer accepts version `version` of quotation `id`: exactly one order, the version's lines frozen, and
 * its proforma invoice (the order is confirmed). The quotation's row is locked first, so a second
 * acceptance waits and then finds it accepted (409); the unique order per quotation backs that up.
 */
export async function acceptQuotation(tx: Tx, user: AuthUser, id: number, version: number): Promise<OrderChange> {
  const quotation = await buyerQuotation(tx, user, id);
  const accepted = await acceptableVersion(tx, quotation, version);
  const number = await nextNumber(tx, quotation.companyId, 'order');
  const [order] = await tx
    .insert(orders)
    .values({
      companyId: quotation.companyId,
      number,
      quotationId: quotation.id,
      quotationVersion: accepted.version,
      enquiryId: quotation.enquiryId,
      leadId: quotation.leadId,
      buyerUserId: quotation.buyerUserId,
      sellerUserId: quotation.sellerUserId,
      quotedBy: accepted.createdBy,
      currencyCode: quotation.currencyCode,
      lines: accepted.lines,
      subtotal: accepted.subtotal,
      discount: accepted.discount,
      tax: accepted.tax,
      total: accepted.total,
      priceTerm: accepted.priceTerm,
      paymentTerms: accepted.paymentTerms,
      deliveryTime: accepted.deliveryTime,
      deliveryPort: accepted.deliveryPort,
      sellerTaxId: accepted.sellerTaxId,
      buyerTaxId: accepted.buyerTaxId,
    })
    .returning();
  await markQuotation(tx, quotation.id, { status: 'accepted' });
  const text = `Order placed from quotation ${documentNumber('quotation', quotation.number)} v${accepted.version}`;
  await addEvent(tx, order, { kind: 'placed', status: 'confirmed', text, side: 'buyer', userId: user.id });
  const proforma = await issueInvoice(tx, order, 'proforma', null);
  return { order, text, reason: null, actorSide: 'buyer', issued: [proforma] };
}

async function sellerOrder(tx: Tx, companyId: number, id: number) {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.companyId, companyId)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** Statuses the seller may move an order to: any later step of the flow; none once cancelled. */
export function nextStatuses(status: OrderStatus): OrderStatus[] {
  if (status === 'cancelled') return [];
  return ORDER_FLOW.slice(ORDER_FLOW.indexOf(status as (typeof ORDER_FLOW)[number]) + 1);
}

/** The seller moves the order along its flow; shipping records carrier and tracking and issues the invoice. */
export async function moveOrder(
  tx: Tx,
  member: Member,
  id: number,
  body: z.infer<typeof orderStatusBodySchema>,
): Promise<OrderChange> {
  const order = await sellerOrder(tx, member.companyId, id);
  if (order.status === 'cancelled') throw conflict(ORDER_MESSAGES.orderCancelled);
  if (!nextStatuses(order.status).includes(body.status))
    throw conflict(
      ORDER_MESSAGES.statusStep(
        ORDER_STATUS_LABELS[order.status].toLowerCase(),
        ORDER_STATUS_LABELS[body.status].toLowerCase(),
      ),
    );
  const shipping = body.status === 'shipped';
  const [moved] = await tx
    .update(orders)
    .set({
      status: body.status,
      ...(shipping ? { carrier: body.carrier, trackingReference: body.tracking_reference } : {}),
      updatedAt: new Date(),
    })
    .where(eq(orders.id, order.id))
    .returning();
  const label = ORDER_STATUS_LABELS[body.status];
  const text = shipping
    ? `${label} with ${body.carrier}, tracking reference ${body.tracking_reference}`
    : body.note
      ? `${label}: ${body.note}`
      : label;
  await addEvent(tx, moved, { kind: 'status', status: body.status, text, side: 'seller', userId: member.userId });
  const issued: InvoiceRow[] = [];
  if (shipping) {
    const [commercial] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'commercial')));
    if (!commercial) issued.push(await issueInvoice(tx, moved, 'commercial', null));
  }
  return { order: moved, text, reason: null, actorSide: 'seller', issued };
}

/** Either side cancels before shipping, with a reason; a seller's sub-user needs orders.manage. */
export async function cancelOrder(tx: Tx, user: AuthUser, id: number, reason: string): Promise<OrderChange> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!row) throw notFound();
  let side: Side;
  if (user.companyId !== null && row.companyId === user.companyId) {
    if (!mayCaller('orders.manage')) throw forbidden(ROLE_MESSAGES.forbidden);
    side = 'seller';
  } else if (row.buyerUserId === user.id) side = 'buyer';
  else throw notFound();
  if (row.status === 'cancelled') throw conflict(ORDER_MESSAGES.orderCancelled);
  if (ORDER_FLOW.indexOf(row.status as (typeof ORDER_FLOW)[number]) >= ORDER_FLOW.indexOf('shipped'))
    throw conflict(ORDER_MESSAGES.cancelAfterShipping);
  const [cancelled] = await tx
    .update(orders)
    .set({ status: 'cancelled', cancelReason: reason, updatedAt: new Date() })
    .where(eq(orders.id, id))
    .returning();
  const text = `Cancelled by the ${side}: ${reason}`;
  await addEvent(tx, cancelled, { kind: 'status', status: 'cancelled', text, side, userId: user.id });
  return { order: cancelled, text, reason, actorSide: side, issued: [] };
}

// ── invoices, payments, credit notes ────────────────────────────────────────────────────────────

/** The seller issues the order's proforma or commercial invoice by choice (before shipping, say). */
export async function issueInvoiceByChoice(
  tx: Tx,
  member: Member,
  orderId: number,
  kind: 'proforma' | 'commercial',
): Promise<OrderChange> {
  const order = await sellerOrder(tx, member.companyId, orderId);
  if (order.status === 'cancelled') throw conflict(ORDER_MESSAGES.orderCancelled);
  const invoice = await issueInvoice(tx, order, kind, member.userId);
  return { order, text: `${INVOICE_KIND_LABELS[kind]} issued`, reason: null, actorSide: 'seller', issued: [invoice] };
}

async function sellerInvoice(tx: Tx, companyId: number, id: number) {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.companyId, companyId)))
    .for('update');
  if (!invoice) throw notFound();
  const order = await sellerOrder(tx, companyId, invoice.orderId);
  return { invoice, order };
}

/** What the order's buyer has paid and been credited, over all its invoices. */
async function orderAccount(tx: Tx, orderId: number) {
  const rows = await tx.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.id));
  const payments = rows.length
    ? await tx
        .select()
        .from(invoicePayments)
        .where(
          inArray(
            invoicePayments.invoiceId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(invoicePayments.id))
    : [];
  const paid = sumOf(payments.map((payment) => payment.amount));
  const credited = sumOf(rows.filter((row) => row.kind === 'credit_note').map((row) => row.total));
  return { rows, payments, paid, credited };
}

const balanceOf = (total: string, paid: ReturnType<typeof sumOf>, credited: ReturnType<typeof sumOf>) =>
  decimal(total).minus(paid).minus(credited);

function checkDecimals(field: string, amount: string, code: string) {
  const places = currencyDecimals(code);
  if (decimalsOf(amount) > places) throw invalid({ [field]: [ORDER_MESSAGES.tooManyDecimals(code, places)] });
}

/**
 * A payment against a proforma or commercial invoice; never above the order's balance due (its total less
 * what was paid and credited), which is what both invoices bill.
 */
export async function recordPayment(
  tx: Tx,
  member: Member,
  invoiceId: number,
  body: z.infer<typeof paymentBodySchema>,
): Promise<OrderChange> {
  const { invoice, order } = await sellerInvoice(tx, member.companyId, invoiceId);
  if (invoice.kind === 'credit_note') throw invalid({ invoice_id: [ORDER_MESSAGES.paymentOnCredit] });
  checkDecimals('amount', body.amount, order.currencyCode);
  const account = await orderAccount(tx, order.id);
  const balance = balanceOf(order.total, account.paid, account.credited);
  if (decimal(body.amount).greaterThan(balance))
    throw invalid({ amount: [ORDER_MESSAGES.paymentAboveBalance(money(balance, order.currencyCode))] });
  await tx.insert(invoicePayments).values({
    invoiceId: invoice.id,
    method: body.method,
    amount: money(body.amount, order.currencyCode),
    paidOn: body.paid_on,
    reference: body.reference || null,
    createdBy: member.userId,
  });
  const left = money(balance.minus(body.amount), order.currencyCode);
  const text =
    `Payment of ${order.currencyCode} ${money(body.amount, order.currencyCode)} by ` +
    `${PAYMENT_METHOD_LABELS[body.method].toLowerCase()} on ${documentNumber(invoice.kind, invoice.number)}` +
    `${body.reference ? ` (${body.reference})` : ''}; balance due ${order.currencyCode} ${left}`;
  await addEvent(tx, order, { kind: 'payment', text, side: 'seller', userId: member.userId });
  return { order, text, reason: null, actorSide: 'seller', issued: [] };
}

/** A credit note corrects an issued invoice (which is never edited): up to what remains of it. */
export async function issueCreditNote(
  tx: Tx,
  member: Member,
  invoiceId: number,
  body: z.infer<typeof creditNoteBodySchema>,
): Promise<OrderChange> {
  const { invoice, order } = await sellerInvoice(tx, member.companyId, invoiceId);
  if (invoice.kind === 'credit_note') throw invalid({ invoice_id: [ORDER_MESSAGES.creditNeedsCommercial] });
  checkDecimals('amount', body.amount, order.currencyCode);
  const account = await orderAccount(tx, order.id);
  const creditedHere = sumOf(
    account.rows.filter((row) => row.creditedInvoiceId === invoice.id).map((row) => row.total),
  );
  const left = decimal(invoice.total).minus(creditedHere);
  if (decimal(body.amount).greaterThan(left))
    throw invalid({ amount: [ORDER_MESSAGES.creditAboveInvoice(money(left, order.currencyCode))] });
  const amount = money(body.amount, order.currencyCode);
  const line = {
    product_id: null,
    description: `Credit on ${documentNumber(invoice.kind, invoice.number)}: ${body.reason}`,
    quantity: '1',
    unit: null,
    unit_price: amount,
    discount_percent: '0',
    net: amount,
    tax_label: 'None',
    tax_rate: '0',
    tax: money(0, order.currencyCode),
    total: amount,
  };
  const number = await nextNumber(tx, order.companyId, 'credit_note');
  const [credit] = await tx
    .insert(invoices)
    .values({
      companyId: order.companyId,
      kind: 'credit_note',
      number,
      orderId: order.id,
      creditedInvoiceId: invoice.id,
      currencyCode: order.currencyCode,
      lines: [line],
      subtotal: amount,
      discount: money(0, order.currencyCode),
      tax: money(0, order.currencyCode),
      total: amount,
      reason: body.reason,
    })
    .returning();
  const text = `Credit note ${documentNumber('credit_note', number)} of ${order.currencyCode} ${amount} on ${documentNumber(invoice.kind, invoice.number)}: ${body.reason}`;
  await addEvent(tx, order, { kind: 'invoice', text, side: 'seller', userId: member.userId });
  return { order, text, reason: body.reason, actorSide: 'seller', issued: [credit] };
}

// ── reading ─────────────────────────────────────────────────────────────────────────────────────

async function partiesOf(tx: Tx, ids: number[]) {
  const people = await findPeople(tx, { ids });
  return new Map(
    people.map((person) => [person.id, { user_id: person.id, name: person.name, company_name: person.companyName }]),
  );
}

async function summaries(tx: Tx, rows: OrderRow[]): Promise<OrderSummary[]> {
  const parties = await partiesOf(tx, [...rows.map((row) => row.buyerUserId), ...rows.map((row) => row.sellerUserId)]);
  const quotationNumbers = rows.length
    ? new Map(
        (
          await tx
            .select({ id: quotations.id, number: quotations.number })
            .from(quotations)
            .where(
              inArray(
                quotations.id,
                rows.map((row) => row.quotationId),
              ),
            )
        ).map((row) => [row.id, row.number]),
      )
    : new Map<number, number>();
  const party = (id: number) => parties.get(id) ?? { user_id: id, name: 'Former member', company_name: null };
  return rows.map((row) => ({
    id: row.id,
    number: documentNumber('order', row.number),
    status: row.status,
    currency: row.currencyCode,
    total: money(row.total, row.currencyCode),
    seller: party(row.sellerUserId),
    buyer: party(row.buyerUserId),
    quotation_id: row.quotationId,
    quotation_number: documentNumber('quotation', quotationNumbers.get(row.quotationId) ?? 0),
    quotation_version: row.quotationVersion,
    enquiry_id: row.enquiryId,
    carrier: row.carrier,
    tracking_reference: row.trackingReference,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

/** Orders the company sold (seller) or the caller bought (buyer), newest activity first, with counts. */
export async function listOrders(
  tx: Tx,
  scope: { companyId: number } | { buyerUserId: number },
  query: z.infer<typeof orderListQuerySchema>,
): Promise<OrderPage> {
  const mine: SQL =
    'companyId' in scope ? eq(orders.companyId, scope.companyId) : eq(orders.buyerUserId, scope.buyerUserId);
  const where = and(mine, query.status ? eq(orders.status, query.status) : undefined);
  const [{ total }] = await tx.select({ total: count() }).from(orders).where(where);
  const rows = await tx
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.updatedAt), desc(orders.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const byStatus = await tx
    .select({ status: orders.status, total: count() })
    .from(orders)
    .where(mine)
    .groupBy(orders.status);
  const counts = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<OrderStatus, number>;
  for (const entry of byStatus) counts[entry.status] = Number(entry.total);
  return {
    data: await summaries(tx, rows),
    currentPage: query.page,
    lastPage: Math.max(1, Math.ceil(total / query.per_page)),
    perPage: query.per_page,
    total,
    counts,
  };
}

function invoiceOf(row: InvoiceRow, account: Awaited<ReturnType<typeof orderAccount>>, order: OrderRow): Invoice {
  const code = row.currencyCode;
  const payments = account.payments.filter((payment) => payment.invoiceId === row.id);
  const paidHere = sumOf(payments.map((payment) => payment.amount));
  const creditedHere = sumOf(
    account.rows.filter((other) => other.creditedInvoiceId === row.id).map((other) => other.total),
  );
  // Proforma and commercial invoices bill the same order: what is due on either is the order's balance.
  const due =
    row.kind === 'credit_note'
      ? decimal(0)
      : balanceOf(order.total, account.paid, account.credited).clampedTo(0, Infinity);
  return {
    id: row.id,
    number: documentNumber(row.kind, row.number),
    kind: row.kind,
    order_id: row.orderId,
    credited_invoice_id: row.creditedInvoiceId,
    currency: code,
    lines: row.lines,
    subtotal: money(row.subtotal, code),
    discount: money(row.discount, code),
    tax: money(row.tax, code),
    total: money(row.total, code),
    taxes: totalsOf(row.lines, code).taxes,
    reason: row.reason,
    paid: money(paidHere, code),
    credited: money(creditedHere, code),
    balance_due: money(due, code),
    payments: payments.map((payment) => ({
      id: payment.id,
      method: payment.method,
      amount: money(payment.amount, code),
      paid_on: payment.paidOn,
      reference: payment.reference,
      created_at: payment.createdAt.toISOString(),
    })),
    issued_at: row.issuedAt.toISOString(),
  };
}

async function detailOf(tx: Tx, row: OrderRow, side: Side): Promise<OrderDetail> {
  const [summary] = await summaries(tx, [row]);
  const events = await tx
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, row.id))
    .orderBy(asc(orderEvents.id));
  const account = await orderAccount(tx, row.id);
  const code = row.currencyCode;
  return {
    ...summary,
    side,
    currency: code,
    lines: row.lines,
    subtotal: money(row.subtotal, code),
    discount: money(row.discount, code),
    tax: money(row.tax, code),
    total: money(row.total, code),
    taxes: totalsOf(row.lines, code).taxes,
    cancel_reason: row.cancelReason,
    price_term: row.priceTerm,
    payment_terms: row.paymentTerms,
    delivery_time: row.deliveryTime,
    delivery_port: row.deliveryPort,
    timeline: events.map((event) => ({
      id: event.id,
      kind: event.kind,
      status: event.status,
      text: event.text,
      actor_side: event.actorSide,
      created_at: event.createdAt.toISOString(),
    })),
    invoices: account.rows.map((invoice) => invoiceOf(invoice, account, row)),
    balance_due: money(balanceOf(row.total, account.paid, account.credited).clampedTo(0, Infinity), code),
    next_statuses: side === 'seller' ? nextStatuses(row.status) : [],
  };
}

export async function sellerOrderDetail(tx: Tx, companyId: number, id: number): Promise<OrderDetail> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.companyId, companyId)));
  if (!row) throw notFound();
  return detailOf(tx, row, 'seller');
}

/** The buyer's order `id` as stored (reorder), or 404. */
export async function buyerOrderRow(tx: Tx, buyerUserId: number, id: number): Promise<OrderRow> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.buyerUserId, buyerUserId)));
  if (!row) throw notFound();
  return row;
}

export async function buyerOrderDetail(tx: Tx, buyerUserId: number, id: number): Promise<OrderDetail> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.buyerUserId, buyerUserId)));
  if (!row) throw notFound();
  return detailOf(tx, row, 'buyer');
}

/**
 * The seller company's orders and formal quotations (for the statistics, decision 042): all time and created in
 * [from, end); for a member, the orders of the versions they wrote and the quotations they started.
 */
export async function orderFigures(
  tx: Tx,
  companyId: number,
  window: { from: Date; end: Date },
  userId: number | null,
) {
  const inWindow = (column: typeof orders.createdAt | typeof quotations.createdAt) =>
    sql<number>`count(*) filter (where ${column} >= ${window.from.toISOString()} and ${column} < ${window.end.toISOString()})::int`;
  const [placed] = await tx
    .select({ total: count(), period: inWindow(orders.createdAt) })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), userId === null ? undefined : eq(orders.quotedBy, userId)));
  const [quoted] = await tx
    .select({ total: count(), period: inWindow(quotations.createdAt) })
    .from(quotations)
    .where(
      and(
        eq(quotations.companyId, companyId),
        userId === null
          ? undefined
          : sql`exists (select 1 from ${quotationVersions} v where v.quotation_id = ${quotations.id} and v.version = 1 and v.created_by = ${userId})`,
      ),
    );
  // Order value (decision 052): the orders' totals per currency, cancelled orders left out, summed exactly in SQL.
  const values = await tx
    .select({
      currency: orders.currencyCode,
      total: sql<string>`sum(${orders.total})::text`,
      period: sql<string>`coalesce(sum(${orders.total}) filter (where ${orders.createdAt} >= ${window.from.toISOString()} and ${orders.createdAt} < ${window.end.toISOString()}), 0)::text`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.companyId, companyId),
        sql`${orders.status} <> 'cancelled'`,
        userId === null ? undefined : eq(orders.quotedBy, userId),
      ),
    )
    .groupBy(orders.currencyCode)
    .orderBy(orders.currencyCode);
  const valueOf = (kind: 'total' | 'period') =>
    values
      .filter((row) => kind === 'total' || decimal(row.period).greaterThan(0))
      .map((row) => ({ currency: row.currency, amount: money(row[kind], row.currency) }));
  return {
    total: { orders: Number(placed.total), quotations: Number(quoted.total), value: valueOf('total') },
    period: { orders: Number(placed.period), quotations: Number(quoted.period), value: valueOf('period') },
  };
}

/**
 * Invoice `id` with its order as one side sees it: the seller company (a sub-user needs orders.view) or the
 * order's buyer; anyone else 404.
 */
export async function visibleInvoice(tx: Tx, user: AuthUser | null, id: number) {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, id));
  if (!invoice) throw notFound();
  const [row] = await tx.select().from(orders).where(eq(orders.id, invoice.orderId));
  let side: Side;
  if (user === null) side = 'seller';
  else if (user.companyId !== null && row.companyId === user.companyId) {
    if (!mayCaller('orders.view')) throw forbidden(ROLE_MESSAGES.forbidden);
    side = 'seller';
  } else if (row.buyerUserId === user.id) side = 'buyer';
  else throw notFound();
  const order = await detailOf(tx, row, side);
  return { order, row, invoice: order.invoices.find((entry) => entry.id === id)! };
}
