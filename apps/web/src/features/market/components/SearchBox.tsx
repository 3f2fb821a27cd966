import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button, Group, Paper, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { Suggestions } from '@tradeloop/contracts/market';
import { useSuggestions } from '../api/search.ts';

type SearchBoxProps = { keyword: string; onSearch: (keyword: string) => void };
type SuggestionGroup = { label: string; items: string[] };

/**
 * The keyword box with suggestions: popular searches and categories, typos forgiven by the server.
 * A combobox of its own (WAI-ARIA 1.2 list autocomplete) rather than Mantine's Autocomplete, whose
 * floating layer would weigh on every public page's first load (decision 029).
 */
export function SearchBox({ keyword, onSearch }: SearchBoxProps) {
  const listId = useId();
  const [value, setValue] = useState(keyword);
  const [shown, setShown] = useState(keyword);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  if (shown !== keyword) {
    // The keyword changed elsewhere (back button, a suggestion, "search instead for").
    setShown(keyword);
    setValue(keyword);
  }
  const [typed] = useDebouncedValue(value, 200);
  const suggestions = useSuggestions(open ? typed : '');
  const groups = suggestionGroups(suggestions.data);
  const options = groups.flatMap((group) => group.items);
  const expanded = open && options.length > 0;

  const search = (text: string) => {
    setOpen(false);
    setActive(-1);
    setValue(text);
    onSearch(text.trim());
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    search(expanded && active >= 0 ? options[active] : value);
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the field itself: the arrows cycle through the options and back to what was typed.
      setActive((current) => {
        const next = current + step;
        if (next < -1) return options.length - 1;
        return next >= options.length ? -1 : next;
      });
    }
  };

  return (
    // Before the page has hydrated, the form still searches: the browser submits ?q= to the list.
    <form onSubmit={handleSubmit} role="search" aria-label="Search products" action="/productlist" method="get">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <div style={{ position: 'relative', flex: 1 }}>
          <TextInput
            role="combobox"
            aria-label="Search products, brands and categories"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
            name="q"
            placeholder="Search products, brands, categories…"
            leftSection={<IconSearch size={18} aria-hidden />}
            autoComplete="off"
            maxLength={100}
            size="md"
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setOpen(true);
              setActive(-1);
            }}
            onKeyDown={handleKeyDown}
            onBlur={() => setOpen(false)}
            data-testid="search-input"
          />
          <Paper
            id={listId}
            role="listbox"
            aria-label="Suggestions"
            shadow="md"
            withBorder
            hidden={!expanded}
            className="mk-suggestions"
          >
            {groups.map((group) => (
              <div role="group" aria-label={group.label} key={group.label}>
                <div className="mk-suggestions-label" aria-hidden>
                  {group.label}
                </div>
                {group.items.map((item) => {
                  const index = options.indexOf(item);
                  return (
                    <UnstyledButton
                      component="div"
                      role="option"
                      id={`${listId}-${index}`}
                      key={item}
                      aria-selected={index === active}
                      className="mk-suggestion"
                      // Chosen on mouse down, before the field's blur closes the list.
                      onMouseDown={(event) => {
                        event.preventDefault();
                        search(item);
                      }}
                    >
                      {item}
                    </UnstyledButton>
                  );
                })}
              </div>
            ))}
          </Paper>
        </div>
        <Button type="submit" size="md">
          Search
        </Button>
      </Group>
    </form>
  );
}

/** Keywords, then categories, each text once (case-insensitive) across the groups. */
function suggestionGroups(data: Suggestions | undefined): SuggestionGroup[] {
  if (!data) return [];
  const seen = new Set<string>();
  const unique = (items: string[]) =>
    items.filter((item) => {
      const key = item.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  return [
    { label: 'Suggestions', items: unique(data.keywords) },
    { label: 'Categories', items: unique(data.categories.map((category) => category.name)) },
  ].filter((group) => group.items.length > 0);
}
