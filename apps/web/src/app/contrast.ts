import { DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';

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

/**
 * WCAG AA contrast, kept by the palettes themselves (decision 030). Text needs 4.5:1 against what it
 * stands on. Shades 6 to 9 are the ones text and filled backgrounds use: a filled button is shade 7
 * under white text, a light badge is shade 7 on a 10 % tint of itself, `c="red"` and error text are
 * shades 6 and 7 on white or on the grey page. So each of those shades is darkened until it reaches
 * 4.5:1 on every surface of the app, and stays darker than the shade before it.
 */
const MIN_CONTRAST = 4.6; // 4.5 with a margin for rounding and anti-aliasing
/** White cards and inputs, the page and CRM backgrounds (global.css), a selected navigation item. */
const SURFACES = ['#ffffff', '#f4f6fa', '#eef1f7', '#e7f1fb'];
const TINTED_SURFACE = '#eef1f7';

function channels(hex: string): number[] {
  return [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));
}

function toHex(rgb: number[]): string {
  return `#${rgb.map((value) => Math.round(value).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (lighter + 0.05) / (darker + 0.05);
}

/** `share` of colour `a` over colour `b`, as a 10 % tint is drawn. */
function mix(a: string, b: string, share: number): string {
  const [from, onto] = [channels(a), channels(b)];
  return toHex(from.map((value, index) => value * share + onto[index] * (1 - share)));
}

function darken(hex: string, amount: number): string {
  return toHex(channels(hex).map((value) => value * (1 - amount)));
}

function readableOnEverySurface(hex: string): boolean {
  const surfaces = [...SURFACES, mix(hex, TINTED_SURFACE, 0.1)];
  return surfaces.every((surface) => contrastRatio(hex, surface) >= MIN_CONTRAST);
}

/** The palette with shades 6 to 9 darkened just enough to be readable text on every surface. */
export function accessiblePalette(palette: readonly string[]): MantineColorsTuple {
  const shades = [...palette];
  for (let index = 6; index < shades.length; index += 1) {
    let shade = shades[index];
    while (!readableOnEverySurface(shade)) shade = darken(shade, 0.03);
    // Each shade stays darker than the one before it (shade 8 is the hover of a shade 7 button).
    if (luminance(shade) >= luminance(shades[index - 1]) && index > 6) shade = darken(shades[index - 1], 0.08);
    shades[index] = shade;
  }
  return shades as unknown as MantineColorsTuple;
}

/**
 * Greys: shade 6 is Mantine's dimmed text and shade 5 its placeholder text. Dimmed text stands on
 * every surface; a placeholder stands on a white input.
 */
const gray: MantineColorsTuple = accessiblePalette([
  ...DEFAULT_THEME.colors.gray.slice(0, 5),
  '#6c757d',
  '#646c75',
  ...DEFAULT_THEME.colors.gray.slice(7),
]);

/** Every palette of the theme: Mantine's and ours, made readable (palettes.ts holds the result). */
export function accessibleColors(): Record<string, MantineColorsTuple> {
  return Object.fromEntries(
    Object.entries({ ...DEFAULT_THEME.colors, brand, accent }).map(([name, palette]) => [
      name,
      name === 'gray' ? gray : accessiblePalette(palette),
    ]),
  );
}
