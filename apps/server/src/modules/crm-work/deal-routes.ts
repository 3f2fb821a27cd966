import type { FastifyInstance } from 'fastify';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@tradeloop/contracts/orders';
import { DEAL_WON_STAGE } from '../crm/default-forms.ts';
import { DEAL_LOST_STAGE, DEAL_PROPOSAL_STAGE, moveEnquiryDeal } from './deal-service.ts';

/**
 * The marketplace's quotations and orders move the enquiry's deal (issue 44; decision 052): through the
 * outbox, each event handled once, in the delivery's transaction.
 */
export function registerDealSteps(app: FastifyInstance) {
  app.events.on('quotation.sent', 'crm.deal-proposal', async (event, { tx }) => {
    if (event.enquiryId === null) return null;
    return moveEnquiryDeal(tx, {
      companyId: event.companyId,
      enquiryId: event.enquiryId,
      stage: DEAL_PROPOSAL_STAGE,
      amount: event.total,
      name: `Quotation ${event.number}`,
      note: `Quotation ${event.number} v${event.version} sent: ${event.currency} ${event.total}`,
    });
  });
  app.events.on('order.placed', 'crm.deal-won', async (event, { tx }) => {
    if (event.enquiryId === null) return null;
    return moveEnquiryDeal(tx, {
      companyId: event.companyId,
      enquiryId: event.enquiryId,
      stage: DEAL_WON_STAGE,
      amount: event.total,
      name: `Order ${event.number}`,
      note: `Order ${event.number}: ${event.currency} ${event.total}`,
    });
  });
  app.events.on('quotation.declined', 'crm.deal-lost-quotation', async (event, { tx }) => {
    if (event.enquiryId === null) return null;
    return moveEnquiryDeal(tx, {
      companyId: event.companyId,
      enquiryId: event.enquiryId,
      stage: DEAL_LOST_STAGE,
      amount: null,
      name: `Quotation ${event.number}`,
      note: `Quotation ${event.number} declined: ${event.reason}`,
    });
  });
  app.events.on(
    'order.status_changed',
    'crm.deal-lost-order',
    async (event, { tx }) =>
      event.enquiryId === null
        ? null
        : moveEnquiryDeal(tx, {
            companyId: event.companyId,
            enquiryId: event.enquiryId,
            stage: DEAL_LOST_STAGE,
            amount: null,
            name: `Order ${event.number}`,
            note: `Order ${event.number} ${ORDER_STATUS_LABELS[event.status as OrderStatus].toLowerCase()}: ${event.reason ?? ''}`,
          }),
    // Only a cancellation moves the deal; other steps write no delivery for it.
    { when: async (_tx, event) => event.status === 'cancelled' },
  );
}
