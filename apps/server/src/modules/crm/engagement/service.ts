import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { productTitle } from '@tradeloop/contracts/catalog-constants';
import { CRM_TYPE } from '@tradeloop/contracts/crm/records';
import {
  TRACKING_MESSAGES,
  TRACKING_REPORT_DEFAULT_DAYS,
  TRACKING_REPORT_MAX_DAYS,
} from '@tradeloop/contracts/tracking';
import {
  ENGAGEMENT_DEFAULTS,
  COUNTRY_NOT_KNOWN,
  ENGAGEMENT_LEAD_SOURCE,
  type EngagementSettings,
  type TrackingListing,
  type TrackingReport,
} from '@tradeloop/contracts/crm/engagement';
import type { Tx } from '../../../db/client.ts';
import { invalid } from '../../../platform/errors.ts';
import type { DomainEvents } from '../../../platform/events.ts';
import { findPeople, findPerson } from '../../accounts/public.ts';
import { productOwners } from '../../catalog/public.ts';
import { createLead, findLeadByEmail } from '../leads/intake.ts';
import { recordIsLiveSql } from '../records/access.ts';
import { findRecord } from '../records/read.ts';
import { visibleRecordIdSql } from '../records/permissions.ts';
import { countEnquiriesBetween } from '../../quotes/public.ts';
import { findCountry } from '../../reference/public.ts';
import {
  companyReport,
  engagementOf,
  engagementTotals,
  sessionIntent,
  visitorsBetween,
} from '../../tracking/public.ts';
import { buyerOf } from '../leads/service.ts';
import { crmEngagementSettings, crmLeadSessions, crmLeadVisitors } from './tables.ts';
import { crmLeadThreads } from '../leads/tables.ts';
import { addTimeline } from '../timeline/service.ts';
import type { CrmHooks } from '../records/hooks.ts';

/*
 * Engagement in the CRM (docs/decisions/031 and 032). A signed-in buyer's browsing of the company's pages
 * arrives as `tracking.engaged` through the outbox: it joins the buyer's live lead (by e-mail), or, when
 * the buyer has none and the session shows intent, makes one with the source Marketplace Engagement,
 * once per company and buyer. Each session the lead browsed adds one line to its timeline.
 */

export async function engagementSettings(db: Tx, companyId: number): Promise<EngagementSettings> {
  const [row] = await db.select().from(crmEngagementSettings).where(eq(crmEngagementSettings.companyId, companyId));
  if (!row) return { ...ENGAGEMENT_DEFAULTS };
  return { enabled: row.enabled, product_views: row.productViews, intent_clicks: row.intentClicks };
}

export async function saveEngagementSettings(tx: Tx, companyId: number, settings: EngagementSettings) {
  const values = {
    enabled: settings.enabled,
    productViews: settings.product_views,
    intentClicks: settings.intent_clicks,
    updatedAt: new Date(),
  };
  await tx
    .insert(crmEngagementSettings)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: crmEngagementSettings.companyId, set: values });
  return engagementSettings(tx, companyId);
}

/** The rule of decision 032: enough distinct product pages in the session, or a click that asks. */
export function showsIntent(settings: EngagementSettings, facts: { productViews: number; intentClicks: number }) {
  if (!settings.enabled) return false;
  return facts.productViews >= settings.product_views || (settings.intent_clicks && facts.intentClicks > 0);
}

