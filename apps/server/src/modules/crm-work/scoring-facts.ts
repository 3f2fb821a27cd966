import { and, eq, sql } from 'drizzle-orm';
import { CRM_TYPE, type RecordValues } from '@tradeloop/contracts/crm';
import type { Tx } from '../../db/client.ts';
import { findPeople } from '../accounts/people.ts';
import { recordIsLiveSql } from '../crm/record-access.ts';
import { findRecord } from '../crm/records-read.ts';
import { wishlistsCompanyProduct } from '../market/wishlist.ts';
import { scoringEngagement } from '../tracking/service.ts';
import { usersOfLeads } from './engagement-service.ts';
import { crmActivities, crmEmails, crmLeadThreads, crmLeadVisitors } from './tables.ts';

/**
 * What lead scoring knows of one lead (decision 038), gathered in the caller's transaction from the CRM
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

/** The facts of a live lead of the company, or null when it is not one (deleted, another company's). */
export async function leadScoringFacts(tx: Tx, companyId: number, leadId: number): Promise<LeadFacts | null> {
  const lead = await findRecord(tx, companyId, { id: leadId, typeId: CRM_TYPE.leads }).catch(() => null);
  if (!lead) return null;
  const userIds = (await usersOfLeads(tx, companyId, [leadId])).get(leadId) ?? [];
  const threads = await tx
    .select({ type: crmLeadThreads.threadType, product: crmLeadThreads.productDetails })
    .from(crmLeadThreads)
    .where(and(eq(crmLeadThreads.companyId, companyId), eq(crmLeadThreads.leadId, leadId)));
  const [work] = await tx
    .select({
      calls: sql<number>`count(*) filter (where ${crmActivities.kind} = 'call')::int`,
      meetings: sql<number>`count(*) filter (where ${crmActivities.kind} = 'meeting')::int`,
    })
    .from(crmActivities)
    .where(and(eq(crmActivities.companyId, companyId), eq(crmActivities.recordId, leadId)));
  const [emails] = await tx
    .select({ sent: sql<number>`count(*)::int` })
    .from(crmEmails)
    .where(and(eq(crmEmails.companyId, companyId), eq(crmEmails.recordId, leadId), eq(crmEmails.status, 'sent')));
  const [intent] = await tx
    .select({ one: sql<number>`1` })
    .from(crmLeadVisitors)
    .where(
      and(
        eq(crmLeadVisitors.companyId, companyId),
        eq(crmLeadVisitors.leadId, leadId),
        eq(crmLeadVisitors.origin, 'intent'),
      ),
    )
    .limit(1);
  const people = await findPeople(tx, { ids: userIds, live: true });
  const quotes = threads.filter((thread) => thread.type === 1);
  const quantities = quotes.map((thread) => numberOf(thread.product.quantity)).filter((n): n is number => n !== null);
  return {
    values: lead.values,
    buyers: people.map((person) => ({
      mobileVerified: person.mobileVerified === 'verified',
      emailVerified: person.emailVerified,
      businessAccount: Boolean(person.companyId && (person.companyType ?? person.profileCompanyType)),
      lastSeenAt: person.lastSeenAt,
    })),
    threads: {
      quotes: quotes.length,
      chats: threads.filter((thread) => thread.type === 2).length,
      productRequested: threads.some((thread) => thread.type !== 3 && numberOf(thread.product.product_id) !== null),
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
    engagement: await scoringEngagement(tx, companyId, userIds),
    work: { emailsSent: emails?.sent ?? 0, calls: work?.calls ?? 0, meetings: work?.meetings ?? 0 },
    wishlisted: await wishlistsCompanyProduct(tx, companyId, userIds),
    intentLead: Boolean(intent),
  };
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
