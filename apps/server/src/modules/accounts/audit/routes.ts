import type { FastifyInstance } from 'fastify';
import { auditPageSchema, auditQuerySchema } from '@tradeloop/contracts/accounts-audit';
import { routes } from '../../../platform/routes.ts';
import { listAuditLog } from './service.ts';

/** The audit log (docs/decisions/059): the owner and members with `team` read it. */
export async function auditRoutes(app: FastifyInstance) {
  const route = routes(app);

  route.get(
    '/api/v1/audit_log',
    {
      access: 'company',
      permission: 'team',
      tags: ['accounts'],
      summary: 'The company’s audit log, newest first: role, permission and sub-account changes, and exports',
      description:
        'Who acted (the name it had then), what (action, target, details and a sentence), when and from where (IP address, browser). Filtered by `kind` (roles, team, exports) and `actor_id`; `per_page` at most 100.',
      querystring: auditQuerySchema,
      data: auditPageSchema,
    },
    async ({ request, member }) => listAuditLog(app.db, member.companyId, request.query),
  );
}
