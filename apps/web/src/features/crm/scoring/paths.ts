/** The lead scoring settings page (a child of /crm; everyone of the company reads, the owner changes). */
export const SCORING_PATH = '/crm/scoring';
