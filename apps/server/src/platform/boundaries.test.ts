import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The module boundary rules (docs/decisions/023, tables; docs/decisions/054, one face per module) are
 * ESLint configuration; these cases keep them from silently matching nothing. Made-up files are linted
 * under real paths, with the repository's config.
 */

const root = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(filePath: string, text: string, rule = 'no-restricted-imports', linter = eslint) {
  const [result] = await linter.lintText(text, { filePath: path.join(root, filePath) });
  return result.messages.filter((message) => message.ruleId === rule);
}

const cases: { file: string; text: string; allowed: boolean }[] = [
  // refused: another module's tables, from services, routes, tests, platform, db and the test helpers
  {
    file: 'apps/server/src/modules/chat/service.ts',
    text: "import { users } from '../accounts/tables.ts';",
    allowed: false,
  },
  {
    file: 'apps/server/src/modules/crm/notes/service.ts',
    text: "import { users } from '../../accounts/tables.ts';",
    allowed: false,
  },
  {
    file: 'apps/server/src/modules/market/routes.ts',
    text: "import type { products } from '../catalog/tables.ts';",
    allowed: false,
  },
  {
    file: 'apps/server/src/modules/quotes/quotes.test.ts',
    text: "import { outbox } from '../../platform/tables.ts';",
    allowed: false,
  },
  {
    file: 'apps/server/src/modules/crm/demo-data.ts',
    text: "export { users } from '../accounts/tables.ts';",
    allowed: false,
  },
  {
    file: 'apps/server/src/platform/sessions.ts',
    text: "import { users } from '../modules/accounts/tables.ts';",
    allowed: false,
  },
  { file: 'apps/server/src/db/demo-data.ts', text: "import { appMeta } from '../platform/tables.ts';", allowed: false },
  {
    file: 'apps/server/test/helpers.ts',
    text: "import { users } from '../src/modules/accounts/tables.ts';",
    allowed: false,
  },
  {
    file: 'apps/server/src/modules/crm/records/service.ts',
    text: "import { statisticsChanges } from '../../statistics/tables.ts';",
    allowed: false,
  },
  // allowed: a module's own tables, the platform's own, and table files' foreign keys
  { file: 'apps/server/src/modules/chat/service.ts', text: "import { chatRooms } from './tables.ts';", allowed: true },
  {
    file: 'apps/server/src/modules/crm/test-support.ts',
    text: "import { crmNotes } from './notes/tables.ts';",
    allowed: true,
  },
  {
    file: 'apps/server/src/modules/crm/notes/service.ts',
    text: "import { crmRecords } from '../records/tables.ts';",
    allowed: true,
  },
  { file: 'apps/server/src/platform/mail.ts', text: "import { outbox } from './tables.ts';", allowed: true },
  {
    file: 'apps/server/src/modules/crm/notes/tables.ts',
    text: "import { crmRecords } from '../records/tables.ts';",
    allowed: true,
  },
  {
    file: 'apps/server/src/platform/tables.ts',
    text: "import { users } from '../modules/accounts/tables.ts';",
    allowed: true,
  },
  // other modules' faces are the way in (the face rule below refuses their other files)
  {
    file: 'apps/server/src/modules/chat/service.ts',
    text: "import { findPeople } from '../accounts/public.ts';",
    allowed: true,
  },
];

describe('module boundaries (ESLint no-restricted-imports)', () => {
  for (const { file, text, allowed } of cases) {
    it(`${allowed ? 'allows' : 'refuses'} in ${file}: ${text}`, async () => {
      const errors = await boundaryErrors(file, `${text}\n`);
      if (allowed) expect(errors).toEqual([]);
      else expect(errors.map((error) => error.severity)).toEqual([2]);
    });
  }
});

/*
 * One face per module: from outside a module only its `public.ts` (tests: also its `test-support.ts`),
 * except a table file's foreign keys. Every refused case is also linted with the face rule turned off
 * and must then lint clean of boundary errors: these are the cases that fail without the rule (if the
 * rule were removed from eslint-boundaries.js, the "refuses" tests would fail).
 */
const faceRule = 'server/module-faces';
const withoutFaces = new ESLint({ cwd: root, overrideConfig: { rules: { [faceRule]: 'off' } } });

