import { and, eq, sql } from 'drizzle-orm';
import type { RecordValues } from '@tradeloop/contracts/crm/records';
import type { Tx } from '../../../db/client.ts';
import { findPeople } from '../../accounts/public.ts';
import { liveLeadValues, recordIsLiveSql } from '../records/access.ts';
import { wishlistsCompanyProduct } from '../../market/public.ts';
import { scoringEngagement } from '../../tracking/public.ts';
import { usersOfLeads } from '../engagement/service.ts';
import { crmActivities } from '../activities/tables.ts';
import { crmEmails } from '../emails/tables.ts';
import { crmLeadThreads } from '../leads/tables.ts';
import { crmLeadVisitors } from '../engagement/tables.ts';

/**
 * What lead scoring knows of one lead (decision 040), gathered in the caller's transaction from the CRM
 * work's own tables and the services of the CRM, accounts, tracking and the marketplace.
 */
export type LeadFacts = {
  values: RecordValues;
  /** The marketplace accounts the lead is (threads' buyers, linked visitors). */
  buyers: { mobileVerified: boolean; emailVerified: boolean; businessAccount: boolean; lastSeenAt: Date | null }[];
  threads: {
    quotes: number;
    chats: number;
    productRequested: boolean;
    maxQuantity: number | null;
    configured: boolean;
    priced: boolean;
    neededBy: boolean;
  };
  engagement: { sessions: number; productViews: number; timeMs: number; quoteClicks: number; contactClicks: number };
  work: { emailsSent: number; calls: number; meetings: number };
  wishlisted: boolean;
  intentLead: boolean;
};

const numberOf = (value: unknown) => {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(number) ? number : null;
};

const inIds = (column: Parameters<typeof eq>[0], ids: number[]) => sql`${column} = any(${sql.param(ids)}::bigint[])`;

const NO_ENGAGEMENT = { sessions: 0, productViews: 0, timeMs: 0, quoteClicks: 0, contactClicks: 0 };

/**
 * The facts of the company's live leads among `leadIds` (others are left out: deleted, another company's).
 * One statement per kind of fact for the whole batch; browsing and wishlists only for leads that are
 * marketplace users, one lead at a time (their sessions are joined per user).
 */
