/** Query keys of the accounts domain. */
export const accountsKeys = {
  all: ['accounts'] as const,
  profile: (userId: number | null) => [...accountsKeys.all, 'profile', userId] as const,
  onboarding: (userId: number | null) => [...accountsKeys.all, 'onboarding', userId] as const,
  subAccounts: () => [...accountsKeys.all, 'sub-accounts'] as const,
  roles: () => [...accountsKeys.all, 'roles'] as const,
  auditLog: (query?: object) => [...accountsKeys.all, 'audit-log', ...(query ? [query] : [])] as const,
  deleteStatus: (userId: number | null) => [...accountsKeys.all, 'delete-status', userId] as const,
};
