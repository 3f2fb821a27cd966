// Module boundaries of the server (docs/decisions/023-module-boundaries.md): a file may import
// only its own owner's `tables.ts`. Owners are the folders of apps/server/src/modules and
// apps/server/src/platform; db/, test/ and the files at the top of src own no tables. Table files
// themselves may import any other table file, for foreign keys.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** An import of some `tables.ts` (any folder), with or without the extension. */
const ANY_TABLES = String.raw`(^|/)tables(\.[cm]?[jt]s)?$`;
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** no-restricted-imports refusing every tables import but the ones in `own` (exact specifiers). */
function refuseTablesBut(own, owner) {
  const allowed = own.map((specifier) => `${escape(specifier)}$`).join('|');
  return {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: allowed ? `^(?!(${allowed}))(.*${ANY_TABLES})` : `.*${ANY_TABLES}`,
            message: `${owner} may not read another module's tables: call that module's exported functions instead (docs/decisions/023-module-boundaries.md).`,
          },
        ],
      },
    ],
  };
}

/** Flat-config blocks, one per owner; `root` is the repository root. */
export function serverBoundaries(root) {
  const src = 'apps/server/src';
  const modules = readdirSync(join(root, src, 'modules'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const tableFiles = ['**/tables.ts'];
  return [
    {
      files: [`${src}/**/*.ts`, 'apps/server/test/**/*.ts'],
      ignores: tableFiles,
      rules: refuseTablesBut([], 'This file'),
    },
    {
      files: [`${src}/platform/**/*.ts`],
      ignores: tableFiles,
      rules: refuseTablesBut(['./tables.ts'], 'platform'),
    },
    ...modules.map((name) => ({
      files: [`${src}/modules/${name}/**/*.ts`],
      ignores: tableFiles,
      rules: refuseTablesBut(['./tables.ts', `../${name}/tables.ts`], `Module ${name}`),
    })),
  ];
}
