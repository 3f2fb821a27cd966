import type { FastifyInstance } from 'fastify';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@tradeloop/contracts/orders';
import type { Tx } from '../../../db/client.ts';
import { DEAL_WON_STAGE } from '../forms/default-forms.ts';
import type { CrmHooks } from '../records/hooks.ts';
import { DEAL_LOST_STAGE, DEAL_PROPOSAL_STAGE, moveDeal, type DealStep } from './deal.ts';

type Source = { companyId: number; enquiryId: number | null; leadId?: number | null };

/**
 * Moves the deal of what the quotation or order answers: its enquiry, else the CRM lead it was written from;
 * null (nothing moved) when it has neither.
 */
function moveFor(crm: CrmHooks, tx: Tx, event: Source, step: Omit<DealStep, 'companyId' | 'source'>) {
  const source: DealStep['source'] | null =
    event.enquiryId !== null
      ? { enquiryId: event.enquiryId }
      : event.leadId !== undefined && event.leadId !== null
        ? { leadId: event.leadId }
        : null;
  return source === null ? null : moveDeal(crm, tx, { companyId: event.companyId, source, ...step });
}

/**
 * The marketplace's quotations and orders move the enquiry's (or lead's) deal (issue 44; decision 052):
 * through the outbox, each event handled once, in the delivery's transaction.
 */
export function registerDealSteps(app: FastifyInstance) {
  app.events.on('quotation.sent', 'crm.deal-proposal', async (event, { tx }) =>
    moveFor(app.crm, tx, event, {
      stage: DEAL_PROPOSAL_STAGE,
      amount: event.total,
      name: `Quotation ${event.number}`,
      note: `Quotation ${event.number} v${event.version} sent: ${event.currency} ${event.total}`,
    }),
  );
  app.events.on('order.placed', 'crm.deal-won', async (event, { tx }) =>
    moveFor(app.crm, tx, event, {
      stage: DEAL_WON_STAGE,
      amount: event.total,
      name: `Order ${event.number}`,
      note: `Order ${event.number}: ${event.currency} ${event.total}`,
    }),
  );
  app.events.on('quotation.declined', 'crm.deal-lost-quotation', async (event, { tx }) =>
    moveFor(app.crm, tx, event, {
      stage: DEAL_LOST_STAGE,
      amount: null,
      name: `Quotation ${event.number}`,
      note: `Quotation ${event.number} declined: ${event.reason}`,
    }),
  );
  app.events.on(
    'order.status_changed',
    'crm.deal-lost-order',
    async (event, { tx }) =>
      moveFor(app.crm, tx, event, {
        stage: DEAL_LOST_STAGE,
        amount: null,
        name: `Order ${event.number}`,
        note: `Order ${event.number} ${ORDER_STATUS_LABELS[event.status as OrderStatus].toLowerCase()}: ${event.reason ?? ''}`,
      }),
    // Only a cancellation moves the deal; other steps write no delivery for it.
    { when: async (_tx, event) => event.status === 'cancelled' },
  );
}
