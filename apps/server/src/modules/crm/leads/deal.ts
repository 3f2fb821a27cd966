import { and, eq } from 'drizzle-orm';
import { CRM_TYPE, type RecordValues } from '@tradeloop/contracts/crm/records';
import { LOOP_SOURCES } from '@tradeloop/contracts/crm/leads';
import type { Tx } from '../../../db/client.ts';
import { companyOwner } from '../../accounts/public.ts';
import { DEAL_WON_STAGE } from '../forms/default-forms.ts';
import { loadFields } from '../forms/service.ts';
import { findRecord } from '../records/read.ts';
import { createRecord, prepareValues, writeValues } from '../records/service.ts';
import type { CrmHooks } from '../records/hooks.ts';
import { crmEnquiryDeals, crmLeadDeals, crmLeadThreads } from './tables.ts';

/*
 * The deal a marketplace enquiry's (or a lead's) quotation and order move (issue 44; decision 052): a quotation sent puts
 * it at "Proposal" with the quotation's amount, an order at "Closed Won" with the order's amount, a declined
 * quotation or cancelled order at "Closed Lost" with the reason. Each is an outbox delivery handled once in
 * its own transaction; the enquiry's row in crm_enquiry_deals (a lead's quotation: the lead's row in
 * crm_lead_deals) is locked first, so deliveries of one enquiry or lead run one after the other, and a closed
 * deal is never moved back to "Proposal" by a late one.
 */

export const DEAL_PROPOSAL_STAGE = 'Proposal';
export const DEAL_LOST_STAGE = 'Closed Lost';

export type DealStep = {
  companyId: number;
  /** What the quotation answers: an enquiry, or (without one) a CRM lead. */
  source: { enquiryId: number } | { leadId: number };
  stage: typeof DEAL_PROPOSAL_STAGE | typeof DEAL_WON_STAGE | typeof DEAL_LOST_STAGE;
  amount: string | null;
  /** What the deal is named after when it is made ("Quotation Q-000001"). */
  name: string;
  /** A line kept in the deal's next step (a loss's reason, the order's number). */
  note: string | null;
};

/** The lead the enquiry's quote request made (its thread), or undefined when the loop has not run yet. */
async function leadOfEnquiry(tx: Tx, companyId: number, enquiryId: number) {
  const [thread] = await tx
    .select({ leadId: crmLeadThreads.leadId })
    .from(crmLeadThreads)
    .where(and(eq(crmLeadThreads.companyId, companyId), eq(crmLeadThreads.enquiryId, enquiryId)));
  return thread?.leadId;
}

async function liveDeal(tx: Tx, companyId: number, dealId: number | null) {
  if (dealId === null) return undefined;
  try {
    return await findRecord(tx, companyId, { id: dealId, typeId: CRM_TYPE.deals }, { asWritten: true });
  } catch {
    return undefined;
  }
}

type Link = { companyId: number; dealId: number | null; closed: boolean };

/** The source's link row, made if missing and locked until the delivery commits. */
async function lockedLink(tx: Tx, step: DealStep): Promise<Link> {
  const base = { companyId: step.companyId, stage: step.stage, dealId: null };
  if ('enquiryId' in step.source) {
    const { enquiryId } = step.source;
    await tx
      .insert(crmEnquiryDeals)
      .values({ ...base, enquiryId })
      .onConflictDoNothing();
    const [link] = await tx
      .select()
      .from(crmEnquiryDeals)
      .where(eq(crmEnquiryDeals.enquiryId, enquiryId))
      .for('update');
    return link;
  }
  const { leadId } = step.source;
  await tx
    .insert(crmLeadDeals)
    .values({ ...base, leadId })
    .onConflictDoNothing();
  const [link] = await tx.select().from(crmLeadDeals).where(eq(crmLeadDeals.leadId, leadId)).for('update');
  return link;
}

