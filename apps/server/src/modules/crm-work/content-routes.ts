import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { registerAnalyticsProvider } from '../crm/detail-service.ts';
import { registerExternalField } from '../crm/fields.ts';
import { registerEmailRoutes } from './emails-routes.ts';
import { registerFileRoutes } from './files-routes.ts';
import { registerNoteRoutes } from './notes-routes.ts';
import { crmEmails, crmFiles, crmNotes } from './tables.ts';
import { registerTagRoutes } from './tags-routes.ts';
import { tagsField } from './tags-service.ts';

let registered = false;

/** The counts on the record page's Notes, Files and E-mails tabs, and the Tags field of every list. */
function registerContentHooks() {
  if (registered) return;
  registered = true;
  registerExternalField(tagsField);
  registerAnalyticsProvider(async (tx, _companyId, record) => {
    const count = (table: typeof crmNotes | typeof crmFiles | typeof crmEmails) =>
      sql<number>`(SELECT count(*)::int FROM ${table} WHERE ${table.recordId} = ${record.id})`;
    const [counts] = await tx
      .select({ notes: count(crmNotes), files: count(crmFiles), emails: count(crmEmails) })
      .from(sql`(VALUES (1)) AS one`);
    return counts;
  });
}

/** What a salesperson keeps on a record: e-mails, notes, files and tags. */
export function registerContentRoutes(app: FastifyInstance) {
  registerContentHooks();
  registerEmailRoutes(app);
  registerNoteRoutes(app);
  registerFileRoutes(app);
  registerTagRoutes(app);
}
