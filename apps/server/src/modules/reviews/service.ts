import { and, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type CompanyReviewsPage,
  type Review,
  type Reviewables,
  type ReviewsPage,
  type companyReviewsQuerySchema,
  type createReviewBodySchema,
  type listReviewsBodySchema,
  type reportedReviewsQuerySchema,
} from '@tradeloop/contracts/reviews';
import type { Tx } from '../../db/client.ts';
import type { EventBus } from '../../platform/events.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import type { AuthUser } from '../../platform/sessions.ts';
import { findCompanies, findPeople } from '../accounts/public.ts';
import { conversationsWithCompany, ratableCompany } from '../chat/public.ts';
import { buyerEnquiriesWith, buyerEnquiry } from '../quotes/public.ts';
import { ratingSummary, type StarCounts, storeCompanyRating } from '../ratings/public.ts';
import { plainText } from './plain-text.ts';
import { reviewReports, reviews } from './tables.ts';

/*
 * Reviews of sellers (issue 18; docs/decisions/045). Who may review asks the quotes module (an enquiry
 * the buyer sent) and the chat (a conversation with the seller), never their tables. Review text is
 * stored and answered as plain text; the web shows it as text, never as HTML.
 */

type ReviewRow = typeof reviews.$inferSelect;
type Reviewer = Pick<AuthUser, 'id' | 'userType' | 'companyId'>;

const visible = isNull(reviews.hiddenAt);

const pageOf = <T>(data: T[], page: number, perPage: number, total: number) => ({
  data,
  currentPage: page,
  lastPage: Math.max(1, Math.ceil(total / perPage)),
  perPage,
  total,
});

// ── figures ────────────────────────────────────────────────────────────────────────────────────

/** The advisory-lock namespace of a company's rating figures (decision 045). */
const RATING_LOCK = 4045;

/**
 * Counts a company's visible reviews again and stores the figures (in the caller's transaction).
 * Recounts of one company wait for each other: two reviews written at once would otherwise each
 * count without the other's new row, and the last to save would lose one.
 */
