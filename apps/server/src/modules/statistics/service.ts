import { ROLE_MESSAGES } from '@tradeloop/contracts/accounts-roles-constants';
import type { CrmStatistics } from '@tradeloop/contracts/crm/statistics';
import type { SellerFigures, Statistics, StatisticsPoint, StatisticsQuery } from '@tradeloop/contracts/statistics';
import { STATISTICS_MESSAGES } from '@tradeloop/contracts/statistics-constants';
import type { Tx } from '../../db/client.ts';
import { mayCaller } from '../../platform/caller-context.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { findPerson } from '../accounts/public.ts';
import { catalogFigures, productIdsSql, type CatalogFigures } from '../catalog/public.ts';
import {
  countsBetween,
  percent,
  recordCountsByDay,
  totalAndWeekly,
  type DayCounts,
  leadUsersSql,
} from '../crm/public.ts';
import { wishlistFigures } from '../market/public.ts';
import { quoteFigures, quoteSeries, type QuoteFigures, type QuotePoint } from '../quotes/public.ts';
import { leadBrowsing, type LeadBrowsing } from '../tracking/public.ts';
import { orderFigures } from '../orders/public.ts';
import { CACHED_ANSWERS, statisticsVersion, VersionedCache } from './cache.ts';
import { bucketOf, bucketStarts, dayOf, statisticsWindow, type StatisticsWindow } from './period.ts';

type Member = { companyId: number; userId: number };

/**
 * Whose figures: the whole company (null) or one member. A role without `crm.leads.all` sees only its
 * own, and asking for someone else's is refused; another company's user answers 404 like a missing one.
 */
async function chosenMember(db: Tx, member: Member, requested: number | undefined) {
  const canChoose = mayCaller('crm.leads.all');
  if (!canChoose) {
    if (requested !== undefined && requested !== member.userId) throw forbidden(ROLE_MESSAGES.forbidden);
    return { userId: member.userId, canChoose };
  }
  if (requested === undefined) return { userId: null, canChoose };
  const person = await findPerson(db, requested);
  if (!person || person.companyId !== member.companyId) throw notFound(STATISTICS_MESSAGES.memberNotFound);
  return { userId: requested, canChoose };
}

function sellerFigures(
  counts: CrmStatistics['total'],
  quotes: QuoteFigures,
  catalog: CatalogFigures,
  wishlists: number,
  browsing: LeadBrowsing,
  orders: { orders: number; quotations: number; value: SellerFigures['order_value'] },
): SellerFigures {
  return {
    total_quotation: quotes.total_quotation,
    total_orders: orders.orders,
    quotation_order_conversion_rate: percent(orders.orders, orders.quotations),
    order_value: orders.value,
    avg_time_spend_lead: browsing.leads === 0 ? null : Math.round(browsing.timeMs / 1000 / browsing.leads),
    wishlist_count: wishlists,
    total_contacts: counts.total_contacts,
    total_leads: counts.total_leads,
    lead_oppportunity_conversion_rate: counts.lead_oppportunity_conversion_rate,
    avg_page_view_per_lead: browsing.leads === 0 ? null : Math.round((browsing.views / browsing.leads) * 10) / 10,
    lead_to_customer_conversion_rate: counts.lead_to_customer_conversion_rate,
    lead_to_opportunity_deal_conversion_rate: counts.lead_to_opportunity_deal_conversion_rate,
    total_products: catalog.total_products,
    total_brands: catalog.total_brands,
    total_categories: catalog.total_categories,
    total_rfq: quotes.total_rfq,
    answered_quotation: quotes.answered_quotation,
    median_first_response_seconds: quotes.median_first_response_seconds,
  };
}

/** One point per bucket of the window: the leads created and the quote requests received in it. */
function seriesOf(window: StatisticsWindow, days: DayCounts[], quotes: QuotePoint[]): StatisticsPoint[] {
  const leads = new Map<string, number>();
  for (const row of days) {
    const start = bucketOf(row.day, window.bucket);
    leads.set(start, (leads.get(start) ?? 0) + row.total_leads);
  }
  const quotesAt = new Map(quotes.map((point) => [point.start, point]));
  return bucketStarts(window).map((start) => ({
    start,
    leads: leads.get(start) ?? 0,
    quotations: quotesAt.get(start)?.quotations ?? 0,
    answered: quotesAt.get(start)?.answered ?? 0,
    median_first_response_seconds: quotesAt.get(start)?.median ?? null,
  }));
}

type Figures = Omit<Statistics, 'can_choose_member'>;

/** The figures of one company or member over one window, counted by each module from its own facts. */
async function countFigures(
  db: Tx,
  companyId: number,
  userId: number | null,
  query: StatisticsQuery,
): Promise<Figures> {
  const window = statisticsWindow(query);
  const [days, quotes, quotePoints, catalog, wishlists, browsing, orders] = await Promise.all([
    recordCountsByDay(db, companyId, userId),
    quoteFigures(db, companyId, window, userId),
    quoteSeries(db, companyId, window, userId),
    catalogFigures(db, companyId, window, userId),
    wishlistFigures(db, productIdsSql(companyId, userId), window),
    leadBrowsing(db, companyId, leadUsersSql(companyId, userId), window),
    orderFigures(db, companyId, window, userId),
  ]);
  const inWindow = countsBetween(days, dayOf(window.from), dayOf(window.end));
  const { total, weekly } = totalAndWeekly(days);
  return {
    total,
    weekly,
    period: { from: dayOf(window.from), to: dayOf(window.to), days: window.days, bucket: window.bucket },
    user_id: userId,
    figures: {
      total: sellerFigures(total, quotes.total, catalog.total, wishlists.total, browsing.total, orders.total),
      period: sellerFigures(inWindow, quotes.period, catalog.period, wishlists.period, browsing.period, orders.period),
    },
    series: seriesOf(window, days, quotePoints),
  };
}

/** Each database's kept answers (tests run several databases in one process). */
const caches = new WeakMap<object, VersionedCache<Figures>>();

/**
 * GET crm/statistics: the seller's figures of spec section 3 over all time and over the chosen period,
 * with a series for the charts, for the company or one member (decision 042). Each module counts its
 * own facts; nothing here reads a table. The answer is kept under the company's statistics version, so
 * a dashboard asked again before any change is answered without counting, and never after one.
 */
export async function sellerStatistics(db: Tx, member: Member, query: StatisticsQuery): Promise<Statistics> {
  const window = statisticsWindow(query);
  const { userId, canChoose } = await chosenMember(db, member, query.user_id);
  const { companyId } = member;
  let cache = caches.get(db);
  if (!cache) {
    cache = new VersionedCache<Figures>(CACHED_ANSWERS);
    caches.set(db, cache);
  }
  // The window's days and today (the weekly figures' last day) name the answer with the company and member.
  const key = [companyId, userId, dayOf(window.from), dayOf(window.to), dayOf(new Date())].join(':');
  const version = await statisticsVersion(db, companyId);
  const figures = await cache.get(key, version, () => countFigures(db, companyId, userId, query));
  return { ...figures, can_choose_member: canChoose };
}
