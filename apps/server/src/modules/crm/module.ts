import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { activityCounts } from './activities/read.ts';
import { automationListeners } from './automation/triggers.ts';
import { crmEmails } from './emails/tables.ts';
import { crmFiles } from './files/tables.ts';
import { assignCreatedLeads } from './leads/assignment.ts';
import { crmNotes } from './notes/tables.ts';
import { CrmHooks } from './records/hooks.ts';
import { scoreChangedLeads } from './scoring/routes.ts';
import { scoreField } from './scoring/service.ts';
import { tagsField } from './tags/service.ts';
import { writeTimelineOf } from './timeline/service.ts';

/**
 * The CRM of one app (docs/decisions/054): its features reach each other only through these hooks,
 * made here for each app that buildApp makes and connected here in plain sight. Nothing of it is
 * global, so two apps in one process (as the tests build) never call each other's listeners.
 */
export function createCrm(app: FastifyInstance): CrmHooks {
  const crm = new CrmHooks();
  // A record's change goes into its history, gives a new lead its owner by the assignment rules,
  // rescores a lead and may run automation rules, in this order; lead scoring and automation turn it
  // into outbox events on this app's bus.
  crm.onRecordChange(writeTimelineOf);
  crm.onRecordChange(assignCreatedLeads(crm));
  crm.onRecordChange(scoreChangedLeads(app.events));
  const automation = automationListeners(app.events);
  crm.onRecordChange(automation.leadChanged);
  crm.onTagAdded(automation.tagAdded);
  // The counts on the record page's tabs: tasks, meetings and calls; notes, files and e-mails.
  crm.addAnalytics(activityCounts);
  crm.addAnalytics(contentCounts);
  // Fields of every list whose values other features keep: a record's tags, the lead score.
  crm.addField(tagsField);
  crm.addField(scoreField);
  return crm;
}

async function contentCounts(tx: Tx, _companyId: number, record: { id: number }) {
  const count = (table: typeof crmNotes | typeof crmFiles | typeof crmEmails) =>
    sql<number>`(SELECT count(*)::int FROM ${table} WHERE ${table.recordId} = ${record.id})`;
  const [counts] = await tx
    .select({ notes: count(crmNotes), files: count(crmFiles), emails: count(crmEmails) })
    .from(sql`(VALUES (1)) AS one`);
  return counts;
}
