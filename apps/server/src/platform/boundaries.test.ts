import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The module boundary rule (docs/decisions/023) is ESLint configuration; these cases keep it from
 * silently matching nothing. Made-up files are linted under real paths, with the repository's config.
 */

const root = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(filePath: string, text: string) {
  const [result] = await eslint.lintText(text, { filePath: path.join(root, filePath) });
  return result.messages.filter((message) => message.ruleId === 'no-restricted-imports');
}

const cases: { file: string; text: string; allowed: boolean }[] = [
  // refused: another module's tables, from services, routes, tests, platform, db and the test helpers
  {
    file: 'apps/server/src/modules/chat/service.ts',
    text: "import { users } from '../accounts/tables.ts';",
    allowed: false,
  },
  {
    file: 'apps/server/src/modules/crm-work/notes-service.ts',
    text: "import { crmRecords } from '../crm/tables.ts';",
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
    file: 'apps/server/src/modules/crm/records.ts',
    text: "import { crmRecords } from '../crm-work/tables.ts';",
    allowed: false,
  },
  // allowed: a module's own tables, the platform's own, and table files' foreign keys
  { file: 'apps/server/src/modules/chat/service.ts', text: "import { chatRooms } from './tables.ts';", allowed: true },
  {
    file: 'apps/server/src/modules/crm-work/test-support.ts',
    text: "import { crmNotes } from '../crm-work/tables.ts';",
    allowed: true,
  },
  { file: 'apps/server/src/platform/mail.ts', text: "import { outbox } from './tables.ts';", allowed: true },
  {
    file: 'apps/server/src/modules/crm-work/tables.ts',
    text: "import { crmRecords } from '../crm/tables.ts';",
    allowed: true,
  },
  {
    file: 'apps/server/src/platform/tables.ts',
    text: "import { users } from '../modules/accounts/tables.ts';",
    allowed: true,
  },
  // other modules' services are the way in
  {
    file: 'apps/server/src/modules/chat/service.ts',
    text: "import { findPeople } from '../accounts/people.ts';",
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
