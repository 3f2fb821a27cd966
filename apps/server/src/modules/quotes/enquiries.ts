import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ENQUIRY_STATUSES,
  FINAL_ENQUIRY_STATUSES,
  QUOTE_MESSAGES,
  type EnquiryDetail,
  type EnquiryPage,
  type EnquiryStatus,
  type EnquirySummary,
  type enquiryAnswerBodySchema,
  type enquiryDecisionBodySchema,
  type enquiryIndexQuerySchema,
  type enquiryReplyBodySchema,
} from '@tradeloop/contracts/quotes';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { AuthUser } from '../../platform/sessions.ts';
import { knownUserNameSql } from '../accounts/public.ts';
import { escapeLike } from '../catalog/public.ts';
import { currentRates, currencyRef, roundMoney } from '../market/public.ts';
import { partiesOf, unknownParty, type Party } from './parties.ts';
import { enquiries, enquiryMessages } from './tables.ts';

type EnquiryRow = typeof enquiries.$inferSelect;
type Side = 'buyer' | 'seller';

/** An offer past its validity is expired, whatever the stored status says (nobody has to run a job). */
const effectiveStatus = sql<EnquiryStatus>`case when ${enquiries.status} = 'answered' and ${enquiries.validUntil} < now() then 'expired' else ${enquiries.status} end`;

function statusOf(row: EnquiryRow): EnquiryStatus {
  return row.status === 'answered' && row.validUntil && row.validUntil < new Date() ? 'expired' : row.status;
}

/** Buyer: enquiries they sent. Seller or sub-user: enquiries their company received. */
function sideCondition(user: AuthUser, side: Side): SQL {
  if (side === 'buyer') return eq(enquiries.enquiryUserId, user.id);
  if (user.companyId === null) throw forbidden(QUOTE_MESSAGES.receivedForSellers);
  return eq(enquiries.sellerCompanyId, user.companyId);
}

function toParty(party: Party | undefined, userId: number) {
  const { user_id, name, company_name, country, email } = party ?? unknownParty(userId);
  return { user_id, name, company_name, country, email };
}

