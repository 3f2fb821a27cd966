import { describe, expect, it } from 'vitest';
import { readDirectoryFilters, writeDirectoryFilters } from './filters.ts';

describe('supplier directory filters in the URL', () => {
  it('reads valid filters and ignores the rest', () => {
    const filters = readDirectoryFilters(
      new URLSearchParams('company_type=Distributors&country=jp&search=%20pumps%20&page=3'),
    );
    expect(filters).toEqual({ companyType: 'Distributors', country: 'JP', search: 'pumps', page: 3 });
    expect(readDirectoryFilters(new URLSearchParams('company_type=Pirates&country=Japan&page=-1'))).toEqual({
      companyType: null,
      country: null,
      search: null,
      page: 1,
    });
  });

  it('writes filters back, keeping other parameters and dropping defaults', () => {
    const next = writeDirectoryFilters(new URLSearchParams('currency=3&page=4'), {
      companyType: 'Retailers',
      country: null,
      search: null,
      page: 1,
    });
    expect(next.toString()).toBe('currency=3&company_type=Retailers');
  });
});
