import type { DirectoryFilters } from '../directory/filters.ts';

/** Every supplier, first page: the home page counts them in its hero. */
export const ALL_SUPPLIERS: DirectoryFilters = { companyType: null, country: null, search: null, page: 1 };
