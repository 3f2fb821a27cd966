// Module boundaries of the server, two rules in one place.
// 1. Tables (docs/decisions/023-module-boundaries.md): a file may import only its own owner's
//    `tables.ts`. Owners are the folders of apps/server/src/modules and apps/server/src/platform; db/,
//    test/ and the files at the top of src own no tables. Table files themselves may import any other
//    table file, for foreign keys.
// 2. One face (docs/decisions/054-one-crm.md): from outside a module, only its `public.ts` may be
//    imported, and from tests also its `test-support.ts`; a table file may still import another
//    module's table file (foreign keys). `public.ts` itself only re-exports, never a table.
import { readdirSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';

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

/** The folders directly inside `dir`, by name. */
const folders = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

const FACE_DOC = 'docs/decisions/054-one-crm.md';

/**
 * The rule `server/module-faces`. `modulesDir` is the absolute path of apps/server/src/modules; a
 * module is a folder directly inside it, whatever folders it has inside (crm is one module).
 */
function moduleFaces(modulesDir, testDir) {
  /** The module a path lies in and the path inside it, or null outside the modules. */
  const place = (file) => {
    const inside = relative(modulesDir, file);
    if (inside.startsWith('..') || inside === '') return null;
    const [module, ...rest] = inside.split(sep);
    return { module, path: rest.join('/') };
  };
  const isTest = (file) =>
    file.endsWith('.test.ts') || basename(file) === 'test-support.ts' || !relative(testDir, file).startsWith('..');
  return {
    meta: {
      type: 'problem',
      docs: { description: 'Import another server module only through its public.ts (its one face).' },
      schema: [],
    },
    create(context) {
      const file = context.filename;
      const own = place(file);
      const check = (node, source) => {
        if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
        const target = place(resolve(dirname(file), source.value));
        if (!target || target.module === own?.module) return;
        if (target.path === 'public.ts') return;
        if (target.path === 'test-support.ts' && isTest(file)) return;
        if (basename(file) === 'tables.ts' && basename(target.path) === 'tables.ts') return;
        context.report({
          node: source,
          message: `Import module ${target.module} through '${target.module}/public.ts', its one face, not '${target.path}'${isTest(file) ? " (tests may also use its 'test-support.ts')" : ''} (${FACE_DOC}).`,
        });
      };
      const face = own !== null && own.path === 'public.ts';
      return {
        ImportDeclaration: (node) => check(node, node.source),
        ExportNamedDeclaration: (node) => {
          if (node.source) check(node, node.source);
          if (face && (!node.source || /(^|\/)tables\.ts$/.test(node.source.value)))
            context.report({
              node,
              message: `public.ts only re-exports from the module's files, never a table (${FACE_DOC}).`,
            });
        },
        ExportAllDeclaration: (node) => {
          check(node, node.source);
          if (face) context.report({ node, message: `public.ts names what it re-exports (${FACE_DOC}).` });
        },
        ImportExpression: (node) => check(node, node.source),
        TSImportType: (node) => check(node, node.source ?? node.argument?.literal),
        'Program > :not(ImportDeclaration, ExportNamedDeclaration, ExportAllDeclaration)': (node) => {
          if (face)
            context.report({ node, message: `public.ts only re-exports: no logic, no side effects (${FACE_DOC}).` });
        },
      };
    },
  };
}

/** Flat-config blocks, one per owner; `root` is the repository root. */
export function serverBoundaries(root) {
  const src = 'apps/server/src';
  const modules = folders(join(root, src, 'modules'));
  const tableFiles = ['**/tables.ts'];
  const faces = moduleFaces(join(root, src, 'modules'), join(root, 'apps/server/test'));
  return [
    {
      files: [`${src}/**/*.ts`, 'apps/server/test/**/*.ts'],
      plugins: { server: { rules: { 'module-faces': faces } } },
      rules: { 'server/module-faces': 'error' },
    },
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
    ...modules.flatMap((name) => {
      // A module with feature folders (crm) owns the tables of all of them.
      const features = folders(join(root, src, 'modules', name));
      return [
        {
          files: [`${src}/modules/${name}/**/*.ts`],
          ignores: tableFiles,
          rules: refuseTablesBut(
            ['./tables.ts', `../${name}/tables.ts`, ...features.map((feature) => `./${feature}/tables.ts`)],
            `Module ${name}`,
          ),
        },
        ...(features.length === 0
          ? []
          : [
              {
                files: features.map((feature) => `${src}/modules/${name}/${feature}/**/*.ts`),
                ignores: tableFiles,
                rules: refuseTablesBut(
                  ['./tables.ts', ...features.map((feature) => `../${feature}/tables.ts`)],
                  `Module ${name}`,
                ),
              },
            ]),
      ];
    }),
  ];
}
