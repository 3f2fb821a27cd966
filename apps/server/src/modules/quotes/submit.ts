import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { QUOTE_MESSAGES, type QuoteLine, type quoteSubmitBodySchema } from '@tradeloop/contracts/quotes';
import type { Db, Tx } from '../../db/client.ts';
import type { AuthUser } from '../../platform/sessions.ts';
import { conflict, forbidden, invalid, notFound } from '../../platform/errors.ts';
import { listPriceTerms } from '../reference/public.ts';
import {
  productUrlOf,
  type ListingRow,
  countQuote,
  findListing,
  currentRates,
  displayCurrency,
  type Rates,
} from '../market/public.ts';
import { recordContacts } from './contacts.ts';
import { partiesOf } from './parties.ts';
import { sessionLines, storedToPriced } from './configuration.ts';
import { priceLine, showLine } from './pricing.ts';
import { enquiries, enquiryMessages, quoteConfigurations } from './tables.ts';

type SubmitBody = z.infer<typeof quoteSubmitBodySchema>;

/** Sending the same request twice within this time is a double click, not a new request. */
const DUPLICATE_WINDOW_MS = 60_000;

export type SubmittedEnquiry = {
  id: number;
  requestGroup: string;
  sellerUserId: number;
  sellerCompanyId: number;
  productId: number;
  productName: string;
  combination: string | null;
  quantity: number;
  buyerName: string;
};

const GREETING = (name: string) =>
  `Hello, I am interested in ${name}. Please send me your best price and delivery time.`;

async function priceTermName(db: Db, given: string | undefined, fallback: string | null): Promise<string | null> {
  if (!given) return fallback;
  const terms = [...(await listPriceTerms(db, 'price_term')), ...(await listPriceTerms(db, 'payment_term'))];
  const match = terms.find((term) => String(term.id) === given || term.name.toLowerCase() === given.toLowerCase());
  if (!match) throw invalid({ price_term: ['This price term does not exist'] });
  return match.name;
}

/** The main line (re-priced with what was submitted) and the related lines the buyer added in the modal. */
async function linesFor(tx: Tx, listing: ListingRow, body: SubmitBody, userId: number, rates: Rates, perUsd: number) {
  const db = tx as Db;
  const main = await priceLine(db, listing, {
    combinations: body.combinations ?? (await savedCombination(tx, body, userId)),
    quantity: body.quantity,
  });
  const lines: QuoteLine[] = [showLine(main, 'main', rates, perUsd)];
  const related = (await sessionLines(tx, body.unique_session_id, userId)).filter(
    (row) => row.mainProductId === listing.productId,
  );
  for (const row of related) {
    const product = await findListing(db, String(row.productId)).catch(() => null);
    if (product?.companyId !== listing.companyId) continue;
    lines.push(showLine(storedToPriced(row, { ...product, image: null }), 'related', rates, perUsd));
  }
  return { main, lines };
}

async function savedCombination(tx: Tx, body: SubmitBody, userId: number) {
  const saved = (await sessionLines(tx, body.unique_session_id, userId)).find(
    (row) => row.productId === body.product_id && row.mainProductId === null,
  );
  return saved?.combination ?? undefined;
}

async function checkNotDuplicate(tx: Tx, buyerId: number, productId: number) {
  const [recent] = await tx
    .select({ id: enquiries.id })
    .from(enquiries)
    .where(
      and(
        eq(enquiries.enquiryUserId, buyerId),
        eq(enquiries.productId, productId),
        gt(enquiries.createdAt, new Date(Date.now() - DUPLICATE_WINDOW_MS)),
      ),
    )
    .limit(1);
  if (recent) throw conflict(QUOTE_MESSAGES.duplicate);
}

/** The other sellers of an RFQ: one product per company, never the main seller's or the buyer's own. */
async function similarListings(db: Db, body: SubmitBody, main: ListingRow, buyerCompanyId: number | null) {
  const chosen: ListingRow[] = [];
  for (const id of body.similar_product_ids ?? []) {
    const listing = await findListing(db, String(id)).catch(() => null);
    if (!listing) throw invalid({ similar_product_ids: [QUOTE_MESSAGES.similarNotFound] });
    const taken = [main.companyId, buyerCompanyId, ...chosen.map((entry) => entry.companyId)];
    if (!taken.includes(listing.companyId) && listing.sellerUserId) chosen.push(listing);
  }
  return chosen;
}

