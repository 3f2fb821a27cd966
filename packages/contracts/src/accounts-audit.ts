import { z } from 'zod';
import { page } from './common.ts';
import { PERMISSION_GROUPS, type Permission } from './accounts-roles-constants.ts';

/**
 * The audit log (issue #43, acceptance point 6; docs/decisions/059): every change to roles, permissions
 * and sub-accounts, and every export, with who, what, when and from where. The spec shows none of these
 * texts.
 */

export const AUDIT_ACTIONS = [
  'role.created',
  'role.updated',
  'role.deleted',
  'sub_account.invited',
  'sub_account.role_changed',
  'sub_account.deleted',
  'sub_account.password_set',
  'crm.exported',
  'catalogue.exported',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The kinds the log is filtered by: each groups the actions whose key starts with one of its prefixes. */
export const AUDIT_KINDS = {
  roles: { label: 'Roles and permissions', prefixes: ['role.'] },
  team: { label: 'Team members', prefixes: ['sub_account.'] },
  exports: { label: 'Exports', prefixes: ['crm.exported', 'catalogue.exported'] },
} as const;
export type AuditKind = keyof typeof AUDIT_KINDS;
export const AUDIT_KIND_KEYS = Object.keys(AUDIT_KINDS) as AuditKind[];

export const auditActionsOf = (kind: AuditKind): AuditAction[] =>
  AUDIT_ACTIONS.filter((action) => AUDIT_KINDS[kind].prefixes.some((prefix) => action.startsWith(prefix)));

export const AUDIT_TARGET_KINDS = ['role', 'user', 'record_type', 'products'] as const;
export type AuditTargetKind = (typeof AUDIT_TARGET_KINDS)[number];

export const AUDIT_LIMITS = { perPageDefault: 25, perPageMax: 100, pageMax: 10_000 } as const;

export const AUDIT_MESSAGES = {
  perPage: `The page size must be a whole number from 1 to ${AUDIT_LIMITS.perPageMax}.`,
  page: `The page must be a whole number from 1 to ${AUDIT_LIMITS.pageMax}.`,
  kind: 'Choose roles, team or exports.',
  actor: 'Choose a member of your team.',
  empty: 'Nothing recorded yet. Changes to roles and team members, and exports, appear here.',
  emptyFiltered: 'No entries match these filters.',
} as const;

/**
 * What an entry adds to its action, by action: never a secret (no password, token or link). Permissions
 * added and removed are the difference a role update made.
 */
export const auditDetailsSchema = z.object({
  permissions: z.array(z.string()).optional(),
  permissions_added: z.array(z.string()).optional(),
  permissions_removed: z.array(z.string()).optional(),
  previous_name: z.string().optional(),
  role: z.string().optional(),
  previous_role: z.string().optional(),
  email_id: z.string().optional(),
  moved_to: z.string().optional(),
  users_moved: z.number().int().optional(),
  record_type: z.string().optional(),
  rows: z.number().int().optional(),
  format: z.enum(['csv']).optional(),
  all_fields: z.boolean().optional(),
  status: z.string().optional(),
});
export type AuditDetails = z.infer<typeof auditDetailsSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(AUDIT_ACTIONS),
  /** Who: the user and its name when it acted (null once the user is gone). */
  actor: z.object({ id: z.number().int().nullable(), name: z.string() }),
  target: z.object({ kind: z.enum(AUDIT_TARGET_KINDS), id: z.number().int().nullable(), label: z.string() }).nullable(),
  details: auditDetailsSchema,
  /** What, as a sentence (`describeAudit`). */
  summary: z.string(),
  /** From where. */
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const wholeNumber = (message: string, max: number) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(max, message);

export const auditQuerySchema = z.object({
  page: wholeNumber(AUDIT_MESSAGES.page, AUDIT_LIMITS.pageMax).default(1),
  per_page: wholeNumber(AUDIT_MESSAGES.perPage, AUDIT_LIMITS.perPageMax).default(AUDIT_LIMITS.perPageDefault),
  kind: z.enum(AUDIT_KIND_KEYS as [AuditKind, ...AuditKind[]], { error: AUDIT_MESSAGES.kind }).optional(),
  actor_id: wholeNumber(AUDIT_MESSAGES.actor, Number.MAX_SAFE_INTEGER).optional(),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

/** The page, and everyone who appears in the company's log (for the "who" filter). */
export const auditPageSchema = page(auditEntrySchema).extend({
  actors: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The label the roles page shows for a permission, with its group for the CRM record types. */
export function permissionLabel(key: string) {
  for (const group of PERMISSION_GROUPS) {
    const found = group.permissions.find((permission) => permission.key === (key as Permission));
    if (found) return group.key.startsWith('crm.') ? `${group.label}: ${found.label}` : found.label;
  }
  return key;
}

const list = (keys: string[] | undefined) => (keys ?? []).map(permissionLabel).join(', ');
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** What an entry records, as one sentence without its actor (the log shows who in its own column). */
export function describeAudit(entry: {
  action: AuditAction;
  target: { label: string } | null;
  details: AuditDetails;
}): string {
  const { details } = entry;
  const target = entry.target?.label ?? '';
  switch (entry.action) {
    case 'role.created':
      return `Created the role “${target}” with ${plural(details.permissions?.length ?? 0, 'permission')}.`;
    case 'role.updated': {
      const parts = [
        details.previous_name && details.previous_name !== target ? `renamed it from “${details.previous_name}”` : '',
        details.permissions_added?.length ? `granted ${list(details.permissions_added)}` : '',
        details.permissions_removed?.length ? `withdrew ${list(details.permissions_removed)}` : '',
      ].filter(Boolean);
      return `Changed the role “${target}”${parts.length ? `: ${parts.join('; ')}` : ' (no change in its permissions)'}.`;
    }
    case 'role.deleted':
      return details.users_moved
        ? `Deleted the role “${target}” and moved ${plural(details.users_moved, 'member')} to “${details.moved_to}”.`
        : `Deleted the role “${target}”.`;
    case 'sub_account.invited':
      return `Invited ${target} (${details.email_id}) as ${details.role}.`;
    case 'sub_account.role_changed':
      return `Changed ${target}’s role from ${details.previous_role} to ${details.role}.`;
    case 'sub_account.deleted':
      return `Deleted the team member ${target} (${details.email_id}).`;
    case 'sub_account.password_set':
      return `${target} set a password through the invitation link.`;
    case 'crm.exported':
      return `Exported ${plural(details.rows ?? 0, 'row')} of ${details.record_type} as ${(details.format ?? 'csv').toUpperCase()}${details.all_fields ? ' (every field)' : ''}.`;
    case 'catalogue.exported':
      return `Exported ${plural(details.rows ?? 0, 'product')} as ${(details.format ?? 'csv').toUpperCase()}.`;
  }
}

/** The actions' names, for the log's "what" filter and badges. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'role.created': 'Role created',
  'role.updated': 'Role changed',
  'role.deleted': 'Role deleted',
  'sub_account.invited': 'Member invited',
  'sub_account.role_changed': 'Member’s role changed',
  'sub_account.deleted': 'Member deleted',
  'sub_account.password_set': 'Password set',
  'crm.exported': 'CRM export',
  'catalogue.exported': 'Product export',
};