export async function refreshCompanyRating(tx: Tx, companyId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${RATING_LOCK}, ${companyId}::int)`);
  const [row] = await tx
    .select({
      s1: sql<number>`(count(*) filter (where ${reviews.rating} = 1))::int`,
      s2: sql<number>`(count(*) filter (where ${reviews.rating} = 2))::int`,
      s3: sql<number>`(count(*) filter (where ${reviews.rating} = 3))::int`,
      s4: sql<number>`(count(*) filter (where ${reviews.rating} = 4))::int`,
      s5: sql<number>`(count(*) filter (where ${reviews.rating} = 5))::int`,
    })
    .from(reviews)
    .where(and(eq(reviews.companyId, companyId), visible));
  const stars = [row.s1, row.s2, row.s3, row.s4, row.s5].map(Number) as StarCounts;
  await storeCompanyRating(tx, companyId, stars);
}

// ── reading ────────────────────────────────────────────────────────────────────────────────────

async function present(db: Tx, rows: ReviewRow[]): Promise<Review[]> {
  const people = new Map(
    (
      await findPeople(db, {
        ids: rows.map((row) => row.buyerId),
      })
    ).map((person) => [person.id, person]),
  );
  return rows.map((row) => {
    const buyer = people.get(row.buyerId);
    return {
      id: row.id,
      company_id: row.companyId,
      buyer_id: row.buyerId,
      buyer_name: buyer?.name ?? 'A buyer',
      buyer_country: buyer?.country ?? null,
      rating: row.rating,
      text: row.body,
      product_name: row.productName,
      source: row.roomId !== null && row.enquiryId === null ? 'conversation' : 'enquiry',
      reply: row.reply && row.repliedAt ? { text: row.reply, replied_at: row.repliedAt.toISOString() } : null,
      created_at: row.createdAt.toISOString(),
    };
  });
}

async function pageRows(db: Tx, where: SQL | undefined, page: number, perPage: number) {
  const [{ total }] = await db.select({ total: count() }).from(reviews).where(where);
  const rows = await db
    .select()
    .from(reviews)
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { total, rows };
}

/** POST front/mini-site/list-reviews?type=Review: a seller's visible reviews, newest first, with its figures. */
export async function listReviews(db: Tx, body: z.infer<typeof listReviewsBodySchema>): Promise<ReviewsPage> {
  const where = and(
    eq(reviews.companyId, body.shop_id),
    visible,
    body.user_id ? eq(reviews.buyerId, body.user_id) : undefined,
  );
  const { total, rows } = await pageRows(db, where, body.page, body.per_page);
  return {
    ...pageOf(await present(db, rows), body.page, body.per_page, total),
    company_id: body.shop_id,
    summary: await ratingSummary(db, body.shop_id),
  };
}

/** The seller's own list: every review of its company, hidden ones marked. */
export async function companyReviews(
  db: Tx,
  companyId: number,
  query: z.infer<typeof companyReviewsQuerySchema>,
): Promise<CompanyReviewsPage> {
  const where = and(eq(reviews.companyId, companyId), query.unanswered === '1' ? isNull(reviews.reply) : undefined);
  const { total, rows } = await pageRows(db, where, query.page, query.per_page);
  const presented = await present(db, rows);
  return {
    ...pageOf(
      presented.map((review, index) => ({ ...review, hidden: rows[index].hiddenAt !== null })),
      query.page,
      query.per_page,
      total,
    ),
    summary: await ratingSummary(db, companyId),
  };
}

/** The buyer's review of a conversation, if any (the chat's rating prompt). */
export async function conversationReview(db: Tx, buyerId: number, roomId: number) {
  const [row] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.roomId, roomId), eq(reviews.buyerId, buyerId)));
  return row ? (await present(db, [row]))[0] : null;
}

/** Whether the buyer sent company `companyId` any enquiry: then they review enquiries, not conversations. */
async function hasEnquiryWith(db: Tx, buyerId: number, companyId: number) {
  return (await buyerEnquiriesWith(db, buyerId, companyId)).length > 0;
}

/** Which of `ids` (enquiries or rooms, by `column`) already have a review. */
async function reviewedAmong(db: Tx, column: typeof reviews.enquiryId | typeof reviews.roomId, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db.select({ id: column }).from(reviews).where(inArray(column, ids));
  return new Set(rows.map((row) => row.id));
}

/** The caller's enquiries (or, without any, conversations) with the seller not reviewed yet. */
export async function reviewables(db: Tx, user: Reviewer, companyId: number): Promise<Reviewables> {
  if (user.companyId === companyId) return { company_id: companyId, items: [] };
  const sent = await buyerEnquiriesWith(db, user.id, companyId);
  if (sent.length > 0) {
    const done = await reviewedAmong(
      db,
      reviews.enquiryId,
      sent.map((enquiry) => enquiry.id),
    );
    const items = sent.filter((enquiry) => !done.has(enquiry.id));
    return {
      company_id: companyId,
      items: items.map((enquiry) => ({
        kind: 'enquiry' as const,
        id: enquiry.id,
        label: enquiry.productName,
        date: enquiry.createdAt.toISOString(),
      })),
    };
  }
  const rooms = await conversationsWithCompany(db, user, companyId);
  const done = await reviewedAmong(
    db,
    reviews.roomId,
    rooms.map((room) => room.roomId),
  );
  return {
    company_id: companyId,
    items: rooms
      .filter((room) => !done.has(room.roomId))
      .map((room) => ({
        kind: 'conversation' as const,
        id: room.roomId,
        label: `Conversation with ${room.personName}`,
        date: room.lastMessageAt.toISOString(),
      })),
  };
}

// ── writing ────────────────────────────────────────────────────────────────────────────────────

/** What the review is of: its seller company, and the enquiry's product. Refused unless the caller may. */
async function sourceOf(tx: Tx, user: Reviewer, body: z.infer<typeof createReviewBodySchema>) {
  if (body.enquiry_id) {
    const enquiry = await buyerEnquiry(tx, user.id, body.enquiry_id);
    if (!enquiry) throw invalid({ enquiry_id: [REVIEW_MESSAGES.notEligible] });
    return {
      companyId: enquiry.sellerCompanyId,
      enquiryId: enquiry.id,
      roomId: null,
      productName: enquiry.productName,
    };
  }
  const roomId = body.room_id!;
  const companyId = await ratableCompany(tx, user, roomId);
  if (companyId === null) throw invalid({ room_id: [REVIEW_MESSAGES.notEligible] });
  if (await hasEnquiryWith(tx, user.id, companyId)) throw invalid({ room_id: [REVIEW_MESSAGES.reviewEnquiryInstead] });
  return { companyId, enquiryId: null, roomId, productName: null };
}

/** A buyer reviews the seller of an enquiry (or of a conversation): once; the seller is told. */
export async function createReview(
  tx: Tx,
  events: EventBus,
  user: Reviewer,
  body: z.infer<typeof createReviewBodySchema>,
): Promise<Review> {
  const text = plainText(body.text);
  if (text.length < REVIEW_LIMITS.textMin) throw invalid({ text: [REVIEW_MESSAGES.textTooShort] });
  const source = await sourceOf(tx, user, body);
  if (user.companyId === source.companyId) throw invalid({ rating: [REVIEW_MESSAGES.ownCompany] });
  const [created] = await tx
    .insert(reviews)
    .values({ ...source, buyerId: user.id, rating: body.rating, body: text })
    .onConflictDoNothing()
    .returning();
  if (!created)
    throw conflict(source.enquiryId ? REVIEW_MESSAGES.alreadyReviewed : REVIEW_MESSAGES.alreadyReviewedConversation);
  await refreshCompanyRating(tx, source.companyId);
  await events.emit(tx, 'review.created', {
    reviewId: created.id,
    companyId: created.companyId,
    buyerId: user.id,
    rating: created.rating,
  });
  return (await present(tx, [created]))[0];
}

/** The company's review `id`, locked; another company's is 404 like a missing one. */
async function companyReview(tx: Tx, companyId: number, id: number) {
  const [row] = await tx
    .select()
    .from(reviews)
    .where(and(eq(reviews.id, id), eq(reviews.companyId, companyId)))
    .for('update');
  if (!row) throw notFound(REVIEW_MESSAGES.reviewNotFound);
  return row;
}

/** The seller answers a review of its company, once; the buyer is told. */
export async function replyToReview(
  tx: Tx,
  events: EventBus,
  member: { companyId: number; userId: number },
  id: number,
  text: string,
) {
  const reply = plainText(text);
  if (!reply) throw invalid({ text: [REVIEW_MESSAGES.replyRequired] });
  const row = await companyReview(tx, member.companyId, id);
  if (row.reply !== null) throw conflict(REVIEW_MESSAGES.alreadyReplied);
  const [updated] = await tx
    .update(reviews)
    .set({ reply, repliedAt: new Date(), repliedBy: member.userId, updatedAt: new Date() })
    .where(eq(reviews.id, id))
    .returning();
  await events.emit(tx, 'review.replied', { reviewId: id, companyId: member.companyId, buyerId: row.buyerId });
  return (await present(tx, [updated]))[0];
}

/** A signed-in user reports a visible review as abusive (again: no change); the operator sees it. */
export async function reportReview(tx: Tx, user: Reviewer, id: number, reason: string | undefined) {
  const [row] = await tx
    .select()
    .from(reviews)
    .where(and(eq(reviews.id, id), visible));
  if (!row) throw notFound(REVIEW_MESSAGES.reviewNotFound);
  if (row.buyerId === user.id) throw invalid({ reason: [REVIEW_MESSAGES.ownReviewReport] });
  const [report] = await tx
    .insert(reviewReports)
    .values({ reviewId: id, reporterId: user.id, reason: (reason && plainText(reason)) || null })
    .onConflictDoNothing()
    .returning();
  if (report) await tx.update(reviews).set({ reportedAt: report.createdAt }).where(eq(reviews.id, id));
  return null;
}

/** The operator's queue: reported reviews still shown (open), or hidden ones. */
export async function reportedReviews(db: Tx, query: z.infer<typeof reportedReviewsQuerySchema>) {
  const where = query.status === 'open' ? and(isNotNull(reviews.reportedAt), visible) : isNotNull(reviews.hiddenAt);
  const [{ total }] = await db.select({ total: count() }).from(reviews).where(where);
  const rows = await db
    .select()
    .from(reviews)
    .where(where)
    .orderBy(desc(sql`coalesce(${reviews.reportedAt}, ${reviews.hiddenAt})`), desc(reviews.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const presented = await present(db, rows);
  const companies = new Map(
    (
      await findCompanies(
        db,
        rows.map((row) => row.companyId),
      )
    ).map((c) => [c.id, c.name]),
  );
  const reports = rows.length
    ? await db
        .select({ reviewId: reviewReports.reviewId, reason: reviewReports.reason, createdAt: reviewReports.createdAt })
        .from(reviewReports)
        .where(
          inArray(
            reviewReports.reviewId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(desc(reviewReports.createdAt))
    : [];
  const data = presented.map((review, index) => {
    const row = rows[index];
    const mine = reports.filter((report) => report.reviewId === row.id);
    return {
      ...review,
      company_name: companies.get(row.companyId) ?? '',
      hidden: row.hiddenAt !== null,
      reports: mine.length,
      reasons: mine.flatMap((report) => (report.reason ? [report.reason] : [])),
      reported_at: (row.reportedAt ?? mine[0]?.createdAt ?? row.hiddenAt ?? row.createdAt).toISOString(),
    };
  });
  return pageOf(data, query.page, query.per_page, total);
}

/** The operator hides a review (not listed, not counted) or shows it again (the reports are dealt with). */
export async function moderateReview(tx: Tx, events: EventBus, id: number, hidden: boolean) {
  const [row] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
  if (!row) throw notFound(REVIEW_MESSAGES.reviewNotFound);
  const now = new Date();
  await tx
    .update(reviews)
    .set(
      hidden ? { hiddenAt: row.hiddenAt ?? now, updatedAt: now } : { hiddenAt: null, reportedAt: null, updatedAt: now },
    )
    .where(eq(reviews.id, id));
  await refreshCompanyRating(tx, row.companyId);
  await events.emit(tx, 'review.moderated', { reviewId: id, companyId: row.companyId });
  return null;
}

/** What a notification about a review names: the company and the buyer. */
export async function reviewNotice(db: Tx, reviewId: number) {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, reviewId));
  if (!row) return null;
  const [company] = await findCompanies(db, [row.companyId]);
  const [buyer] = await findPeople(db, { ids: [row.buyerId] });
  const [owner] = await findPeople(db, { companyId: row.companyId, userType: 'seller', live: true, limit: 1 });
  return {
    review: row,
    companyName: company?.name ?? 'the seller',
    companySlug: company?.slug ?? null,
    buyerName: buyer?.name ?? 'A buyer',
    sellerUserId: owner?.id ?? null,
  };
}
