import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParamsSchema } from '@tradeloop/contracts/crm/records';
import { routes, withMessage } from '../../../platform/routes.ts';
import {
  assignmentRuleBodySchema,
  assignmentRuleSchema,
  LEAD_MESSAGES,
  leadAssignBodySchema,
  leadAssignedSchema,
  reorderBodySchema,
} from '@tradeloop/contracts/crm/leads';
import { assignLeads, createRule, deleteRule, listRules, reorderRules, updateRule } from './assignment.ts';

const tags = ['crm lead assignment'];
/**
 * lead/assign and the rules that assign new leads (round robin, by territory, by category).
 * Everyone of the company assigns leads and reads the rules; the seller who owns it writes them.
 */
export function registerAssignmentRoutes(app: FastifyInstance) {
  const route = routes(app);

  route.post(
    '/crm/v1/lead/assign',
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: 'Give one lead (lead_id) or several (lead_ids) to a user or sub-user of the company',
      body: leadAssignBodySchema,
      data: leadAssignedSchema,
      transaction: true,
    },
    async ({ request, member: actor, tx }) => {
      const result = await assignLeads(app.crm, tx, actor, request.body);
      return withMessage(result, LEAD_MESSAGES.leadsAssigned(result.count, result.owner.full_name));
    },
  );

  route.get(
    '/crm/v1/lead/assignment-rules',
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: 'Rules for new leads, in the order they are tried',
      data: z.array(assignmentRuleSchema),
    },
    async ({ member }) => listRules(app.db, member.companyId),
  );

  route.post(
    '/crm/v1/lead/assignment-rules',
    {
      access: 'company',
      permission: 'crm.settings',
      tags,
      summary: 'Add a rule, tried after the others',
      body: assignmentRuleBodySchema,
      data: assignmentRuleSchema,
      transaction: true,
    },
    async ({ request, member: { companyId }, tx }) =>
      withMessage(await createRule(tx, companyId, request.body), LEAD_MESSAGES.ruleCreated),
  );

  route.post(
    '/crm/v1/lead/assignment-rules/reorder',
    {
      access: 'company',
      permission: 'crm.settings',
      tags,
      summary: 'Put the rules in the order they are tried',
      body: reorderBodySchema,
      data: z.array(assignmentRuleSchema),
      transaction: true,
    },
    async ({ request, member: { companyId }, tx }) =>
      withMessage(await reorderRules(tx, companyId, request.body.ids), LEAD_MESSAGES.orderSaved),
  );

  route.put(
    '/crm/v1/lead/assignment-rules/:id',
    {
      access: 'company',
      permission: 'crm.settings',
      tags,
      summary: 'Change a rule (new users start their turns from the first)',
      params: idParamsSchema,
      body: assignmentRuleBodySchema,
      data: assignmentRuleSchema,
      transaction: true,
    },
    async ({ request, member: { companyId }, tx }) =>
      withMessage(await updateRule(tx, companyId, request.params.id, request.body), LEAD_MESSAGES.ruleUpdated),
  );

  route.delete(
    '/crm/v1/lead/assignment-rules/:id',
    {
      access: 'company',
      permission: 'crm.settings',
      tags,
      summary: 'Delete a rule',
      params: idParamsSchema,
      data: z.null(),
      transaction: true,
    },
    async ({ request, member: { companyId }, tx }) => {
      await deleteRule(tx, companyId, request.params.id);
      return withMessage(null, LEAD_MESSAGES.ruleDeleted);
    },
  );
}
