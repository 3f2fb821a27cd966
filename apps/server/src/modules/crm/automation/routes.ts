import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AUTOMATION_MESSAGES,
  automationReorderBodySchema,
  automationRuleBodySchema,
  automationRuleSchema,
  automationShowQuerySchema,
  automationShowSchema,
} from '@tradeloop/contracts/crm/automation';
import { idParamsSchema } from '@tradeloop/contracts/crm/records';
import { routes, withMessage } from '../../../platform/routes.ts';
import {
  createAutomationRule,
  deleteAutomationRule,
  listAutomationRules,
  reorderAutomationRules,
  setAutomationRuleEnabled,
  showAutomationRule,
  updateAutomationRule,
} from './service.ts';
import { subscribeAutomation } from './triggers.ts';

const tags = ['crm automation'];

/** CRM automation (docs/decisions/041): a company's rules, their run log, and running them. */
export async function automationRoutes(app: FastifyInstance) {
  const route = routes(app);
  subscribeAutomation(app);
  const settings = { access: 'company', permission: 'crm.settings', tags } as const;

  route.get(
    '/crm/v1/automation/index',
    {
      ...settings,
      summary: 'The company’s automation rules in the order they run, each with its trigger and last run',
      data: z.array(automationRuleSchema),
    },
    async ({ member }) => listAutomationRules(app.db, member.companyId),
  );

  route.get(
    '/crm/v1/automation/show/:id',
    {
      ...settings,
      summary: 'An automation rule and a page of its run log, newest first',
      params: idParamsSchema,
      querystring: automationShowQuerySchema,
      data: automationShowSchema,
    },
    async ({ request, member }) => showAutomationRule(app.db, member.companyId, request.params.id, request.query.page),
  );

  route.post(
    '/crm/v1/automation/create',
    {
      ...settings,
      summary: 'Create a rule: a trigger, conditions (the lists’ filters) and actions; it runs after the others',
      body: automationRuleBodySchema,
      data: automationRuleSchema,
      status: 201,
      transaction: true,
    },
    async ({ request, member, tx }) =>
      withMessage(await createAutomationRule(app.crm, tx, member, request.body), AUTOMATION_MESSAGES.created),
  );

  route.post(
    '/crm/v1/automation/update/:id',
    {
      ...settings,
      summary: 'Replace a rule’s name, trigger, conditions and actions',
      params: idParamsSchema,
      body: automationRuleBodySchema,
      data: automationRuleSchema,
      transaction: true,
    },
    async ({ request, member, tx }) =>
      withMessage(
        await updateAutomationRule(app.crm, tx, member.companyId, request.params.id, request.body),
        AUTOMATION_MESSAGES.updated,
      ),
  );

  for (const enabled of [true, false]) {
    route.post(
      `/crm/v1/automation/${enabled ? 'enable' : 'disable'}/:id`,
      {
        ...settings,
        summary: enabled ? 'Switch a rule on' : 'Switch a rule off: it stops reacting to triggers',
        params: idParamsSchema,
        data: automationRuleSchema,
        transaction: true,
      },
      async ({ request, member, tx }) =>
        withMessage(
          await setAutomationRuleEnabled(tx, member.companyId, request.params.id, enabled),
          enabled ? AUTOMATION_MESSAGES.enabled : AUTOMATION_MESSAGES.disabled,
        ),
    );
  }

  route.post(
    '/crm/v1/automation/delete/:id',
    {
      ...settings,
      summary: 'Delete a rule and its run log',
      params: idParamsSchema,
      data: z.null(),
      transaction: true,
    },
    async ({ request, member, tx }) => {
      await deleteAutomationRule(tx, member.companyId, request.params.id);
      return withMessage(null, AUTOMATION_MESSAGES.deleted);
    },
  );

  route.post(
    '/crm/v1/automation/reorder',
    {
      ...settings,
      summary: 'The order in which the company’s rules run: every rule’s id once',
      body: automationReorderBodySchema,
      data: z.array(automationRuleSchema),
      transaction: true,
    },
    async ({ request, member, tx }) =>
      withMessage(await reorderAutomationRules(tx, member.companyId, request.body.ids), AUTOMATION_MESSAGES.reordered),
  );
}
