/** The activities page of the CRM (a child of /crm, so sub-users may open it). */
export const ACTIVITIES_PATH = '/crm/activities';