type NewEnquiry = {
  listing: ListingRow;
  lines: QuoteLine[];
  combination: string | null;
  quantity: number;
  unitPrice: number;
};

/**
 * POST front/getQuery/submit: a quote request to the product's seller and, as an RFQ, to the
 * sellers of the similar products chosen. Every seller gets an enquiry of their own (they never
 * see the others); all share one request group. Runs in one transaction.
 */
export async function submitQuote(tx: Tx, buyer: AuthUser, body: SubmitBody): Promise<SubmittedEnquiry[]> {
  const db = tx as Db;
  if (body.enquiry_user_id !== buyer.id) throw forbidden(QUOTE_MESSAGES.notYourEnquiry);
  const listing = await findListing(db, String(body.product_id));
  if (listing.sellerUserId !== body.seller_user_id) throw invalid({ seller_user_id: [QUOTE_MESSAGES.wrongSeller] });
  if (buyer.companyId !== null && buyer.companyId === listing.companyId) {
    throw invalid({ product_id: [QUOTE_MESSAGES.ownProduct] });
  }
  const others = await similarListings(db, body, listing, buyer.companyId);
  await checkNotDuplicate(tx, buyer.id, listing.productId);
  const rates = await currentRates(db);
  const { currency, perUsd } = displayCurrency(rates, body.currency);
  const { main, lines } = await linesFor(tx, listing, body, buyer.id, rates, perUsd);
  const requests: NewEnquiry[] = [
    { listing, lines, combination: main.combination, quantity: main.quantity, unitPrice: lines[0].unit_price },
  ];
  for (const other of others) {
    const line = await priceLine(db, other, { quantity: body.quantity });
    const shown = showLine(line, 'main', rates, perUsd);
    requests.push({
      listing: other,
      lines: [shown],
      combination: line.combination,
      quantity: line.quantity,
      unitPrice: shown.unit_price,
    });
  }
  const group = randomUUID();
  const buyerName = (await partiesOf(tx, [buyer.id])).get(buyer.id)?.name ?? '';
  const common = {
    requestGroup: group,
    enquiryUserId: buyer.id,
    currencyId: currency.id,
    priceTerm: await priceTermName(db, body.price_term, listing.priceTerm),
    neededBy: body.product_datetime ? new Date(body.product_datetime) : null,
    message: body.greeting_message || GREETING(listing.name),
  };
  const created: SubmittedEnquiry[] = [];
  for (const request of requests) {
    const total = request.lines.reduce((sum, line) => sum + line.total, 0);
    const [row] = await tx
      .insert(enquiries)
      .values({
        ...common,
        sellerUserId: request.listing.sellerUserId!,
        sellerCompanyId: request.listing.companyId,
        productId: request.listing.productId,
        productName: request.listing.name,
        preTitleName: request.listing.preTitleName,
        productImage: request.lines[0].image,
        productUrl: productUrlOf(request.listing),
        combination: request.combination,
        quantity: request.quantity,
        unitName: request.listing.unitName,
        requestedUnitPrice: request.unitPrice,
        requestedTotal: Math.round(total * 100) / 100,
        lines: request.lines,
        lastMessage: common.message,
        buyerReadAt: new Date(),
        rfq: requests.length > 1,
      })
      .returning({ id: enquiries.id });
    await tx.insert(enquiryMessages).values({
      enquiryId: row.id,
      authorUserId: buyer.id,
      side: 'buyer',
      kind: 'request',
      message: common.message,
      unitPrice: request.unitPrice,
      total: Math.round(total * 100) / 100,
    });
    await recordContacts(tx, buyer.id, request.listing.sellerUserId!);
    await countQuote(tx, request.listing.productId);
    created.push({
      id: row.id,
      requestGroup: group,
      sellerUserId: request.listing.sellerUserId!,
      sellerCompanyId: request.listing.companyId,
      productId: request.listing.productId,
      productName: request.listing.name,
      combination: request.combination,
      quantity: request.quantity,
      buyerName,
    });
  }
  await tx
    .delete(quoteConfigurations)
    .where(
      and(eq(quoteConfigurations.sessionId, body.unique_session_id), inArray(quoteConfigurations.userId, [buyer.id])),
    );
  return created;
}

/**
 * Reorder (issue 44): a new quote request to the same seller for what enquiry `enquiryId` asked (its product,
 * combination, quantity and lines as then priced), sent by its buyer. 404 for anyone else's enquiry.
 */
