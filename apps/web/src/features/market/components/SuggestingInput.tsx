import { Autocomplete, type AutocompleteProps } from '@mantine/core';

/** The search box once focused: Mantine's Autocomplete over the server's suggestions, unfiltered. */
export function SuggestingInput(props: AutocompleteProps) {
  return <Autocomplete {...props} filter={({ options }) => options} comboboxProps={{ shadow: 'md' }} />;
}
