import { sql, type SQL } from 'drizzle-orm';
import { recordColumnSql, recordIsLiveSql } from '../records/access.ts';
import { crmLeadVisitors } from '../engagement/tables.ts';

/**
 * `lead_id, user_id` of the company's live leads and the marketplace users their engagement linked to
 * them (decision 032; as `engagementAverages`), for the statistics' browsing figures (decision 042);
 * with `ownerId`, only that member's leads.
 */
export function leadUsersSql(companyId: number, ownerId: number | null): SQL {
  const v = crmLeadVisitors;
  const own = ownerId === null ? sql`` : sql` and ${recordColumnSql(v.leadId, 'ownerId')} = ${ownerId}`;
  return sql`select ${v.leadId} as lead_id, ${v.userId} as user_id from ${v}
    where ${v.companyId} = ${companyId} and ${recordIsLiveSql(v.leadId)}${own}`;
}
