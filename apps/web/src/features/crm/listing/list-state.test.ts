import { describe, expect, it } from 'vitest';
import { isNarrowed, type ListState } from './list-state.ts';

const asSaved: ListState = {
  viewId: 7,
  filterId: null,
  filters: null,
  query: '',
  sort: null,
  columns: null,
  bin: false,
};

describe('isNarrowed (the view picker then says "5 of 40", issue 42)', () => {
  it('is false while the list shows the view as it was saved, whatever its columns or sort', () => {
    expect(isNarrowed(asSaved)).toBe(false);
    expect(isNarrowed({ ...asSaved, columns: ['email'], sort: { field: 'email', direction: 'asc' } })).toBe(false);
  });

  it('is true under a search, a saved filter or changed conditions', () => {
    expect(isNarrowed({ ...asSaved, query: 'Karthik' })).toBe(true);
    expect(isNarrowed({ ...asSaved, filterId: 3 })).toBe(true);
    expect(isNarrowed({ ...asSaved, filters: [] })).toBe(true);
  });

  it('is false in the recycle bin, which lists other records, not fewer of the view’s', () => {
    expect(isNarrowed({ ...asSaved, bin: true, query: 'Karthik' })).toBe(false);
  });
});
