import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useSuggestions } from '../api/search.ts';

// Mantine's Autocomplete brings its floating dropdown layer; it loads when the box is first focused,
// so the public pages' first load carries a plain field of the same look (decision 029).
const SuggestingInput = lazy(async () => ({ default: (await import('./SuggestingInput.tsx')).SuggestingInput }));

type SearchBoxProps = { keyword: string; onSearch: (keyword: string) => void };

/** The keyword box with autocomplete: popular searches and product names, typos forgiven by the server. */
export function SearchBox({ keyword, onSearch }: SearchBoxProps) {
  const [value, setValue] = useState(keyword);
  const [shown, setShown] = useState(keyword);
  if (shown !== keyword) {
    // The keyword changed elsewhere (back button, a suggestion, "search instead for").
    setShown(keyword);
    setValue(keyword);
  }
  const [enhanced, setEnhanced] = useState(false);
  const [typed] = useDebouncedValue(value, 200);
  const suggestions = useSuggestions(typed);
  const data = suggestions.data
    ? [
        ...(suggestions.data.keywords.length ? [{ group: 'Suggestions', items: suggestions.data.keywords }] : []),
        ...(suggestions.data.categories.length
          ? [{ group: 'Categories', items: suggestions.data.categories.map((category) => category.name) }]
          : []),
      ].filter((group, index, groups) => {
        // Mantine needs unique values across groups.
        const seen = new Set(
          groups.slice(0, index).flatMap((earlier) => earlier.items.map((item) => item.toLowerCase())),
        );
        group.items = group.items.filter((item) => !seen.has(item.toLowerCase()));
        return group.items.length > 0;
      })
    : [];

  const field = {
    'aria-label': 'Search products, brands and categories',
    name: 'q',
    placeholder: 'Search products, brands, categories…',
    leftSection: <IconSearch size={18} aria-hidden />,
    maxLength: 100,
    size: 'md',
    style: { flex: 1 },
    'data-testid': 'search-input',
  } as const;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(value.trim());
  };

  return (
    // Before the page has hydrated, the form still searches: the browser submits ?q= to the list.
    <form onSubmit={handleSubmit} role="search" aria-label="Search products" action="/productlist" method="get">
      <Group gap="xs" wrap="nowrap">
        <Suspense fallback={<TextInput {...field} value={value} onChange={(event) => setValue(event.target.value)} />}>
          {enhanced ? (
            <SuggestingInput
              {...field}
              autoFocus
              value={value}
              onChange={setValue}
              onOptionSubmit={(option) => onSearch(option)}
              data={data}
            />
          ) : (
            <TextInput
              {...field}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              onFocus={() => setEnhanced(true)}
            />
          )}
        </Suspense>
        <Button type="submit" size="md">
          Search
        </Button>
      </Group>
    </form>
  );
}
