// The face of the crm module: all that other modules, the platform, db/ and app.ts may import from it.
// Re-exports only (docs/decisions/054-one-crm.md).
export { loadCrmDemoData } from './demo-data.ts';
export { DEAL_WON_STAGE } from './forms/default-forms.ts';
export { dealOfEnquiry, dealOfLead } from './leads/deal.ts';
export { loadCrmWorkDemoData } from './leads/demo-data.ts';
export { leadBuyer } from './leads/lead-buyer.ts';
export { leadFromBuyingRequest } from './leads/service.ts';
export { createCrm } from './module.ts';
export { type CrmHooks, type RecordMove } from './records/hooks.ts';
export { findRecord } from './records/read.ts';
export { crmRoutes } from './routes.ts';
export { leadUsersSql } from './statistics/leads.ts';
export { countsBetween, type DayCounts, percent, recordCountsByDay, totalAndWeekly } from './statistics/service.ts';
