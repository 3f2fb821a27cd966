import type { DirectoryFilters } from '../filters.ts';

/** Query keys of the supplier directory. */
export const directoryKeys = {
  all: ['directory'] as const,
  sellers: (filters: DirectoryFilters) => [...directoryKeys.all, 'sellers', filters] as const,
};
