import { createTheme } from '@mantine/core';
import { rankedOptionsFilter } from '../lib/options-filter.ts';
import { ACCESSIBLE_COLORS } from './palettes.ts';

type PaginationControl = 'first' | 'previous' | 'next' | 'last';
const PAGINATION_CONTROL_LABELS: Record<PaginationControl, string> = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
};

const fontFamily = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

/** Breakpoints of spec section 9 mapped onto Mantine's names (600, 768, 980, 1200, 1440 px). */
export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  colors: ACCESSIBLE_COLORS,
  fontFamily,
  headings: { fontFamily, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Someone who asks their system for less motion gets no sliding or fading (WCAG 2.3.3).
  respectReducedMotion: true,
  breakpoints: { xs: '37.5em', sm: '48em', md: '61.25em', lg: '75em', xl: '90em' },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true, shadow: 'xs', padding: 'lg' } },
    Paper: { defaultProps: { radius: 'lg' } },
    TextInput: { defaultProps: { radius: 'md' } },
    // Searchable lists show the best answers first: "India" finds India before British Indian Ocean Territory.
    Select: { defaultProps: { radius: 'md', comboboxProps: { shadow: 'md' }, filter: rankedOptionsFilter } },
    MultiSelect: { defaultProps: { filter: rankedOptionsFilter } },
    Autocomplete: { defaultProps: { filter: rankedOptionsFilter } },
    Container: { defaultProps: { size: 'xl' } },
    // A menu holds menu items only (no focus placeholder): the first item takes the focus instead.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // Mantine's close buttons are icons without a name.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close panel' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    // Arrow and page buttons named for screen readers ("Next page", "Page 3").
    Pagination: {
      defaultProps: {
        getControlProps: (control: PaginationControl) => ({ 'aria-label': PAGINATION_CONTROL_LABELS[control] }),
        getItemProps: (page: number) => ({ 'aria-label': `Page ${page}` }),
      },
    },
  },
});
