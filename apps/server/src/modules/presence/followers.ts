import { and, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  PRESENCE_MESSAGES,
  type FollowState,
  type followListQuerySchema,
  type followedCompaniesSchema,
  type followersPageSchema,
} from '@tradeloop/contracts/presence';
import type { Tx } from '../../db/client.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import { findCompanies, findPeople } from '../accounts/public.ts';
import { announcedFollowers, announcedProducts, companyFollowers } from './tables.ts';

type ListQuery = z.infer<typeof followListQuerySchema>;
type Follower = { id: number; companyId: number | null };

const pageOf = <T>(data: T[], query: ListQuery, total: number) => ({
  data,
  currentPage: query.page,
  lastPage: Math.max(1, Math.ceil(total / query.per_page)),
  perPage: query.per_page,
  total,
});

async function followerCount(db: Tx, companyId: number) {
  const [row] = await db
    .select({ total: count() })
    .from(companyFollowers)
    .where(eq(companyFollowers.companyId, companyId));
  return row.total;
}

const following = (userId: number, companyId: number) =>
  and(eq(companyFollowers.userId, userId), eq(companyFollowers.companyId, companyId));

/** Whether the user (null: a visitor) follows the company, and how many do. */
export async function followState(db: Tx, userId: number | null, companyId: number): Promise<FollowState> {
  const [row] = userId === null ? [] : await db.select().from(companyFollowers).where(following(userId, companyId));
  return { company_id: companyId, following: Boolean(row), followers: await followerCount(db, companyId) };
}

/** The user follows the company (again: no change, `added` false). Nobody follows their own company. */
export async function follow(tx: Tx, user: Follower, companyId: number) {
  const [company] = await findCompanies(tx, [companyId]);
  if (!company) throw notFound(PRESENCE_MESSAGES.companyNotFound);
  if (user.companyId === companyId) throw invalid({ company_id: [PRESENCE_MESSAGES.followOwnCompany] });
  const added = await tx
    .insert(companyFollowers)
    .values({ userId: user.id, companyId })
    .onConflictDoNothing()
    .returning();
  return { state: await followState(tx, user.id, companyId), added: added.length > 0 };
}

/** POST front/delete/follower_list/{id}: the user stops following company {id} (not following: no change). */
export async function unfollow(tx: Tx, userId: number, companyId: number) {
  await tx.delete(companyFollowers).where(following(userId, companyId));
  return followState(tx, userId, companyId);
}

/** The companies the user follows, newest first. */
export async function followedCompanies(
  db: Tx,
  userId: number,
  query: ListQuery,
): Promise<z.infer<typeof followedCompaniesSchema>> {
  const where = eq(companyFollowers.userId, userId);
  const [{ total }] = await db.select({ total: count() }).from(companyFollowers).where(where);
  const rows = await db
    .select()
    .from(companyFollowers)
    .where(where)
    .orderBy(desc(companyFollowers.createdAt), desc(companyFollowers.companyId))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const companies = new Map(
    (
      await findCompanies(
        db,
        rows.map((row) => row.companyId),
      )
    ).map((c) => [c.id, c]),
  );
  const data = rows.flatMap((row) => {
    const company = companies.get(row.companyId);
    return company
      ? [
          {
            id: company.id,
            name: company.name,
            slug: company.slug,
            country_code: company.countryCode,
            followed_at: row.createdAt.toISOString(),
          },
        ]
      : [];
  });
  return pageOf(data, query, total);
}

/** Ids of the companies the user follows, for follow buttons on lists. */
export async function followedCompanyIds(db: Tx, userId: number) {
  const rows = await db
    .select({ companyId: companyFollowers.companyId })
    .from(companyFollowers)
    .where(eq(companyFollowers.userId, userId));
  return rows.map((row) => row.companyId);
}

/** The company's followers, newest first (the seller's list). */
export async function followersOf(
  db: Tx,
  companyId: number,
  query: ListQuery,
): Promise<z.infer<typeof followersPageSchema>> {
  const total = await followerCount(db, companyId);
  const rows = await db
    .select()
    .from(companyFollowers)
    .where(eq(companyFollowers.companyId, companyId))
    .orderBy(desc(companyFollowers.createdAt), desc(companyFollowers.userId))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const people = new Map((await findPeople(db, { ids: rows.map((row) => row.userId) })).map((p) => [p.id, p]));
  const data = rows.map((row) => {
    const person = people.get(row.userId);
    return {
      user_id: row.userId,
      full_name: person?.name ?? '',
      country: person?.country ?? null,
      company_name: person?.companyName ?? null,
      followed_at: row.createdAt.toISOString(),
    };
  });
  return pageOf(data, query, total);
}

/**
 * The followers to tell about a new product, the first time only: the product is marked announced in
 * the caller's transaction, so a redelivered event or a product made active again tells nobody twice.
 */
export async function followersToAnnounce(tx: Tx, companyId: number, productId: number): Promise<number[]> {
  const first = await tx.insert(announcedProducts).values({ productId }).onConflictDoNothing().returning();
  if (first.length === 0) return [];
  const rows = await tx
    .select({ userId: companyFollowers.userId })
    .from(companyFollowers)
    .where(eq(companyFollowers.companyId, companyId));
  return rows.map((row) => row.userId);
}

/** Whether the company's owner is yet to hear of this follower: true once per follower and company (marked in the caller's transaction). */
export async function followerToAnnounce(tx: Tx, companyId: number, userId: number): Promise<boolean> {
  const first = await tx.insert(announcedFollowers).values({ companyId, userId }).onConflictDoNothing().returning();
  return first.length > 0;
}

/** Everyone who follows the company (blog posts announce themselves once through their own module: decision 046). */
export async function followerIdsOf(tx: Tx, companyId: number): Promise<number[]> {
  const rows = await tx
    .select({ userId: companyFollowers.userId })
    .from(companyFollowers)
    .where(eq(companyFollowers.companyId, companyId));
  return rows.map((row) => row.userId);
}
