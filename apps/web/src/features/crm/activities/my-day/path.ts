/** The "My day" page: a child of the CRM's routes (its path contains "crm", so sub-users may open it). */
export const MY_DAY_PATH = '/crm/my-day';