async function saveLink(tx: Tx, step: DealStep, dealId: number, closed: boolean) {
  const values = { dealId, stage: step.stage, closed, updatedAt: new Date() };
  if ('enquiryId' in step.source)
    await tx.update(crmEnquiryDeals).set(values).where(eq(crmEnquiryDeals.enquiryId, step.source.enquiryId));
  else await tx.update(crmLeadDeals).set(values).where(eq(crmLeadDeals.leadId, step.source.leadId));
}

/** Moves (or makes) the enquiry's or lead's deal to the step's stage; answers the deal's id, or null when skipped. */
export async function moveDeal(crm: CrmHooks, tx: Tx, step: DealStep): Promise<number | null> {
  const closing = step.stage !== DEAL_PROPOSAL_STAGE;
  const link = await lockedLink(tx, step);
  if (link.companyId !== step.companyId) return null;
  // A won or lost deal stays closed: a revision's "Proposal" delivered late does not reopen it.
  if (link.closed && !closing) return link.dealId;
  const owner = await companyOwner(tx, step.companyId);
  if (!owner) return null;
  const actor = { companyId: step.companyId, userId: owner.id };
  const loaded = await loadFields(crm, tx, step.companyId, CRM_TYPE.deals);
  const changes: RecordValues = { stage: step.stage };
  if (step.amount !== null) changes.amount = Number(step.amount);
  if (step.note) changes.next_step = step.note;
  let deal = await liveDeal(tx, step.companyId, link.dealId);
  if (!deal) {
    const leadId =
      'leadId' in step.source ? step.source.leadId : await leadOfEnquiry(tx, step.companyId, step.source.enquiryId);
    // The quote request's lead is made by its own delivery; until then this one fails and is retried.
    if (leadId === undefined) throw new Error(`enquiry ${JSON.stringify(step.source)} has no lead yet`);
    const lead = await findRecord(tx, step.companyId, { id: leadId }, { asWritten: true });
    deal = await liveDeal(tx, step.companyId, lead.convertedDealId);
    if (!deal) {
      const values: RecordValues = {
        deal_name: `${step.name}: ${String(lead.values.company ?? lead.values.first_name ?? 'Marketplace buyer')}`,
        lead_source:
          'leadId' in step.source ? String(lead.values.lead_source ?? LOOP_SOURCES.quote) : LOOP_SOURCES.quote,
        ...changes,
      };
      const created = await createRecord(crm, tx, actor, {
        typeId: CRM_TYPE.deals,
        values,
        ownerId: lead.ownerId,
        sourceLeadId: lead.id,
        lenient: true,
        source: LOOP_SOURCES.quote,
      });
      await saveLink(tx, step, created.id, closing);
      return created.id;
    }
  }
  const values = await prepareValues(tx, actor, loaded, changes, {
    existing: deal.values,
    recordId: deal.id,
    requiredScope: 'none',
    lenient: true,
  });
  await writeValues(crm, tx, actor, loaded, deal, values);
  await saveLink(tx, step, deal.id, closing);
  return deal.id;
}

/** The deal of enquiry `enquiryId` as the seller's CRM holds it (tests, the order page's link). */
export async function dealOfEnquiry(tx: Tx, companyId: number, enquiryId: number) {
  const [link] = await tx
    .select({ dealId: crmEnquiryDeals.dealId })
    .from(crmEnquiryDeals)
    .where(and(eq(crmEnquiryDeals.companyId, companyId), eq(crmEnquiryDeals.enquiryId, enquiryId)));
  return link?.dealId ?? null;
}

/** The deal a quotation written from lead `leadId` moved (tests, the lead's page). */
export async function dealOfLead(tx: Tx, companyId: number, leadId: number) {
  const [link] = await tx
    .select({ dealId: crmLeadDeals.dealId })
    .from(crmLeadDeals)
    .where(and(eq(crmLeadDeals.companyId, companyId), eq(crmLeadDeals.leadId, leadId)));
  return link?.dealId ?? null;
}

export const dealStages = { proposal: DEAL_PROPOSAL_STAGE, won: DEAL_WON_STAGE, lost: DEAL_LOST_STAGE } as const;
