import type { FastifyInstance } from 'fastify';
import { idParamsSchema } from '@tradeloop/contracts/crm/records';
import {
  leadScoreSchema,
  SCORING_MESSAGES,
  scoringSettingsSchema,
  scoringStoreBodySchema,
} from '@tradeloop/contracts/crm/scoring';
import { eventDepth } from '../../../platform/caller-context.ts';
import type { EventBus } from '../../../platform/events.ts';
import { JOB_PRIORITY } from '../../../platform/jobs.ts';
import { routes, withMessage } from '../../../platform/routes.ts';
import type { RecordChange } from '../records/hooks.ts';
import type { Tx } from '../../../db/client.ts';
import {
  RESCORE_QUEUE,
  leadScoreOf,
  rescoreBatch,
  saveScoring,
  scoreChangedLead,
  scoreWishlistingBuyer,
  scoringSettingsOf,
  type RescoreJob,
} from './service.ts';

const tags = ['crm lead scoring'];

/**
 * The CRM tells of lead changes in the writing transaction (CrmHooks); lead scoring turns them into
 * `lead.changed` events on the app's bus, through the outbox. crm/module.ts connects it.
 */
export const scoreChangedLeads = (bus: EventBus) => (tx: Tx, change: RecordChange) => leadsChanged(bus, tx, change);

async function leadsChanged(bus: EventBus, tx: Tx, change: RecordChange) {
  const leadIds =
    change.kind === 'created' || change.kind === 'field_changed' || change.kind === 'merged'
      ? change.typeId === 1
        ? [change.recordId]
        : []
      : change.kind === 'restored' || change.kind === 'deleted'
        ? change.recordIds
        : [];
  for (const leadId of leadIds)
    await bus.emit(tx, 'lead.changed', {
      companyId: change.companyId,
      leadId,
      cause: change.kind,
      depth: eventDepth(),
    });
}

/** Lead scoring (docs/decisions/040): the weights' settings, a lead's breakdown, and the scoring work. */
export async function scoringRoutes(app: FastifyInstance) {
  const route = routes(app);

  // A changed score is an event of its own (automation's threshold trigger), as deep as its cause.
  // The score is read from the lead's facts as they are when the delivery runs, so changes of one lead
  // that wait together are scored once (coalesced per lead and depth: the depth bound still holds).
  app.events.on(
    'lead.changed',
    'scoring.lead-score',
    (event, { tx }) =>
      scoreChangedLead(tx, event, (scoredTx, change) =>
        app.events.emit(scoredTx, 'lead.scored', {
          companyId: event.companyId,
          leadId: event.leadId,
          ...change,
          depth: event.depth ?? 0,
        }),
      ),
    { coalesce: (event) => `lead:${event.leadId}:${event.depth ?? 0}`, priority: JOB_PRIORITY.rescoring },
  );
  app.events.on('product.wishlisted', 'scoring.wishlist', (event, { tx }) => scoreWishlistingBuyer(tx, event));
  app.jobs.define(RESCORE_QUEUE, {
    kind: 'transaction',
    priority: JOB_PRIORITY.rescoring,
    run: (job, { tx }) => rescoreBatch(tx, app.jobs, job.payload as RescoreJob),
  });

  route.get(
    '/crm/v1/score/criteria/list',
    {
      access: 'company',
      permission: 'crm.leads.view',
      tags,
      summary: 'The eight scoring groups and their criteria with the company’s weights, and the rescoring’s progress',
      data: scoringSettingsSchema,
    },
    async ({ member }) => scoringSettingsOf(app.db, member.companyId),
  );

  route.post(
    '/crm/v1/score/criteria/store',
    {
      access: 'company',
      permission: 'crm.settings',
      tags,
      summary: 'Change weights of groups and criteria; every lead is scored again in the background',
      body: scoringStoreBodySchema,
      data: scoringSettingsSchema,
      transaction: true,
    },
    async ({ request, member, tx }) =>
      withMessage(await saveScoring(tx, app.jobs, member.companyId, request.body), SCORING_MESSAGES.saved),
  );

  route.get(
    '/crm/v1/score/lead/:id',
    {
      access: 'company',
      permission: 'crm.leads.view',
      tags,
      summary: 'The score of lead {id} and its breakdown by group',
      params: idParamsSchema,
      data: leadScoreSchema,
    },
    async ({ request, member }) => leadScoreOf(app.db, member.companyId, request.params.id),
  );
}
