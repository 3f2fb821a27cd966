import type { ListingBody } from '@tradeloop/contracts/crm/listing';
import type { RecordTypeId } from '@tradeloop/contracts/crm/records';

/** Query keys of the CRM domain: invalidating `all` refreshes every CRM screen. */
export const crmKeys = {
  all: ['crm'] as const,
  records: () => [...crmKeys.all, 'records'] as const,
  listing: (body: ListingBody) => [...crmKeys.records(), 'listing', body] as const,
  detail: (typeId: RecordTypeId, id: number) => [...crmKeys.records(), 'detail', typeId, id] as const,
  kanban: (typeId: RecordTypeId | null, groupBy: string | null, filterId: number | null, query: string) =>
    [...crmKeys.records(), 'kanban', typeId, groupBy, filterId, query] as const,
  statistics: () => [...crmKeys.records(), 'statistics'] as const,
  forms: () => [...crmKeys.all, 'forms'] as const,
  form: (typeId: RecordTypeId) => [...crmKeys.forms(), typeId] as const,
  addForm: (typeId: RecordTypeId, from: string) => [...crmKeys.forms(), 'add', typeId, from] as const,
  fields: (typeId: RecordTypeId) => [...crmKeys.forms(), 'fields', typeId] as const,
  views: (typeId: RecordTypeId) => [...crmKeys.all, 'views', typeId] as const,
  savedFilters: (typeId: RecordTypeId) => [...crmKeys.all, 'saved-filters', typeId] as const,
  users: () => [...crmKeys.all, 'users'] as const,
  lookup: (typeId: RecordTypeId, query: string) => [...crmKeys.all, 'lookup', typeId, query] as const,
};
