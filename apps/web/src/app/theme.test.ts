import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { accessibleColors, accessiblePalette, contrastRatio } from './contrast.ts';
import { ACCESSIBLE_COLORS } from './palettes.ts';
import { theme } from './theme.ts';

/** The surfaces text stands on (global.css, Mantine's white and a selected item's brand tint). */
const SURFACES = ['#ffffff', '#f4f6fa', '#eef1f7', '#e7f1fb'];

describe('theme contrast (WCAG AA, decision 030)', () => {
  it('computes the WCAG contrast ratio', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // The figure: Mantine's dimmed grey on the page background.
    expect(contrastRatio('#868e96', '#f4f6fa')).toBeCloseTo(3.06, 1);
  });

  it('ships the palettes as computed (run node apps/web/build/write-palettes.ts when this fails)', () => {
    expect(ACCESSIBLE_COLORS).toEqual(accessibleColors());
    expect(theme.colors).toBe(ACCESSIBLE_COLORS);
  });

  const palettes = Object.entries(theme.colors ?? {});
  it('has every palette of Mantine and ours', () => {
    expect(palettes.map(([name]) => name).sort()).toEqual(
      [...Object.keys(DEFAULT_THEME.colors), 'brand', 'accent'].sort(),
    );
  });

  it.each(palettes)('%s: shades 6 to 9 read at 4.5:1 on every surface and under white text', (_name, palette) => {
    for (const shade of palette!.slice(6)) {
      for (const surface of SURFACES) expect(contrastRatio(shade, surface)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps each darkened shade darker than the one before it', () => {
    for (const [, palette] of palettes) {
      for (let index = 7; index < 10; index += 1) {
        expect(contrastRatio(palette![index], '#ffffff')).toBeGreaterThanOrEqual(
          contrastRatio(palette![index - 1], '#ffffff'),
        );
      }
    }
  });

  it('dims text and placeholders readably: grey 6 on every surface, grey 5 on a white input', () => {
    const gray = theme.colors!.gray!;
    for (const surface of SURFACES) expect(contrastRatio(gray[6], surface)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(gray[5], '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('leaves the light shades (tints, borders) as they were and darkens no more than needed', () => {
    const orange = accessiblePalette(DEFAULT_THEME.colors.orange);
    expect(orange.slice(0, 6)).toEqual(DEFAULT_THEME.colors.orange.slice(0, 6));
    // A shade that already reads is kept.
    const brand = accessiblePalette(theme.colors!.brand!);
    expect(brand[9]).toBe(theme.colors!.brand![9]);
  });
});