export async function repeatEnquiry(
  tx: Tx,
  buyer: AuthUser,
  enquiryId: number,
  message: string,
): Promise<SubmittedEnquiry> {
  const [old] = await tx
    .select()
    .from(enquiries)
    .where(and(eq(enquiries.id, enquiryId), eq(enquiries.enquiryUserId, buyer.id)));
  if (!old || old.productId === null) throw notFound();
  const buyerName = (await partiesOf(tx, [buyer.id])).get(buyer.id)?.name ?? '';
  const [row] = await tx
    .insert(enquiries)
    .values({
      requestGroup: randomUUID(),
      enquiryUserId: buyer.id,
      sellerUserId: old.sellerUserId,
      sellerCompanyId: old.sellerCompanyId,
      productId: old.productId,
      productName: old.productName,
      preTitleName: old.preTitleName,
      productImage: old.productImage,
      productUrl: old.productUrl,
      combination: old.combination,
      quantity: old.quantity,
      unitName: old.unitName,
      currencyId: old.currencyId,
      requestedUnitPrice: old.requestedUnitPrice,
      requestedTotal: old.requestedTotal,
      lines: old.lines,
      priceTerm: old.priceTerm,
      message,
      lastMessage: message,
      buyerReadAt: new Date(),
    })
    .returning({ id: enquiries.id, requestGroup: enquiries.requestGroup });
  await tx.insert(enquiryMessages).values({
    enquiryId: row.id,
    authorUserId: buyer.id,
    side: 'buyer',
    kind: 'request',
    message,
    unitPrice: old.requestedUnitPrice,
    total: old.requestedTotal,
  });
  await recordContacts(tx, buyer.id, old.sellerUserId);
  await countQuote(tx, old.productId);
  return {
    id: row.id,
    requestGroup: row.requestGroup,
    sellerUserId: old.sellerUserId,
    sellerCompanyId: old.sellerCompanyId,
    productId: old.productId,
    productName: old.productName,
    combination: old.combination,
    quantity: old.quantity,
    buyerName,
  };
}

/** What another module asks a seller for when no product of theirs is named (a buying request, decision 055). */
export type OpenEnquiry = {
  buyerUserId: number;
  sellerUserId: number;
  sellerCompanyId: number;
  /** What is asked for: the product keyword or the category's name. */
  title: string;
  quantity: number;
  unitName: string;
  currencyId: number;
  /** The buyer's target unit price, or 0 when they named none. */
  unitPrice: number;
  neededBy: Date;
  message: string;
};

/**
 * Open enquiries on no product, one per seller, sharing one request group, so each seller answers,
 * replies and quotes on them as on any quote request (POST enquiry/answer...). No quote.submitted is
 * told: the caller's module brings the request to the sellers' CRMs. Runs in the caller's transaction.
 */
export async function openEnquiries(tx: Tx, requests: OpenEnquiry[]): Promise<number[]> {
  const group = randomUUID();
  const ids: number[] = [];
  for (const request of requests) {
    const total = Math.round(request.unitPrice * request.quantity * 100) / 100;
    const line: QuoteLine = {
      product_id: 0,
      product_name: request.title,
      pre_title_name: null,
      type: 'simple',
      role: 'main',
      combination: null,
      quantity: request.quantity,
      unit: request.unitName,
      unit_price: request.unitPrice,
      total,
      equation: null,
      min_order: null,
      below_minimum: false,
      image: null,
    };
    const [row] = await tx
      .insert(enquiries)
      .values({
        requestGroup: group,
        enquiryUserId: request.buyerUserId,
        sellerUserId: request.sellerUserId,
        sellerCompanyId: request.sellerCompanyId,
        productId: null,
        productName: request.title,
        quantity: request.quantity,
        unitName: request.unitName,
        currencyId: request.currencyId,
        requestedUnitPrice: request.unitPrice,
        requestedTotal: total,
        lines: [line],
        neededBy: request.neededBy,
        message: request.message,
        lastMessage: request.message,
        buyerReadAt: new Date(),
        rfq: requests.length > 1,
      })
      .returning({ id: enquiries.id });
    await tx.insert(enquiryMessages).values({
      enquiryId: row.id,
      authorUserId: request.buyerUserId,
      side: 'buyer',
      kind: 'request',
      message: request.message,
      unitPrice: request.unitPrice,
      total,
    });
    await recordContacts(tx, request.buyerUserId, request.sellerUserId);
    ids.push(row.id);
  }
  return ids;
}
