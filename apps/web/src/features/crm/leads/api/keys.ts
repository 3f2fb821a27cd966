import { crmKeys } from '../../shared/api/keys.ts';
import { workKeys } from '../../shared/target.ts';

/** Query keys of lead management; under the CRM's keys, so a CRM refresh covers them. */
export const leadKeys = {
  statuses: () => [...crmKeys.all, 'lead-statuses'] as const,
  rules: () => [...crmKeys.all, 'assignment-rules'] as const,
  ruleOptions: () => [...crmKeys.all, 'assignment-rule-options'] as const,
  classification: () => [...crmKeys.all, 'lead-classification'] as const,
  /** A lead's threads sit under the lead's work, refreshed with its timeline. */
  threads: (leadId: number) => workKeys.part(1, leadId, 'threads'),
};
