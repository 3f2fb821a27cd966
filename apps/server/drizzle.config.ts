import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './apps/server/src/platform/tables.ts',
    './apps/server/src/modules/*/tables.ts',
    './apps/server/src/modules/crm/*/tables.ts',
    './apps/server/src/modules/accounts/*/tables.ts',
  ],
  out: './apps/server/src/db/migrations',
});
