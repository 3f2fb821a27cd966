import { COMPANY_TYPES, type CompanyType } from '@tradeloop/contracts/auth-constants';

/** Directory filters live in the URL, so a filtered view can be shared and reloaded. */
export type DirectoryFilters = {
  companyType: CompanyType | null;
  country: string | null;
  search: string | null;
  page: number;
};

export const DIRECTORY_PAGE_SIZE = 12;

export const DIRECTORY_PARAMS = {
  companyType: 'company_type',
  country: 'country',
  search: 'search',
  page: 'page',
} as const;

export function readDirectoryFilters(params: URLSearchParams): DirectoryFilters {
  const type = params.get(DIRECTORY_PARAMS.companyType);
  const country = params.get(DIRECTORY_PARAMS.country)?.toUpperCase() ?? null;
  const search = params.get(DIRECTORY_PARAMS.search)?.trim() ?? '';
  const page = Number(params.get(DIRECTORY_PARAMS.page));
  return {
    companyType: COMPANY_TYPES.find((value) => value === type) ?? null,
    country: country && /^[A-Z]{2}$/.test(country) ? country : null,
    search: search ? search.slice(0, 100) : null,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** Writes filters into search params, keeping unrelated parameters (currency...). Page resets unless given. */
export function writeDirectoryFilters(params: URLSearchParams, filters: DirectoryFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
  set(DIRECTORY_PARAMS.companyType, filters.companyType);
  set(DIRECTORY_PARAMS.country, filters.country);
  set(DIRECTORY_PARAMS.search, filters.search);
  set(DIRECTORY_PARAMS.page, filters.page > 1 ? String(filters.page) : null);
  return next;
}