/** tracking.engaged: join the session to the buyer's lead, or make the lead when the rule holds. */
export async function leadFromEngagement(crm: CrmHooks, tx: Tx, event: DomainEvents['tracking.engaged']) {
  const { buyerUserId, sellerCompanyId: companyId, sessionId } = event;
  const person = await findPerson(tx, buyerUserId);
  if (!person || person.deletedAt || person.companyId === companyId) return null;
  const [link] = await tx
    .select()
    .from(crmLeadVisitors)
    .where(and(eq(crmLeadVisitors.companyId, companyId), eq(crmLeadVisitors.userId, buyerUserId)));
  const existing = await findLeadByEmail(tx, companyId, person.email.trim().toLowerCase());
  let leadId = existing?.id;
  let created = false;
  if (leadId !== undefined) {
    if (!link) await tx.insert(crmLeadVisitors).values({ companyId, userId: buyerUserId, leadId, origin: 'matched' });
    else if (link.leadId !== leadId) {
      await tx
        .update(crmLeadVisitors)
        .set({ leadId })
        .where(and(eq(crmLeadVisitors.companyId, companyId), eq(crmLeadVisitors.userId, buyerUserId)));
    }
  } else {
    // The rule makes a lead once: a lead it made and the seller deleted is not made again.
    if (link) return null;
    const facts = await sessionIntent(tx, sessionId, companyId);
    if (!showsIntent(await engagementSettings(tx, companyId), facts)) return null;
    const buyer = await buyerOf(tx, buyerUserId);
    // A lead with the buyer's verified mobile is reused rather than made (decision 064).
    const made = await createLead(crm, tx, companyId, buyer.values, ENGAGEMENT_LEAD_SOURCE, {
      matchPhone: buyer.verifiedPhone,
    });
    leadId = made.lead.id;
    created = made.created;
    // A plain insert: a second delivery racing this one fails here, rolls back and finds the lead on retry.
    await tx
      .insert(crmLeadVisitors)
      .values({ companyId, userId: buyerUserId, leadId, origin: created ? 'intent' : 'matched' });
  }
  const [fresh] = await tx
    .insert(crmLeadSessions)
    .values({ leadId, sessionId })
    .onConflictDoNothing()
    .returning({ leadId: crmLeadSessions.leadId });
  if (fresh) {
    const facts = await sessionIntent(tx, sessionId, companyId);
    const pages = facts.productViews === 1 ? '1 product page' : `${facts.productViews} product pages`;
    await addTimeline(tx, {
      companyId,
      recordId: leadId,
      kind: 'engagement',
      actorId: buyerUserId,
      summary: `Browsed your marketplace pages (${pages} in this session)`,
      details: { session_id: sessionId, product_views: facts.productViews, intent_clicks: facts.intentClicks },
    });
  }
  return { leadId, created };
}

/** The marketplace users a lead is: buyers linked by engagement and buyers of its quote and chat threads. */
export async function usersOfLeads(db: Tx, companyId: number, leadIds: number[]) {
  if (leadIds.length === 0) return new Map<number, number[]>();
  const [visitors, threads] = await Promise.all([
    db
      .select({ leadId: crmLeadVisitors.leadId, userId: crmLeadVisitors.userId })
      .from(crmLeadVisitors)
      .where(and(eq(crmLeadVisitors.companyId, companyId), inArray(crmLeadVisitors.leadId, leadIds))),
    db
      .selectDistinct({ leadId: crmLeadThreads.leadId, userId: crmLeadThreads.buyerUserId })
      .from(crmLeadThreads)
      .where(
        and(
          eq(crmLeadThreads.companyId, companyId),
          inArray(crmLeadThreads.leadId, leadIds),
          isNotNull(crmLeadThreads.buyerUserId),
        ),
      ),
  ]);
  const byLead = new Map<number, number[]>();
  for (const row of [...visitors, ...threads]) {
    const users = byLead.get(row.leadId) ?? [];
    if (row.userId !== null && !users.includes(row.userId)) users.push(row.userId);
    byLead.set(row.leadId, users);
  }
  return byLead;
}

/** The full titles (pre-title and name) of the company's products among `owners`, by id. */
const titlesOf = (owners: Awaited<ReturnType<typeof productOwners>>, companyId: number) =>
  new Map(
    owners
      .filter((row) => row.companyId === companyId)
      .map((row) => [row.id, productTitle({ pre_title_name: row.preTitle, name: row.name })]),
  );

const productTitles = async (db: Tx, companyId: number, ids: number[]) =>
  titlesOf(await productOwners(db, ids), companyId);

/** GET crm/tracking/listing?lead_id=: the lead's sessions, pages, time on page, deepest scroll and clicks. */
export async function leadEngagement(db: Tx, companyId: number, leadId: number): Promise<TrackingListing> {
  const lead = await findRecord(db, companyId, { id: leadId, typeId: CRM_TYPE.leads });
  const userIds = (await usersOfLeads(db, companyId, [lead.id])).get(lead.id) ?? [];
  const sessions = await engagementOf(db, companyId, userIds);
  const pages = sessions.flatMap((session) => session.pages);
  const names = await productTitles(
    db,
    companyId,
    pages.map((page) => page.product_id).filter((id) => id !== null),
  );
  for (const page of pages) page.product_name = page.product_id === null ? null : (names.get(page.product_id) ?? null);
  return {
    lead_id: lead.id,
    sessions,
    totals: {
      sessions: sessions.length,
      page_views: pages.length,
      time_on_page: pages.reduce((sum, page) => sum + (page.time_on_page ?? 0), 0),
      clicks: pages.reduce((sum, page) => sum + page.clicks.length, 0),
    },
  };
}

