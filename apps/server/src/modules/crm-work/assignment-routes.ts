import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@tradeloop/contracts/common';
import { idParamsSchema } from '@tradeloop/contracts/crm';
import {
  assignmentRuleBodySchema,
  assignmentRuleSchema,
  LEAD_MESSAGES,
  leadAssignBodySchema,
  leadAssignedSchema,
  reorderBodySchema,
} from '@tradeloop/contracts/crm-leads';
import { companyMember } from '../../platform/access.ts';
import { ok } from '../../platform/http.ts';
import { assignLeads, createRule, deleteRule, listRules, reorderRules, updateRule } from './assignment-service.ts';

const tags = ['crm lead assignment'];
/** Everyone of the company assigns leads and reads the rules; the seller who owns it writes them. */
const company = { access: 'company' as const };
const owner = { access: 'owner' as const };
const ruleResponse = { 200: envelope(assignmentRuleSchema) };
const rulesResponse = { 200: envelope(z.array(assignmentRuleSchema)) };

/** lead/assign and the rules that assign new leads (round robin, by territory, by category). */
export function registerAssignmentRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/crm/v1/lead/assign',
    {
      config: company,
      schema: {
        tags,
        summary: 'Give one lead (lead_id) or several (lead_ids) to a user or sub-user of the company',
        body: leadAssignBodySchema,
        response: { 200: envelope(leadAssignedSchema) },
      },
    },
    async (request) => {
      const actor = companyMember(request);
      const result = await app.db.transaction((tx) => assignLeads(tx, actor, request.body));
      return ok(result, LEAD_MESSAGES.leadsAssigned(result.count, result.owner.full_name));
    },
  );

  api.get(
    '/crm/v1/lead/assignment-rules',
    {
      config: company,
      schema: { tags, summary: 'Rules for new leads, in the order they are tried', response: rulesResponse },
    },
    async (request) => ok(await listRules(app.db, companyMember(request).companyId)),
  );

  api.post(
    '/crm/v1/lead/assignment-rules',
    {
      config: owner,
      schema: {
        tags,
        summary: 'Add a rule, tried after the others',
        body: assignmentRuleBodySchema,
        response: ruleResponse,
      },
    },
    async (request) => {
      const { companyId } = companyMember(request);
      const rule = await app.db.transaction((tx) => createRule(tx, companyId, request.body));
      return ok(rule, LEAD_MESSAGES.ruleCreated);
    },
  );

  api.post(
    '/crm/v1/lead/assignment-rules/reorder',
    {
      config: owner,
      schema: {
        tags,
        summary: 'Put the rules in the order they are tried',
        body: reorderBodySchema,
        response: rulesResponse,
      },
    },
    async (request) => {
      const { companyId } = companyMember(request);
      const rules = await app.db.transaction((tx) => reorderRules(tx, companyId, request.body.ids));
      return ok(rules, LEAD_MESSAGES.orderSaved);
    },
  );

  api.put(
    '/crm/v1/lead/assignment-rules/:id',
    {
      config: owner,
      schema: {
        tags,
        summary: 'Change a rule (new users start their turns from the first)',
        params: idParamsSchema,
        body: assignmentRuleBodySchema,
        response: ruleResponse,
      },
    },
    async (request) => {
      const { companyId } = companyMember(request);
      const rule = await app.db.transaction((tx) => updateRule(tx, companyId, request.params.id, request.body));
      return ok(rule, LEAD_MESSAGES.ruleUpdated);
    },
  );

  api.delete(
    '/crm/v1/lead/assignment-rules/:id',
    {
      config: owner,
      schema: { tags, summary: 'Delete a rule', params: idParamsSchema, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      const { companyId } = companyMember(request);
      await app.db.transaction((tx) => deleteRule(tx, companyId, request.params.id));
      return ok(null, LEAD_MESSAGES.ruleDeleted);
    },
  );
}
