import { z } from 'zod';
import {
  PERMISSIONS,
  ROLE_LIMITS,
  ROLE_MESSAGES,
  SEEDED_ROLE_KEYS,
  type Permission,
  type SeededRoleKey,
} from './accounts-roles-constants.ts';

/** The schemas of the roles calls (decision 038); the names and texts are in accounts-roles-constants. */
export * from './accounts-roles-constants.ts';

const permissionSchema = z.enum(PERMISSIONS as [Permission, ...Permission[]], {
  error: ROLE_MESSAGES.permissionUnknown,
});

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The seeded role this is (null for a role the company made). */
  key: z.enum(SEEDED_ROLE_KEYS as [SeededRoleKey, ...SeededRoleKey[]]).nullable(),
  permissions: z.array(permissionSchema),
  /** How many live users hold it (the owner counts for the owner role). */
  users: z.number().int(),
  /** The owner role: cannot be edited or deleted. */
  locked: z.boolean(),
});
export type RoleRecord = z.infer<typeof roleSchema>;

export const rolesListSchema = z.object({
  roles: z.array(roleSchema),
  groups: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      permissions: z.array(z.object({ key: permissionSchema, label: z.string() })),
    }),
  ),
});

export const roleBodySchema = z.object({
  name: z
    .string({ error: ROLE_MESSAGES.nameRequired })
    .trim()
    .min(1, ROLE_MESSAGES.nameRequired)
    .max(ROLE_LIMITS.nameMax, ROLE_MESSAGES.nameTooLong),
  permissions: z
    .array(permissionSchema, { error: ROLE_MESSAGES.permissionsRequired })
    .min(1, ROLE_MESSAGES.permissionsRequired)
    .max(PERMISSIONS.length * 2, ROLE_MESSAGES.permissionsRequired)
    .transform((list) => PERMISSIONS.filter((permission) => list.includes(permission))),
});
export type RoleBody = z.output<typeof roleBodySchema>;

const roleIdSchema = z.coerce
  .number({ error: ROLE_MESSAGES.roleRequired })
  .int(ROLE_MESSAGES.roleRequired)
  .positive(ROLE_MESSAGES.roleRequired)
  .max(Number.MAX_SAFE_INTEGER, ROLE_MESSAGES.roleRequired);

export const roleIdParamsSchema = z.object({ id: roleIdSchema });

/** POST roles/permissions/delete/{id}: a role in use needs `move_to`, the role its users get. */
export const roleDeleteBodySchema = z.object({ move_to: roleIdSchema.optional() }).nullish();

/** POST sub_account/role: gives a sub-user another role. */
export const subAccountRoleBodySchema = z.object({
  user_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  role_id: roleIdSchema,
});

export { roleIdSchema };
