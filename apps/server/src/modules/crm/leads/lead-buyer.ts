import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { CRM_TYPE } from '@tradeloop/contracts/crm/records';
import type { Tx } from '../../../db/client.ts';
import { findPeople, findPerson } from '../../accounts/public.ts';
import { findRecord } from '../records/read.ts';
import { crmLeadThreads } from './tables.ts';
import { crmLeadVisitors } from '../engagement/tables.ts';

/** A CRM lead as a quotation written from it sees it (issue 44; decision 052). */
export type LeadBuyer = {
  leadId: number;
  name: string;
  email: string | null;
  /** The lead's marketplace account, or null when the lead is an e-mail address only. */
  buyerUserId: number | null;
};

/**
 * Which marketplace buyer lead `leadId` is: the buyer of its latest thread (a chat or quote request), the
 * account the engagement rule joined it with, or a live account with the lead's e-mail; null when none
 * (or when that account is the seller company's own). The lead must be the caller's to see: 404 otherwise.
 */
export async function leadBuyer(tx: Tx, companyId: number, leadId: number): Promise<LeadBuyer> {
  const lead = await findRecord(tx, companyId, { id: leadId, typeId: CRM_TYPE.leads });
  const [thread] = await tx
    .select({ userId: crmLeadThreads.buyerUserId })
    .from(crmLeadThreads)
    .where(
      and(
        eq(crmLeadThreads.companyId, companyId),
        eq(crmLeadThreads.leadId, leadId),
        isNotNull(crmLeadThreads.buyerUserId),
      ),
    )
    .orderBy(desc(crmLeadThreads.createdAt))
    .limit(1);
  const [visitor] = await tx
    .select({ userId: crmLeadVisitors.userId })
    .from(crmLeadVisitors)
    .where(and(eq(crmLeadVisitors.companyId, companyId), eq(crmLeadVisitors.leadId, leadId)))
    .limit(1);
  const email = typeof lead.values.email === 'string' && lead.values.email ? lead.values.email.trim() : null;
  let candidate = thread?.userId ?? visitor?.userId ?? null;
  if (candidate === null && email) {
    const [person] = await findPeople(tx, { email: email.toLowerCase(), live: true, limit: 1 });
    candidate = person?.id ?? null;
  }
  const person = candidate === null ? undefined : await findPerson(tx, candidate);
  const live = person && person.deletedAt === null && person.companyId !== companyId;
  const name = [lead.values.first_name, lead.values.last_name]
    .filter((part) => typeof part === 'string' && part)
    .join(' ');
  return {
    leadId,
    name: name || String(lead.values.company ?? email ?? `Lead ${leadId}`),
    email,
    buyerUserId: live ? person.id : null,
  };
}
