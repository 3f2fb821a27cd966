import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Trade blue: trustworthy, high contrast with white text from shade 6 up. */
const brand: MantineColorsTuple = [
  '#e7f1fb',
  '#d0e1f3',
  '#a2c2e6',
  '#70a1d9',
  '#4685ce',
  '#2c73c7',
  '#1b69c5',
  '#0e58ad',
  '#044e9c',
  '#00428a',
];

/** Marketplace amber for highlights and calls to action that are not the primary action. */
const accent: MantineColorsTuple = [
  '#fff4e1',
  '#ffe8cc',
  '#fed09b',
  '#fdb766',
  '#fca13a',
  '#fc931d',
  '#fc8c0c',
  '#e17800',
  '#c86a00',
  '#ae5a00',
];

const fontFamily = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

/** Breakpoints of spec section 9 mapped onto Mantine's names (600, 768, 980, 1200, 1440 px). */
export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  colors: { brand, accent },
  fontFamily,
  headings: { fontFamily, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  breakpoints: { xs: '37.5em', sm: '48em', md: '61.25em', lg: '75em', xl: '90em' },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true, shadow: 'xs', padding: 'lg' } },
    Paper: { defaultProps: { radius: 'lg' } },
    TextInput: { defaultProps: { radius: 'md' } },
    Select: { defaultProps: { radius: 'md', comboboxProps: { shadow: 'md' } } },
    Container: { defaultProps: { size: 'xl' } },
  },
});
