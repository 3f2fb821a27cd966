import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';

/** Lower case without accents: "Côte" is found by "cote". */
function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** How well a label answers a search, best first; null: it does not. */
function rank(label: string, search: string): number | null {
  const text = folded(label);
  if (text === search) return 0;
  if (text.startsWith(search)) return 1;
  if (text.split(/[^\p{L}\p{N}+]+/u).some((word) => word.startsWith(search))) return 2;
  return text.includes(search) ? 3 : null;
}

function rankedItems(items: ComboboxItem[], search: string): ComboboxItem[] {
  return items
    .map((item, index) => ({ item, index, rank: rank(item.label, search) }))
    .filter((entry): entry is { item: ComboboxItem; index: number; rank: number } => entry.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ item }) => item);
}

/**
 * The searchable lists' filter: the options that contain what was typed, the best answers first (the whole
 * label, then labels starting with it, then a word starting with it), each kind in the list's own order.
 * Mantine's default keeps the list's order only, so "India" found "British Indian Ocean Territory" first.
 */
export const rankedOptionsFilter: OptionsFilter = ({ options, search, limit }) => {
  const wanted = folded(search.trim());
  if (!wanted) return options.slice(0, limit);
  const result: ComboboxParsedItem[] = [];
  let left = limit;
  for (const option of options) {
    if (left <= 0) break;
    if ('group' in option) {
      const items = rankedItems(option.items, wanted).slice(0, left);
      if (items.length) result.push({ group: option.group, items });
      left -= items.length;
    }
  }
  const loose = rankedItems(
    options.filter((option): option is ComboboxItem => !('group' in option)),
    wanted,
  ).slice(0, left);
  return [...loose, ...result];
};
