import fs from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { accessibleColors } from '../src/app/contrast.ts';

/**
 * Writes src/app/palettes.ts: the theme's palettes made readable (decision 030), computed here once
 * rather than in every visitor's browser while the page starts (decision 029). theme.test.ts fails
 * when the file no longer matches, e.g. after Mantine changes its colours: run
 * `node apps/web/build/write-palettes.ts` then.
 */
const target = path.join(import.meta.dirname, '../src/app/palettes.ts');
const source = `import type { MantineColorsTuple } from '@mantine/core';

/** Written by build/write-palettes.ts from app/contrast.ts: do not edit by hand. */
export const ACCESSIBLE_COLORS: Record<string, MantineColorsTuple> = ${JSON.stringify(accessibleColors(), null, 2)};
`;
fs.writeFileSync(target, await format(source, { ...(await resolveConfig(target)), filepath: target }));
