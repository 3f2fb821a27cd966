import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import { CRM_TYPE, type CrmStatistics } from '@tradeloop/contracts/crm';
import type { Tx } from '../../db/client.ts';
import { alias } from 'drizzle-orm/pg-core';
import { DEAL_WON_STAGE } from './default-forms.ts';
import { crmRecords } from './tables.ts';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

async function counts(tx: Tx, companyId: number, since?: Date) {
  const deal = alias(crmRecords, 'converted_deal');
  const ofType = (typeId: number) => sql<number>`(count(*) FILTER (WHERE ${crmRecords.typeId} = ${typeId}))::int`;
  const lead = sql`${crmRecords.typeId} = ${CRM_TYPE.leads}`;
  const [row] = await tx
    .select({
      total_leads: ofType(CRM_TYPE.leads),
      total_contacts: ofType(CRM_TYPE.contacts),
      total_accounts: ofType(CRM_TYPE.accounts),
      total_deals: ofType(CRM_TYPE.deals),
      converted_leads: sql<number>`(count(*) FILTER (WHERE ${lead} AND ${crmRecords.convertedAt} IS NOT NULL))::int`,
      leads_with_deals: sql<number>`(count(*) FILTER (WHERE ${lead} AND ${deal.id} IS NOT NULL))::int`,
      leads_won: sql<number>`(count(*) FILTER (WHERE ${lead} AND ${deal.values} @> ${JSON.stringify({ stage: DEAL_WON_STAGE })}::jsonb))::int`,
    })
    .from(crmRecords)
    .leftJoin(deal, and(eq(deal.id, crmRecords.convertedDealId), isNull(deal.deletedAt)))
    .where(
      and(
        eq(crmRecords.companyId, companyId),
        isNull(crmRecords.deletedAt),
        since ? gte(crmRecords.createdAt, since) : undefined,
      ),
    );
  return {
    ...row,
    lead_oppportunity_conversion_rate: percent(row.converted_leads, row.total_leads),
    lead_to_customer_conversion_rate: percent(row.leads_won, row.total_leads),
    lead_to_opportunity_deal_conversion_rate: percent(row.leads_with_deals, row.total_leads),
  };
}

/**
 * The CRM's inputs to the seller statistics of spec section 3, from live records: totals, and the
 * same figures for records created in the last seven days (conversion rates of that week's leads).
 */
export async function crmStatistics(tx: Tx, companyId: number, now = new Date()): Promise<CrmStatistics> {
  return {
    total: await counts(tx, companyId),
    weekly: await counts(tx, companyId, new Date(now.getTime() - WEEK_MS)),
  };
}
