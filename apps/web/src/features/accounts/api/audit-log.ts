import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditKind, AuditPage } from '@tradeloop/contracts/accounts-audit';
import { apiData } from '../../../lib/api-client.ts';
import { accountsKeys } from './keys.ts';

export type AuditLogQuery = { page: number; per_page: number; kind?: AuditKind; actor_id?: number };

/** GET /api/v1/audit_log: a page of the company's audit log, newest first. Team changes invalidate it. */
export const auditLogQueryOptions = (query: AuditLogQuery) =>
  queryOptions({
    queryKey: accountsKeys.auditLog(query),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(query.page), per_page: String(query.per_page) });
      if (query.kind) params.set('kind', query.kind);
      if (query.actor_id) params.set('actor_id', String(query.actor_id));
      return apiData<AuditPage>(`audit_log?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
  });

export function useAuditLog(query: AuditLogQuery) {
  return useQuery(auditLogQueryOptions(query));
}
