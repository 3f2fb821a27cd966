import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { RoleBody, RoleRecord, rolesListSchema } from '@tradeloop/contracts/accounts-roles';
import type { SubAccount } from '@tradeloop/contracts/accounts-subaccounts';
import { apiData, apiRequest } from '../../../lib/api-client.ts';
import { accountsKeys } from './keys.ts';

export type RolesList = z.infer<typeof rolesListSchema>;

/** GET /api/v1/roles/permissions/list: the company's roles and every permission, grouped. */
export const rolesQueryOptions = () =>
  queryOptions({
    queryKey: accountsKeys.roles(),
    queryFn: ({ signal }) => apiData<RolesList>('roles/permissions/list', { signal }),
  });

export function useRoles() {
  return useQuery(rolesQueryOptions());
}

/** A role's users change with it, so the team list is read again too; and the audit log has a new entry. */
function useInvalidateTeam() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: accountsKeys.roles() }),
      queryClient.invalidateQueries({ queryKey: accountsKeys.subAccounts() }),
      queryClient.invalidateQueries({ queryKey: accountsKeys.auditLog() }),
    ]);
}

/** POST /api/v1/roles/permissions/create, or …/update/{id} when `id` is given. */
export function useSaveRole() {
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: RoleBody }) =>
      apiRequest<RoleRecord>(id === null ? 'roles/permissions/create' : `roles/permissions/update/${id}`, {
        method: 'POST',
        body,
        fieldErrors: 'form',
      }),
    onSuccess: invalidate,
  });
}

/** POST /api/v1/roles/permissions/delete/{id}; a role in use needs `move_to` (422 on move_to otherwise). */
export function useDeleteRole() {
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: ({ id, moveTo }: { id: number; moveTo: number | null }) =>
      apiRequest<{ id: number; moved: number[] }>(`roles/permissions/delete/${id}`, {
        method: 'POST',
        body: moveTo === null ? {} : { move_to: moveTo },
        fieldErrors: 'form',
      }),
    onSuccess: invalidate,
  });
}

/** POST /api/v1/sub_account/role: gives a team member another role. */
export function useChangeSubAccountRole() {
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: (body: { user_id: number; role_id: number }) =>
      apiRequest<SubAccount>('sub_account/role', { method: 'POST', body }),
    onSuccess: invalidate,
  });
}