const faceCases: { file: string; text: string; allowed: boolean }[] = [
  // refused: another module's files other than its face, however imported, from modules, platform, db, app
  {
    file: 'apps/server/src/modules/market/search.ts',
    text: "import { x } from '../catalog/service.ts';",
    allowed: false,
  },
  {
    file: 'apps/server/src/modules/market/search.ts',
    text: "import type { X } from '../catalog/service.ts';",
    allowed: false,
  },
  {
    file: 'apps/server/src/modules/market/search.ts',
    text: "export { x } from '../catalog/taxonomy-service.ts';",
    allowed: false,
  },
  {
    file: 'apps/server/src/modules/market/search.ts',
    text: "type X = typeof import('../catalog/service.ts');",
    allowed: false,
  },
  { file: 'apps/server/src/modules/market/search.ts', text: "await import('../catalog/service.ts');", allowed: false },
  { file: 'apps/server/src/modules/market/search.ts', text: "import { x } from '../catalog';", allowed: false },
  {
    file: 'apps/server/src/modules/crm/leads/service.ts',
    text: "import { x } from '../../quotes/enquiries.ts';",
    allowed: false,
  },
  {
    file: 'apps/server/src/modules/market/search.ts',
    text: "import { x } from '../catalog/test-support.ts';",
    allowed: false,
  },
  {
    file: 'apps/server/src/platform/sessions.ts',
    text: "import { x } from '../modules/accounts/people.ts';",
    allowed: false,
  },
  { file: 'apps/server/src/db/demo-data.ts', text: "import { x } from '../modules/crm/demo-data.ts';", allowed: false },
  { file: 'apps/server/src/app.ts', text: "import { x } from './modules/market/routes.ts';", allowed: false },
  // refused in a face: anything but named re-exports of the module's own non-table files
  {
    file: 'apps/server/src/modules/catalog/public.ts',
    text: "export { products } from './tables.ts';",
    allowed: false,
  },
  { file: 'apps/server/src/modules/catalog/public.ts', text: "export * from './service.ts';", allowed: false },
  { file: 'apps/server/src/modules/catalog/public.ts', text: 'export const limit = 10;', allowed: false },
  // allowed: the face, the same module (crm's feature folders too), tests' helpers, foreign keys
  {
    file: 'apps/server/src/modules/market/search.ts',
    text: "import { x } from '../catalog/public.ts';",
    allowed: true,
  },
  {
    file: 'apps/server/src/modules/market/search.ts',
    text: "import type { X } from '../catalog/public.ts';",
    allowed: true,
  },
  { file: 'apps/server/src/modules/market/search.ts', text: "import { x } from './listing.ts';", allowed: true },
  {
    file: 'apps/server/src/modules/crm/notes/service.ts',
    text: "import { x } from '../records/access.ts';",
    allowed: true,
  },
  {
    file: 'apps/server/src/modules/market/search.test.ts',
    text: "import { x } from '../catalog/test-support.ts';",
    allowed: true,
  },
  {
    file: 'apps/server/test/helpers.ts',
    text: "import { x } from '../src/modules/crm/test-support.ts';",
    allowed: true,
  },
  {
    file: 'apps/server/src/modules/market/tables.ts',
    text: "import { products } from '../catalog/tables.ts';",
    allowed: true,
  },
  {
    file: 'apps/server/src/modules/crm/notes/tables.ts',
    text: "import { users } from '../../accounts/tables.ts';",
    allowed: true,
  },
  {
    file: 'apps/server/src/modules/catalog/public.ts',
    text: "export { x, type X } from './service.ts';",
    allowed: true,
  },
];

describe('module faces (ESLint server/module-faces)', () => {
  for (const { file, text, allowed } of faceCases) {
    it(`${allowed ? 'allows' : 'refuses'} in ${file}: ${text}`, async () => {
      const errors = await boundaryErrors(file, `${text}\n`, faceRule);
      if (allowed) expect(errors).toEqual([]);
      else {
        expect(errors.map((error) => error.severity)).toEqual([2]);
        const without = [
          ...(await boundaryErrors(file, `${text}\n`, faceRule, withoutFaces)),
          ...(await boundaryErrors(file, `${text}\n`, 'no-restricted-imports', withoutFaces)),
        ];
        expect(without).toEqual([]);
      }
    });
  }
});
