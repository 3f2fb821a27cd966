import { crmType, RECORD_TYPE_IDS, type RecordTypeId } from '@tradeloop/contracts/crm/records';

/** CRM pages: every path contains "crm", so sub-users may open them and the CRM body style applies. */
export const CRM_PATHS = {
  home: '/crm',
  kanban: '/crm/kanban',
  forms: '/crm/forms',
  list: (typeId: RecordTypeId) => `/crm/${crmType(typeId).slug}`,
  detail: (typeId: RecordTypeId, id: number) => `/crm/${crmType(typeId).slug}/${id}`,
};

export function typeIdOfSlug(slug: string | undefined): RecordTypeId | null {
  return RECORD_TYPE_IDS.find((id) => crmType(id).slug === slug) ?? null;
}