export async function leadsScoringFacts(tx: Tx, companyId: number, leadIds: number[]) {
  const facts = new Map<number, LeadFacts>();
  const values = await liveLeadValues(tx, companyId, leadIds);
  const ids = [...values.keys()];
  if (ids.length === 0) return facts;
  const [usersByLead, threads, work, emails, intent] = await Promise.all([
    usersOfLeads(tx, companyId, ids),
    tx
      .select({
        leadId: crmLeadThreads.leadId,
        type: crmLeadThreads.threadType,
        product: crmLeadThreads.productDetails,
      })
      .from(crmLeadThreads)
      .where(and(eq(crmLeadThreads.companyId, companyId), inIds(crmLeadThreads.leadId, ids))),
    tx
      .select({
        recordId: crmActivities.recordId,
        calls: sql<number>`count(*) filter (where ${crmActivities.kind} = 'call')::int`,
        meetings: sql<number>`count(*) filter (where ${crmActivities.kind} = 'meeting')::int`,
      })
      .from(crmActivities)
      .where(and(eq(crmActivities.companyId, companyId), inIds(crmActivities.recordId, ids)))
      .groupBy(crmActivities.recordId),
    tx
      .select({ recordId: crmEmails.recordId, sent: sql<number>`count(*)::int` })
      .from(crmEmails)
      .where(and(eq(crmEmails.companyId, companyId), inIds(crmEmails.recordId, ids), eq(crmEmails.status, 'sent')))
      .groupBy(crmEmails.recordId),
    tx
      .selectDistinct({ leadId: crmLeadVisitors.leadId })
      .from(crmLeadVisitors)
      .where(
        and(
          eq(crmLeadVisitors.companyId, companyId),
          inIds(crmLeadVisitors.leadId, ids),
          eq(crmLeadVisitors.origin, 'intent'),
        ),
      ),
  ]);
  const allUsers = [...new Set([...usersByLead.values()].flat())];
  const people = new Map((await findPeople(tx, { ids: allUsers, live: true })).map((person) => [person.id, person]));
  const intentLeads = new Set(intent.map((row) => row.leadId));
  for (const leadId of ids) {
    const userIds = usersByLead.get(leadId) ?? [];
    const own = threads.filter((thread) => thread.leadId === leadId);
    const quotes = own.filter((thread) => thread.type === 1);
    const quantities = quotes.map((thread) => numberOf(thread.product.quantity)).filter((n): n is number => n !== null);
    const activity = work.find((row) => row.recordId === leadId);
    facts.set(leadId, {
      values: values.get(leadId)!,
      buyers: userIds.flatMap((userId) => {
        const person = people.get(userId);
        if (!person) return [];
        return [
          {
            mobileVerified: person.mobileVerified === 'verified',
            emailVerified: person.emailVerified,
            businessAccount: Boolean(person.companyId && (person.companyType ?? person.profileCompanyType)),
            lastSeenAt: person.lastSeenAt,
          },
        ];
      }),
      threads: {
        quotes: quotes.length,
        chats: own.filter((thread) => thread.type === 2).length,
        productRequested: own.some((thread) => thread.type !== 3 && numberOf(thread.product.product_id) !== null),
        maxQuantity: quantities.length ? Math.max(...quantities) : null,
        configured: quotes.some(
          (thread) =>
            Boolean(thread.product.combination) ||
            (Array.isArray(thread.product.attributes) && thread.product.attributes.length > 0),
        ),
        priced: quotes.some(
          (thread) => numberOf(thread.product.total) !== null || numberOf(thread.product.unit_price) !== null,
        ),
        neededBy: quotes.some(
          (thread) => typeof thread.product.needed_by === 'string' && thread.product.needed_by !== '',
        ),
      },
      engagement: userIds.length ? await scoringEngagement(tx, companyId, userIds) : NO_ENGAGEMENT,
      work: {
        emailsSent: emails.find((row) => row.recordId === leadId)?.sent ?? 0,
        calls: activity?.calls ?? 0,
        meetings: activity?.meetings ?? 0,
      },
      wishlisted: userIds.length ? await wishlistsCompanyProduct(tx, companyId, userIds) : false,
      intentLead: intentLeads.has(leadId),
    });
  }
  return facts;
}

/** The facts of one live lead of the company, or null when it is not one (deleted, another company's). */
export async function leadScoringFacts(tx: Tx, companyId: number, leadId: number): Promise<LeadFacts | null> {
  return (await leadsScoringFacts(tx, companyId, [leadId])).get(leadId) ?? null;
}

/** The company's live leads that a marketplace user is (linked visitor or buyer of a thread). */
export async function leadsOfBuyer(tx: Tx, companyId: number, userId: number): Promise<number[]> {
  const [visitors, threads] = await Promise.all([
    tx
      .select({ leadId: crmLeadVisitors.leadId })
      .from(crmLeadVisitors)
      .where(
        and(
          eq(crmLeadVisitors.companyId, companyId),
          eq(crmLeadVisitors.userId, userId),
          recordIsLiveSql(crmLeadVisitors.leadId),
        ),
      ),
    tx
      .selectDistinct({ leadId: crmLeadThreads.leadId })
      .from(crmLeadThreads)
      .where(
        and(
          eq(crmLeadThreads.companyId, companyId),
          eq(crmLeadThreads.buyerUserId, userId),
          recordIsLiveSql(crmLeadThreads.leadId),
        ),
      ),
  ]);
  return [...new Set([...visitors, ...threads].map((row) => row.leadId))];
}