/** avg_time_spend_lead (seconds) and avg_page_view_per_lead over the company's live leads that browsed. */
export async function engagementAverages(db: Tx, companyId: number) {
  const rows = await db
    .select({ userId: crmLeadVisitors.userId, leadId: crmLeadVisitors.leadId })
    .from(crmLeadVisitors)
    .where(
      and(
        eq(crmLeadVisitors.companyId, companyId),
        recordIsLiveSql(crmLeadVisitors.leadId),
        visibleRecordIdSql(crmLeadVisitors.leadId),
      ),
    );
  const leads = new Set(rows.map((row) => row.leadId)).size;
  if (leads === 0) return { avgTimeSpendLead: 0, avgPageViewPerLead: 0 };
  const totals = await engagementTotals(
    db,
    companyId,
    rows.map((row) => row.userId),
  );
  return {
    avgTimeSpendLead: Math.round(totals.timeOnPage / 1000 / leads),
    avgPageViewPerLead: Math.round((totals.pageViews / leads) * 10) / 10,
  };
}

/**
 * The marketplace users the running request may see named: the buyers of the leads it sees (by
 * engagement or a thread); undefined when nothing limits it (decision 063).
 */
async function visibleBuyers(db: Tx, companyId: number): Promise<Set<number> | undefined> {
  const visitorsSeen = visibleRecordIdSql(crmLeadVisitors.leadId);
  if (!visitorsSeen) return undefined;
  const [visitors, threads] = await Promise.all([
    db
      .select({ userId: crmLeadVisitors.userId })
      .from(crmLeadVisitors)
      .where(and(eq(crmLeadVisitors.companyId, companyId), visitorsSeen)),
    db
      .selectDistinct({ userId: crmLeadThreads.buyerUserId })
      .from(crmLeadThreads)
      .where(and(eq(crmLeadThreads.companyId, companyId), visibleRecordIdSql(crmLeadThreads.leadId))),
  ]);
  return new Set([...visitors, ...threads].flatMap((row) => (row.userId === null ? [] : [row.userId])));
}

const DAY = 24 * 60 * 60 * 1000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The report's period: [from, to] as whole UTC days, the last 30 by default. */
export function reportPeriod(query: { from?: string; to?: string }, now = new Date()) {
  const to = query.to ? new Date(`${query.to}T00:00:00Z`) : new Date(`${dayOf(now)}T00:00:00Z`);
  const from = query.from
    ? new Date(`${query.from}T00:00:00Z`)
    : new Date(to.getTime() - (TRACKING_REPORT_DEFAULT_DAYS - 1) * DAY);
  if (from > to) throw invalid({ from: [TRACKING_MESSAGES.periodOrder] });
  if ((to.getTime() - from.getTime()) / DAY + 1 > TRACKING_REPORT_MAX_DAYS) {
    throw invalid({ from: [TRACKING_MESSAGES.periodTooLong] });
  }
  return { from, end: new Date(to.getTime() + DAY), to };
}

/** GET crm/tracking/report: the company's figures over the period, with names and countries filled in. */
export async function trackingReport(db: Tx, companyId: number, query: { from?: string; to?: string }) {
  const { from, end, to } = reportPeriod(query);
  const [report, visitors, quoteSent, averages, named] = await Promise.all([
    companyReport(db, companyId, from, end),
    visitorsBetween(db, companyId, from, end),
    countEnquiriesBetween(db, companyId, from, end),
    engagementAverages(db, companyId),
    visibleBuyers(db, companyId),
  ]);
  // The storefront's traffic is the company's; the buyers it names are those of the leads the caller sees.
  const buyers = named ? report.buyers.filter((row) => named.has(row.user_id)) : report.buyers;
  const [owners, people] = await Promise.all([
    productOwners(
      db,
      report.products.map((row) => row.product_id),
    ),
    findPeople(db, { ids: [...new Set([...visitors, ...buyers.map((row) => row.user_id)])] }),
  ]);
  const names = titlesOf(owners, companyId);
  const byId = new Map(people.map((person) => [person.id, person]));
  const countries = new Map<string, number>();
  for (const userId of visitors) {
    const code = byId.get(userId)?.country?.trim();
    const country = code ? (findCountry(code)?.name ?? code) : COUNTRY_NOT_KNOWN;
    countries.set(country, (countries.get(country) ?? 0) + 1);
  }
  const answer: TrackingReport = {
    from: dayOf(from),
    to: dayOf(to),
    totals: report.totals,
    daily: report.daily,
    products: report.products.map((row) => ({ ...row, name: names.get(row.product_id) ?? null })),
    pages: report.pages,
    countries: [...countries]
      .map(([country, count]) => ({ country, visitors: count }))
      .sort((a, b) => b.visitors - a.visitors),
    top_buyers: buyers.map((row) => ({ ...row, name: byId.get(row.user_id)?.name ?? null })),
    funnel: { ...report.funnel, quote_sent: quoteSent },
    statistics: {
      avg_time_spend_lead: averages.avgTimeSpendLead,
      avg_page_view_per_lead: averages.avgPageViewPerLead,
    },
  };
  return answer;
}
