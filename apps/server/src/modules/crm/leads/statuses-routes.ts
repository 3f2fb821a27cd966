import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParamsSchema } from '@tradeloop/contracts/crm/records';
import { routes, withMessage } from '../../../platform/routes.ts';
import {
  groupClassificationSchema,
  LEAD_MESSAGES,
  leadStatusSchema,
  leadStatusUpdateBodySchema,
  leadStatusUpdatedSchema,
  reorderBodySchema,
  statusDestroyQuerySchema,
  statusStoreBodySchema,
  statusUpdateBodySchema,
} from '@tradeloop/contracts/crm/leads';
import {
  createStatus,
  deleteStatus,
  groupClassification,
  listStatuses,
  reorderStatuses,
  setLeadStatus,
  updateStatus,
} from './statuses.ts';

const tags = ['crm lead statuses'];
/**
 * status-settings/*, lead/lead-status-update and lead/group-classification (spec section 7).
 * Everyone of the company reads statuses and moves leads; the seller who owns it manages the list.
 */
export function registerStatusRoutes(app: FastifyInstance) {
  const route = routes(app);

  route.get(
    '/crm/v1/status-settings/index',
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: 'Lead statuses in order: name, colour, whether converted or lost, and lead counts',
      data: z.array(leadStatusSchema),
    },
    async ({ member: { companyId } }) => app.db.transaction((tx) => listStatuses(app.crm, tx, companyId)),
  );

  route.post(
    '/crm/v1/status-settings/store',
    {
      access: 'company',
      permission: 'crm.settings',
      tags,
      summary: 'Add a lead status at the end',
      body: statusStoreBodySchema,
      data: leadStatusSchema,
      transaction: true,
    },
    async ({ request, member: { companyId }, tx }) =>
      withMessage(await createStatus(app.crm, tx, companyId, request.body), LEAD_MESSAGES.statusCreated),
  );

  route.put(
    '/crm/v1/status-settings/update/:id',
    {
      access: 'company',
      permission: 'crm.settings',
      tags,
      summary: 'Rename (leads follow), recolour or flag a lead status',
      params: idParamsSchema,
      body: statusUpdateBodySchema,
      data: leadStatusSchema,
      transaction: true,
    },
    async ({ request, member: { companyId }, tx }) =>
      withMessage(
        await updateStatus(app.crm, tx, companyId, request.params.id, request.body),
        LEAD_MESSAGES.statusUpdated,
      ),
  );

  route.delete(
    '/crm/v1/status-settings/destroy/:id',
    {
      access: 'company',
      permission: 'crm.settings',
      tags,
      summary: 'Delete a lead status; leads holding it need replacement_id (409 without)',
      params: idParamsSchema,
      querystring: statusDestroyQuerySchema,
      data: z.object({ moved: z.number().int() }),
      transaction: true,
    },
    async ({ request, member: actor, tx }) => {
      const { id } = request.params;
      const result = await deleteStatus(app.crm, tx, actor, id, request.query.replacement_id);
      return withMessage(result, LEAD_MESSAGES.statusDeleted);
    },
  );

  route.post(
    '/crm/v1/status-settings/reorder',
    {
      access: 'company',
      permission: 'crm.settings',
      tags,
      summary: 'Put the lead statuses in a new order',
      body: reorderBodySchema,
      data: z.array(leadStatusSchema),
      transaction: true,
    },
    async ({ request, member: { companyId }, tx }) =>
      withMessage(await reorderStatuses(app.crm, tx, companyId, request.body.ids), LEAD_MESSAGES.orderSaved),
  );

  route.post(
    '/crm/v1/lead/lead-status-update',
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: "Set a lead's status (also from inside one of its threads: thread_id)",
      body: leadStatusUpdateBodySchema,
      data: leadStatusUpdatedSchema,
      transaction: true,
    },
    async ({ request, member: actor, tx }) =>
      withMessage(await setLeadStatus(app.crm, tx, actor, request.body), LEAD_MESSAGES.leadStatusUpdated),
  );

  route.get(
    '/crm/v1/lead/group-classification',
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: 'Live leads by status (in status order) and by source, with open, converted and lost totals',
      data: groupClassificationSchema,
    },
    async ({ member: { companyId } }) => app.db.transaction((tx) => groupClassification(app.crm, tx, companyId)),
  );
}
