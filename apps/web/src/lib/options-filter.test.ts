import { describe, expect, it } from 'vitest';
import { theme } from '../app/theme.ts';
import { rankedOptionsFilter } from './options-filter.ts';

const countries = [
  'Bahrain (+973)',
  'British Indian Ocean Territory (+246)',
  "Côte d'Ivoire (+225)",
  'India (+91)',
  'Indonesia (+62)',
  'Saint Vincent and the Grenadines (+1)',
].map((label) => ({ value: label.slice(0, 3), label }));

const labels = (search: string, limit = 10) =>
  rankedOptionsFilter({ options: countries, search, limit }).map((option) => ('label' in option ? option.label : ''));

describe('rankedOptionsFilter', () => {
  it('ranks a label starting with the search before one that only contains it', () => {
    expect(labels('India')).toEqual(['India (+91)', 'British Indian Ocean Territory (+246)']);
    expect(labels(' ind')).toEqual(['India (+91)', 'Indonesia (+62)', 'British Indian Ocean Territory (+246)']);
  });

  it('ranks a word starting with the search before a match inside a word, and ignores accents', () => {
    expect(labels('in')).toEqual([
      'India (+91)',
      'Indonesia (+62)',
      'British Indian Ocean Territory (+246)',
      'Bahrain (+973)',
      'Saint Vincent and the Grenadines (+1)',
    ]);
    expect(labels('cote')).toEqual(["Côte d'Ivoire (+225)"]);
    expect(labels('+91')).toEqual(['India (+91)']);
  });

  it('keeps groups, ranks within each, and gives no more than the limit', () => {
    const grouped = rankedOptionsFilter({
      options: [
        { group: 'Asia', items: countries.slice(1, 5) },
        { group: 'Other', items: [countries[0], countries[5]] },
      ],
      search: 'in',
      limit: 4,
    });
    expect(grouped).toEqual([
      { group: 'Asia', items: [countries[3], countries[4], countries[1]] },
      { group: 'Other', items: [countries[0]] },
    ]);
    expect(labels('in', 2)).toEqual(['India (+91)', 'Indonesia (+62)']);
    expect(labels('')).toHaveLength(countries.length);
  });
});

describe('the theme', () => {
  it('gives every searchable list of the app this filter', () => {
    for (const component of ['Select', 'MultiSelect', 'Autocomplete']) {
      expect(theme.components?.[component]?.defaultProps, component).toMatchObject({ filter: rankedOptionsFilter });
    }
  });
});
