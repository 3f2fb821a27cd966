/** The automation pages (children of /crm; a role with crm.settings opens them). */
export const AUTOMATION_PATH = '/crm/automation';
export const NEW_AUTOMATION_PATH = '/crm/automation/new';
export const automationRulePath = (id: number) => `/crm/automation/${id}`;
export const automationEditPath = (id: number) => `/crm/automation/${id}/edit`;
