import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ROLE_MESSAGES,
  roleBodySchema,
  roleDeleteBodySchema,
  roleIdParamsSchema,
  roleSchema,
  rolesListSchema,
  subAccountRoleBodySchema,
} from '@tradeloop/contracts/accounts-roles';
import { subAccountSchema } from '@tradeloop/contracts/accounts-subaccounts';
import { routes, withMessage } from '../../platform/routes.ts';
import { requestOrigin } from './audit/service.ts';
import { createRole, currentPermissions, deleteRole, type Granter, listRoles, updateRole } from './roles.ts';
import { changeSubAccountRole } from './subaccounts.ts';

/** The caller as a granter of roles: its company, from where, and what its own role holds. */
export const granterOf = (
  request: FastifyRequest,
  member: { companyId: number; userId: number },
  user: { permissions: Granter['permissions'] },
): Granter => ({ ...member, ...requestOrigin(request), permissions: user.permissions });

/** Roles and permissions (spec section 7: GET roles/permissions/list, POST roles/permissions/delete/{id}; decision 038). */
export async function rolesRoutes(app: FastifyInstance) {
  const route = routes(app);
  const tags = ['accounts'];
  const team = { access: 'company', permission: 'team', tags } as const;
  /** A role change holds at once on open sockets too (issue 43): chat stops the moment `chat` goes. */
  const followRoles = async (whose: Parameters<typeof currentPermissions>[1]) => {
    for (const { userId, permissions } of await currentPermissions(app.db, whose)) {
      app.realtime.followRole(userId, permissions);
    }
  };

  route.get(
    '/api/v1/roles/permissions/list',
    {
      ...team,
      summary: 'The company’s roles with their permissions and users, and every permission',
      data: rolesListSchema,
    },
    async ({ member }) => listRoles(app.db, member.companyId),
  );

  route.post(
    '/api/v1/roles/permissions/create',
    {
      ...team,
      summary: 'A new role; it grants only what the caller’s own role holds',
      body: roleBodySchema,
      data: roleSchema,
      transaction: true,
    },
    async ({ request, member, user, tx }) =>
      withMessage(await createRole(tx, granterOf(request, member, user), request.body), ROLE_MESSAGES.created),
  );

  route.post(
    '/api/v1/roles/permissions/update/:id',
    {
      ...team,
      summary: 'Rename a role and set its permissions (not the owner role)',
      params: roleIdParamsSchema,
      body: roleBodySchema,
      data: roleSchema,
      transaction: true,
    },
    async ({ request, member, user, tx, afterCommit }) => {
      afterCommit(() => followRoles({ roleId: request.params.id }));
      return withMessage(
        await updateRole(tx, granterOf(request, member, user), request.params.id, request.body),
        ROLE_MESSAGES.updated,
      );
    },
  );

  route.post(
    '/api/v1/roles/permissions/delete/:id',
    {
      ...team,
      summary: 'Delete a role (not the owner role); a role in use needs move_to, the role its users get',
      params: roleIdParamsSchema,
      body: roleDeleteBodySchema,
      data: z.object({ id: z.number().int(), moved: z.array(z.number().int()) }),
      transaction: true,
    },
    async ({ request, member, user, tx, afterCommit }) => {
      const deleted = await deleteRole(tx, granterOf(request, member, user), request.params.id, request.body?.move_to);
      afterCommit(() => followRoles({ userIds: deleted.moved }));
      return withMessage(deleted, ROLE_MESSAGES.deleted);
    },
  );

  route.post(
    '/api/v1/sub_account/role',
    {
      ...team,
      summary: 'Give a sub-user another role; it takes effect on the sub-user’s next call',
      body: subAccountRoleBodySchema,
      data: subAccountSchema,
      transaction: true,
    },
    async ({ request, member, user, tx, afterCommit }) => {
      afterCommit(() => followRoles({ userIds: [request.body.user_id] }));
      return withMessage(
        await changeSubAccountRole(tx, granterOf(request, member, user), request.body),
        ROLE_MESSAGES.roleChanged,
      );
    },
  );
}
