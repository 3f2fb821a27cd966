import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@tradeloop/contracts/common';
import { idParamsSchema } from '@tradeloop/contracts/crm';
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
} from '@tradeloop/contracts/crm-leads';
import { companyMember } from '../../platform/access.ts';
import { ok } from '../../platform/http.ts';
import {
  createStatus,
  deleteStatus,
  groupClassification,
  listStatuses,
  reorderStatuses,
  setLeadStatus,
  updateStatus,
} from './statuses-service.ts';

const tags = ['crm lead statuses'];
/** Everyone of the company reads statuses and moves leads; the seller who owns it manages the list. */
const company = { access: 'company' as const };
const owner = { access: 'owner' as const };
const statusResponse = { 200: envelope(leadStatusSchema) };
const listResponse = { 200: envelope(z.array(leadStatusSchema)) };

/** status-settings/*, lead/lead-status-update and lead/group-classification (spec section 7). */
export function registerStatusRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/crm/v1/status-settings/index',
    {
      config: company,
      schema: {
        tags,
        summary: 'Lead statuses in order: name, colour, whether converted or lost, and lead counts',
        response: listResponse,
      },
    },
    async (request) => {
      const { companyId } = companyMember(request);
      return ok(await app.db.transaction((tx) => listStatuses(tx, companyId)));
    },
  );

  api.post(
    '/crm/v1/status-settings/store',
    {
      config: owner,
      schema: { tags, summary: 'Add a lead status at the end', body: statusStoreBodySchema, response: statusResponse },
    },
    async (request) => {
      const { companyId } = companyMember(request);
      const status = await app.db.transaction((tx) => createStatus(tx, companyId, request.body));
      return ok(status, LEAD_MESSAGES.statusCreated);
    },
  );

  api.put(
    '/crm/v1/status-settings/update/:id',
    {
      config: owner,
      schema: {
        tags,
        summary: 'Rename (leads follow), recolour or flag a lead status',
        params: idParamsSchema,
        body: statusUpdateBodySchema,
        response: statusResponse,
      },
    },
    async (request) => {
      const { companyId } = companyMember(request);
      const status = await app.db.transaction((tx) => updateStatus(tx, companyId, request.params.id, request.body));
      return ok(status, LEAD_MESSAGES.statusUpdated);
    },
  );

  api.delete(
    '/crm/v1/status-settings/destroy/:id',
    {
      config: owner,
      schema: {
        tags,
        summary: 'Delete a lead status; leads holding it need replacement_id (409 without)',
        params: idParamsSchema,
        querystring: statusDestroyQuerySchema,
        response: { 200: envelope(z.object({ moved: z.number().int() })) },
      },
    },
    async (request) => {
      const actor = companyMember(request);
      const { id } = request.params;
      const result = await app.db.transaction((tx) => deleteStatus(tx, actor, id, request.query.replacement_id));
      return ok(result, LEAD_MESSAGES.statusDeleted);
    },
  );

  api.post(
    '/crm/v1/status-settings/reorder',
    {
      config: owner,
      schema: {
        tags,
        summary: 'Put the lead statuses in a new order',
        body: reorderBodySchema,
        response: listResponse,
      },
    },
    async (request) => {
      const { companyId } = companyMember(request);
      const statuses = await app.db.transaction((tx) => reorderStatuses(tx, companyId, request.body.ids));
      return ok(statuses, LEAD_MESSAGES.orderSaved);
    },
  );

  api.post(
    '/crm/v1/lead/lead-status-update',
    {
      config: company,
      schema: {
        tags,
        summary: "Set a lead's status (also from inside one of its threads: thread_id)",
        body: leadStatusUpdateBodySchema,
        response: { 200: envelope(leadStatusUpdatedSchema) },
      },
    },
    async (request) => {
      const actor = companyMember(request);
      const result = await app.db.transaction((tx) => setLeadStatus(tx, actor, request.body));
      return ok(result, LEAD_MESSAGES.leadStatusUpdated);
    },
  );

  api.get(
    '/crm/v1/lead/group-classification',
    {
      config: company,
      schema: {
        tags,
        summary: 'Live leads by status (in status order) and by source, with open, converted and lost totals',
        response: { 200: envelope(groupClassificationSchema) },
      },
    },
    async (request) => {
      const { companyId } = companyMember(request);
      return ok(await app.db.transaction((tx) => groupClassification(tx, companyId)));
    },
  );
}