async function summaries(db: Db, rows: EnquiryRow[], side: Side): Promise<EnquirySummary[]> {
  const rates = await currentRates(db);
  const parties = await partiesOf(
    db,
    rows.map((row) => (side === 'buyer' ? row.sellerUserId : row.enquiryUserId)),
  );
  return rows.map((row) => {
    const counterpartId = side === 'buyer' ? row.sellerUserId : row.enquiryUserId;
    const readAt = side === 'buyer' ? row.buyerReadAt : row.sellerReadAt;
    return {
      id: row.id,
      request_group: row.requestGroup,
      status: statusOf(row),
      product_id: row.productId ?? 0,
      product_name: row.productName,
      pre_title_name: row.preTitleName,
      product_image: row.productImage,
      product_url: row.productUrl,
      combination: row.combination,
      quantity: row.quantity,
      unit: row.unitName,
      currency: currencyRef(rates, row.currencyId) ?? { id: row.currencyId, code: '', symbol: '' },
      requested_total: row.requestedTotal,
      offer_unit_price: row.offerUnitPrice,
      offer_total: row.offerTotal,
      valid_until: row.validUntil?.toISOString() ?? null,
      seller_user_id: row.sellerUserId,
      seller_company_id: row.sellerCompanyId,
      enquiry_user_id: row.enquiryUserId,
      counterpart: toParty(parties.get(counterpartId), counterpartId),
      unread: !readAt || readAt < row.updatedAt,
      last_message: row.lastMessage,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  });
}

/** GET enquiry/index?type=sent|received: newest activity first, with counts by status. */
export async function listEnquiries(
  db: Db,
  user: AuthUser,
  query: z.infer<typeof enquiryIndexQuerySchema>,
): Promise<EnquiryPage> {
  const side: Side = query.type === 'sent' ? 'buyer' : 'seller';
  const mine = sideCondition(user, side);
  const search = query.search ? `%${escapeLike(query.search)}%` : null;
  const where = and(
    mine,
    query.status ? sql`${effectiveStatus} = ${query.status}` : undefined,
    search ? or(ilike(enquiries.productName, search), ilike(enquiries.lastMessage, search)) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(enquiries).where(where);
  const rows = await db
    .select()
    .from(enquiries)
    .where(where)
    .orderBy(desc(enquiries.updatedAt), desc(enquiries.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return {
    data: await summaries(db, rows, side),
    currentPage: query.page,
    lastPage: Math.max(1, Math.ceil(total / query.per_page)),
    perPage: query.per_page,
    total,
    counts: await countsByStatus(db, mine),
  };
}

/** How many of the side's enquiries stand in each status (expired offers counted as expired). */
async function countsByStatus(db: Db, mine: SQL) {
  const byStatus = await db
    .select({ status: effectiveStatus, total: count() })
    .from(enquiries)
    .where(mine)
    .groupBy(effectiveStatus);
  const counts = Object.fromEntries(ENQUIRY_STATUSES.map((status) => [status, 0])) as Record<EnquiryStatus, number>;
  for (const entry of byStatus) counts[entry.status] = Number(entry.total);
  return counts;
}

/** What awaits whom: an offer for the buyer's answer, then a question for the seller's, then the closed ones. */
const buyerUrgency = sql`case ${effectiveStatus} when 'answered' then 0 when 'open' then 1 else 2 end`;

/**
 * The buyer's enquiries for their home (decision 066): offers awaiting their accept or decline first,
 * then those awaiting the seller, then the rest, each by latest activity; with counts by status.
 */
export async function buyerEnquiryDigest(db: Db, user: AuthUser, limit: number) {
  const mine = sideCondition(user, 'buyer');
  const rows = await db
    .select()
    .from(enquiries)
    .where(mine)
    .orderBy(buyerUrgency, desc(enquiries.updatedAt), desc(enquiries.id))
    .limit(limit);
  const counts = await countsByStatus(db, mine);
  return {
    items: await summaries(db, rows, 'buyer'),
    counts,
    total: Object.values(counts).reduce((sum, value) => sum + value, 0),
  };
}

/** The enquiry as one side sees it: the buyer who sent it, or the company that received it; else 404. */
async function visibleEnquiry(db: Tx, user: AuthUser, id: number, options: { forUpdate?: boolean } = {}) {
  const query = db
    .select()
    .from(enquiries)
    .where(
      and(
        eq(enquiries.id, id),
        or(
          eq(enquiries.enquiryUserId, user.id),
          user.companyId === null ? sql`false` : eq(enquiries.sellerCompanyId, user.companyId),
        ),
      ),
    );
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound();
  const side: Side = row.enquiryUserId === user.id ? 'buyer' : 'seller';
  return { row, side };
}

export async function enquiryDetail(tx: Tx, user: AuthUser, id: number): Promise<EnquiryDetail> {
  const db = tx as Db;
  const { row, side } = await visibleEnquiry(tx, user, id);
  await tx
    .update(enquiries)
    .set(side === 'buyer' ? { buyerReadAt: new Date() } : { sellerReadAt: new Date() })
    .where(eq(enquiries.id, id));
  const messages = await tx
    .select()
    .from(enquiryMessages)
    .where(eq(enquiryMessages.enquiryId, id))
    .orderBy(asc(enquiryMessages.id));
  const parties = await partiesOf(tx, [
    row.enquiryUserId,
    row.sellerUserId,
    ...messages.map((message) => message.authorUserId ?? 0),
  ]);
  const [{ groupSize }] = await tx
    .select({ groupSize: count() })
    .from(enquiries)
    .where(eq(enquiries.requestGroup, row.requestGroup));
  const [summary] = await summaries(db, [row], side);
  return {
    ...summary,
    unread: false,
    side,
    lines: row.lines,
    price_term: row.priceTerm,
    needed_by: row.neededBy?.toISOString() ?? null,
    message: row.message,
    buyer: toParty(parties.get(row.enquiryUserId), row.enquiryUserId),
    seller: toParty(parties.get(row.sellerUserId), row.sellerUserId),
    thread: messages.map((message) => ({
      id: message.id,
      kind: message.kind,
      side: message.side,
      author_name: parties.get(message.authorUserId ?? 0)?.name ?? 'Former member',
      message: message.message,
      unit_price: message.unitPrice,
      total: message.total,
      valid_until: message.validUntil?.toISOString() ?? null,
      created_at: message.createdAt.toISOString(),
    })),
    group_size: side === 'buyer' ? Number(groupSize) : 1,
  };
}

// ---------------------------------------------------------------------------------------------
// Negotiation: each step is a message in the thread and a status change, in one transaction

export type EnquiryChange = {
  enquiryId: number;
  kind: 'answer' | 'message' | 'accept' | 'decline';
  side: Side;
  actorUserId: number;
  recipientUserId: number;
  productName: string;
};

function refuseClosed(row: EnquiryRow) {
  if (FINAL_ENQUIRY_STATUSES.includes(row.status)) throw conflict(QUOTE_MESSAGES.closed);
}

async function record(
  tx: Tx,
  row: EnquiryRow,
  step: {
    user: AuthUser;
    side: Side;
    kind: EnquiryChange['kind'];
    message: string | null;
    unitPrice?: number | null;
    total?: number | null;
    validUntil?: Date | null;
  },
  change: Partial<typeof enquiries.$inferInsert>,
): Promise<EnquiryChange> {
  const now = new Date();
  await tx.insert(enquiryMessages).values({
    enquiryId: row.id,
    authorUserId: step.user.id,
    side: step.side,
    kind: step.kind,
    message: step.message,
    unitPrice: step.unitPrice ?? null,
    total: step.total ?? null,
    validUntil: step.validUntil ?? null,
  });
  await tx
    .update(enquiries)
    .set({
      ...change,
      ...(step.side === 'seller' && !row.firstResponseAt
        ? { firstResponseAt: now, firstResponseBy: step.user.id }
        : {}),
      lastMessage: step.message ?? row.lastMessage,
      updatedAt: now,
      ...(step.side === 'buyer' ? { buyerReadAt: now } : { sellerReadAt: now }),
    })
    .where(eq(enquiries.id, row.id));
  return {
    enquiryId: row.id,
    kind: step.kind,
    side: step.side,
    actorUserId: step.user.id,
    recipientUserId: step.side === 'buyer' ? row.sellerUserId : row.enquiryUserId,
    productName: row.productName,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The seller's answer: a unit price valid for some days, for the asked (or another) quantity. */
export async function answerEnquiry(tx: Tx, user: AuthUser, body: z.infer<typeof enquiryAnswerBodySchema>) {
  const { row, side } = await visibleEnquiry(tx, user, body.id, { forUpdate: true });
  if (side !== 'seller') throw forbidden(QUOTE_MESSAGES.onlySeller);
  refuseClosed(row);
  const quantity = body.quantity ?? row.quantity;
  const total = roundMoney(body.unit_price * quantity);
  const validUntil = new Date(Date.now() + body.validity_days * DAY_MS);
  return record(
    tx,
    row,
    { user, side, kind: 'answer', message: body.message || null, unitPrice: body.unit_price, total, validUntil },
    { status: 'answered', offerUnitPrice: body.unit_price, offerTotal: total, validUntil, quantity },
  );
}

/** A message from either side; a buyer's message (a question, a counter-offer) awaits the seller again. */
export async function replyToEnquiry(tx: Tx, user: AuthUser, body: z.infer<typeof enquiryReplyBodySchema>) {
  const { row, side } = await visibleEnquiry(tx, user, body.id, { forUpdate: true });
  refuseClosed(row);
  const text = body.target_price ? `${body.message}\n\nTarget price: ${body.target_price} per unit` : body.message;
  return record(
    tx,
    row,
    { user, side, kind: 'message', message: text, unitPrice: body.target_price ?? null },
    side === 'buyer' ? { status: 'open' } : {},
  );
}

export async function acceptOffer(tx: Tx, user: AuthUser, body: z.infer<typeof enquiryDecisionBodySchema>) {
  const { row, side } = await visibleEnquiry(tx, user, body.id, { forUpdate: true });
  if (side !== 'buyer') throw forbidden(QUOTE_MESSAGES.onlyBuyer);
  refuseClosed(row);
  const status = statusOf(row);
  if (status === 'expired') throw conflict(QUOTE_MESSAGES.offerExpired);
  if (status !== 'answered') throw conflict(QUOTE_MESSAGES.notAnswered);
  // A formal quotation (issue 44) answers with a total and no unit price: it is accepted as a quotation.
  if (row.offerUnitPrice === null) throw conflict(QUOTE_MESSAGES.formalQuotation);
  return record(
    tx,
    row,
    { user, side, kind: 'accept', message: body.message || null, unitPrice: row.offerUnitPrice, total: row.offerTotal },
    { status: 'accepted' },
  );
}

export async function declineEnquiry(tx: Tx, user: AuthUser, body: z.infer<typeof enquiryDecisionBodySchema>) {
  const { row, side } = await visibleEnquiry(tx, user, body.id, { forUpdate: true });
  refuseClosed(row);
  return record(tx, row, { user, side, kind: 'decline', message: body.message || null }, { status: 'declined' });
}

/** Quote requests sent today, for the marketplace's page activity. */
export async function quotesToday(db: Db): Promise<number> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(enquiries)
    .where(sql`${enquiries.createdAt} > date_trunc('day', now())`);
  return Number(total);
}

// ── for other modules (docs/decisions/023): the CRM loop and its demo data, tests ──────────────

/** The enquiry `id` sent to company `sellerCompanyId`, as stored, or undefined. */
export async function sellerEnquiry(db: Tx, sellerCompanyId: number, id: number): Promise<EnquiryRow | undefined> {
  const [row] = await db
    .select()
    .from(enquiries)
    .where(and(eq(enquiries.id, id), eq(enquiries.sellerCompanyId, sellerCompanyId)));
  return row;
}

/** Whether the seller answered or wrote on enquiry `id` (automation's no-reply check, decision 041). */
export async function sellerResponded(db: Tx, sellerCompanyId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: enquiryMessages.id })
    .from(enquiryMessages)
    .innerJoin(enquiries, eq(enquiries.id, enquiryMessages.enquiryId))
    .where(
      and(
        eq(enquiryMessages.enquiryId, id),
        eq(enquiries.sellerCompanyId, sellerCompanyId),
        eq(enquiryMessages.side, 'seller'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Every enquiry with the facts its quote.submitted event carried, oldest first. */
export async function submittedEnquiries(db: Tx) {
  return db
    .select({
      id: enquiries.id,
      requestGroup: enquiries.requestGroup,
      sellerUserId: enquiries.sellerUserId,
      sellerCompanyId: enquiries.sellerCompanyId,
      buyerUserId: enquiries.enquiryUserId,
      buyerName: knownUserNameSql(enquiries.enquiryUserId),
      productId: enquiries.productId,
      productName: enquiries.productName,
      combination: enquiries.combination,
      quantity: enquiries.quantity,
      message: enquiries.message,
    })
    .from(enquiries)
    .orderBy(asc(enquiries.id));
}

/** How many enquiries company `sellerCompanyId` received. */
export async function countReceivedEnquiries(db: Tx, sellerCompanyId: number) {
  const [{ total }] = await db
    .select({ total: count() })
    .from(enquiries)
    .where(eq(enquiries.sellerCompanyId, sellerCompanyId));
  return total;
}

/** How many enquiries company `sellerCompanyId` received in [from, to) (the tracking report's funnel). */
export async function countEnquiriesBetween(db: Tx, sellerCompanyId: number, from: Date, to: Date) {
  const [{ total }] = await db
    .select({ total: count() })
    .from(enquiries)
    .where(
      and(
        eq(enquiries.sellerCompanyId, sellerCompanyId),
        sql`${enquiries.createdAt} >= ${from.toISOString()}`,
        sql`${enquiries.createdAt} < ${to.toISOString()}`,
      ),
    );
  return total;
}

/** The enquiry `id` if user `buyerUserId` sent it: its seller company and product (reviews, decision 045). */
export async function buyerEnquiry(db: Tx, buyerUserId: number, id: number) {
  const [row] = await db
    .select({ id: enquiries.id, sellerCompanyId: enquiries.sellerCompanyId, productName: enquiries.productName })
    .from(enquiries)
    .where(and(eq(enquiries.id, id), eq(enquiries.enquiryUserId, buyerUserId)));
  return row;
}

/** The enquiries user `buyerUserId` sent to company `sellerCompanyId`, newest first (reviews, decision 045). */
export async function buyerEnquiriesWith(db: Tx, buyerUserId: number, sellerCompanyId: number) {
  return db
    .select({
      id: enquiries.id,
      productName: enquiries.productName,
      createdAt: enquiries.createdAt,
    })
    .from(enquiries)
    .where(and(eq(enquiries.enquiryUserId, buyerUserId), eq(enquiries.sellerCompanyId, sellerCompanyId)))
    .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
    .limit(200);
}

// ── the formal quotation on an enquiry (orders module, issue 44) ─────────────────────────────────

/** The enquiry `id` received by company `sellerCompanyId`, locked for the quotation's change, or 404. */
export async function enquiryForQuotation(tx: Tx, sellerCompanyId: number, id: number): Promise<EnquiryRow> {
  const [row] = await tx
    .select()
    .from(enquiries)
    .where(and(eq(enquiries.id, id), eq(enquiries.sellerCompanyId, sellerCompanyId)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * A quotation's step on its enquiry's thread: sent or revised (the enquiry is answered with the
 * quotation's total and validity), accepted or declined by the buyer (the enquiry closes). Answers the
 * change the enquiry.updated event carries.
 */
export async function quotationStep(
  tx: Tx,
  user: AuthUser,
  enquiryId: number,
  step: { kind: 'answer' | 'accept' | 'decline'; message: string; total: number | null; validUntil: Date | null },
): Promise<EnquiryChange> {
  const [row] = await tx.select().from(enquiries).where(eq(enquiries.id, enquiryId)).for('update');
  if (!row) throw notFound();
  const side: Side = step.kind === 'answer' ? 'seller' : 'buyer';
  if (step.kind === 'answer') refuseClosed(row);
  const change: Partial<typeof enquiries.$inferInsert> =
    step.kind === 'answer'
      ? { status: 'answered', offerTotal: step.total, offerUnitPrice: null, validUntil: step.validUntil }
      : { status: step.kind === 'accept' ? 'accepted' : 'declined' };
  return record(
    tx,
    row,
    { user, side, kind: step.kind, message: step.message, total: step.total, validUntil: step.validUntil },
    change,
  );
}

/** Where enquiries stand (a buying request's answers, decision 055): status, offer and last message, by id. */
export async function enquiryStates(db: Db | Tx, ids: number[]) {
  if (ids.length === 0) return new Map<number, EnquiryState>();
  const rows = await db.select().from(enquiries).where(inArray(enquiries.id, ids));
  return new Map(
    rows.map((row): [number, EnquiryState] => [
      row.id,
      {
        status: statusOf(row),
        offerUnitPrice: row.offerUnitPrice,
        offerTotal: row.offerTotal,
        validUntil: row.validUntil,
        lastMessage: row.lastMessage,
        firstResponseAt: row.firstResponseAt,
        sellerUserId: row.sellerUserId,
      },
    ]),
  );
}

export type EnquiryState = {
  status: EnquiryStatus;
  offerUnitPrice: number | null;
  offerTotal: number | null;
  validUntil: Date | null;
  lastMessage: string | null;
  firstResponseAt: Date | null;
  sellerUserId: number;
};
