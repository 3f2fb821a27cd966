/**
 * Roles and permissions (issue #17; docs/decisions/038), without zod, for the bundles that need only the
 * names and texts (the API client on every page). A role grants permissions per capability; the
 * spec shows none of them ("Permission per role: not shown"), nor any of these texts.
 */

/** The CRM record types a role grants per type, by the names of `CRM_TYPE`. */
export const RECORD_PERMISSION_TYPES = ['leads', 'deals', 'accounts', 'contacts'] as const;
export type RecordPermissionType = (typeof RECORD_PERMISSION_TYPES)[number];

/** What a role may do with records of one type; `all`: everyone's records, not only those it owns. */
export const RECORD_ACTIONS = ['view', 'create', 'edit', 'delete', 'all'] as const;
export type RecordAction = (typeof RECORD_ACTIONS)[number];

export type RecordPermission = `crm.${RecordPermissionType}.${RecordAction}`;

const RECORD_ACTION_LABELS: Record<RecordAction, string> = {
  view: 'View',
  create: 'Create',
  edit: 'Edit',
  delete: 'Delete',
  all: 'Everyone’s records (not only their own)',
};

const RECORD_TYPE_LABELS: Record<RecordPermissionType, string> = {
  leads: 'Leads',
  deals: 'Deals',
  accounts: 'Accounts',
  contacts: 'Contacts',
};

type OtherPermission =
  | 'catalogue.view'
  | 'catalogue.manage'
  | 'crm.work'
  | 'crm.settings'
  | 'chat'
  | 'quotes'
  | 'orders.view'
  | 'orders.manage'
  | 'invoices.manage'
  | 'ads'
  | 'presence'
  | 'team';

export type Permission = RecordPermission | OtherPermission;

export const recordPermission = (type: RecordPermissionType, action: RecordAction): Permission =>
  `crm.${type}.${action}`;

type PermissionGroup = { key: string; label: string; permissions: { key: Permission; label: string }[] };

/** Every permission, grouped as the roles page shows them. */
export const PERMISSION_GROUPS: PermissionGroup[] = [
  {
    key: 'catalogue',
    label: 'Products and catalogue',
    permissions: [
      { key: 'catalogue.view', label: 'View products, catalogs and imports' },
      { key: 'catalogue.manage', label: 'Create, edit and delete products, catalogs and imports' },
    ],
  },
  ...RECORD_PERMISSION_TYPES.map((type) => ({
    key: `crm.${type}`,
    label: RECORD_TYPE_LABELS[type],
    permissions: RECORD_ACTIONS.map((action) => ({
      key: recordPermission(type, action),
      label: RECORD_ACTION_LABELS[action],
    })),
  })),
  {
    key: 'crm',
    label: 'CRM work and settings',
    permissions: [
      { key: 'crm.work', label: 'Tasks, meetings, calls, notes, e-mails, files and tags on the records they see' },
      { key: 'crm.settings', label: 'CRM settings: forms, statuses, assignment rules and tracking' },
    ],
  },
  {
    key: 'sales',
    label: 'Chat, quotes and promotion',
    permissions: [
      { key: 'chat', label: 'Chat with buyers' },
      { key: 'quotes', label: 'Quotes and enquiries' },
      { key: 'ads', label: 'Ads and banners' },
      { key: 'presence', label: 'Company presence: social links and followers' },
    ],
  },
  {
    key: 'orders',
    label: 'Orders and invoices',
    permissions: [
      { key: 'orders.view', label: 'See the company’s orders, their invoices and documents' },
      { key: 'orders.manage', label: 'Move orders along (production, shipping, delivery) and cancel them' },
      { key: 'invoices.manage', label: 'Issue invoices and credit notes, record payments' },
    ],
  },
  {
    key: 'team',
    label: 'Team',
    permissions: [{ key: 'team', label: 'Sub-accounts and roles' }],
  },
];

export const PERMISSIONS: readonly Permission[] = PERMISSION_GROUPS.flatMap((group) =>
  group.permissions.map((permission) => permission.key),
);

const recordPermissions = (actions: RecordAction[]) =>
  RECORD_PERMISSION_TYPES.flatMap((type) => actions.map((action) => recordPermission(type, action)));

/** The roles every company starts with. The owner's grants everything and cannot be changed or deleted. */
export const SEEDED_ROLES = {
  owner: { name: 'Owner', permissions: PERMISSIONS },
  sales_manager: {
    name: 'Sales manager',
    permissions: [
      ...recordPermissions(['view', 'create', 'edit', 'delete', 'all']),
      'crm.work',
      'chat',
      'quotes',
      'orders.view',
      'orders.manage',
      'invoices.manage',
      'catalogue.view',
    ],
  },
  sales_representative: {
    name: 'Sales representative',
    permissions: [
      ...recordPermissions(['view', 'create', 'edit']),
      'crm.work',
      'chat',
      'quotes',
      'orders.view',
      'catalogue.view',
    ],
  },
  catalogue_manager: {
    name: 'Catalogue manager',
    permissions: ['catalogue.view', 'catalogue.manage', 'ads', 'presence', 'chat'],
  },
} as const satisfies Record<string, { name: string; permissions: readonly Permission[] }>;
export type SeededRoleKey = keyof typeof SEEDED_ROLES;
export const SEEDED_ROLE_KEYS = Object.keys(SEEDED_ROLES) as SeededRoleKey[];

/** The role a sub-user gets when the invitation names none: all of the CRM's records, no settings. */
export const DEFAULT_SUB_ACCOUNT_ROLE: SeededRoleKey = 'sales_manager';

export const ROLE_MESSAGES = {
  forbidden: 'Your role does not allow this. Ask your account owner for access.',
  created: 'Role created successfully.',
  updated: 'Role updated successfully.',
  deleted: 'Role deleted successfully.',
  nameRequired: 'Please enter role name',
  nameTooLong: 'Role name must not be longer than 60 characters',
  nameTaken: 'A role with this name already exists.',
  permissionsRequired: 'Please choose at least one permission',
  permissionUnknown: 'This permission does not exist.',
  ownerLocked: 'The owner role cannot be changed or deleted.',
  inUse: 'This role is in use. Choose a role for its users first.',
  moveToInvalid: 'Please choose another role for its users',
  notYours: 'You cannot grant a permission your own role does not have.',
  roleRequired: 'Please choose a role',
  roleChanged: 'Role changed successfully.',
} as const;

export const ROLE_LIMITS = { nameMax: 60, perCompany: 50 } as const;
