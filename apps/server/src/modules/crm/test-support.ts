import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { RecordValues } from '@tradeloop/contracts/crm';
import { as, type TestUser } from '../../../test/helpers.ts';
import type { Tx } from '../../db/client.ts';
import { crmRecords } from './tables.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A CRM call (/crm/v1/…) as `user`. */
export function crm(app: FastifyInstance, user: { token: string }, method: Method, path: string, payload?: unknown) {
  return as(app, user, {
    method,
    url: `/crm/v1/${path}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** Creates a record and answers it; fails the test on anything but 201. */
export async function createRecord(app: FastifyInstance, user: TestUser, typeId: number, values: RecordValues) {
  const response = await crm(app, user, 'POST', 'crm/create_record', { type_id: typeId, values });
  if (response.statusCode !== 201) throw new Error(`create_record failed: ${response.statusCode} ${response.body}`);
  return response.json().data as {
    id: number;
    unique_id: string;
    crm_user_form_unique_id: string;
    values: RecordValues;
    title: string;
  };
}

export async function listing(app: FastifyInstance, user: TestUser, body: Record<string, unknown>) {
  const response = await crm(app, user, 'POST', 'crm/data_listing', body);
  if (response.statusCode !== 200) throw new Error(`data_listing failed: ${response.statusCode} ${response.body}`);
  return response.json().data as {
    data: { id: number; unique_id: string; title: string; values: RecordValues }[];
    total: number;
    total_results: number;
    currentPage: number;
    lastPage: number;
    columns: string[];
    sort: { field: string; direction: string };
  };
}

/** The lead form with one more section holding the given custom fields; answers the saved form. */
export async function addLeadFields(
  app: FastifyInstance,
  user: TestUser,
  fields: Record<string, unknown>[],
  typeId = 1,
) {
  const form = (await crm(app, user, 'GET', `crm/single_lead_form_detail?type_id=${typeId}`)).json().data;
  const sections = form.sections.map(
    (section: { id: number; name: string; tab_columns: string; form_fields: Record<string, unknown>[] }) => ({
      id: section.id,
      name: section.name,
      tab_columns: section.tab_columns,
      form_fields: section.form_fields,
    }),
  );
  sections.push({ name: 'Custom', tab_columns: 'multi', form_fields: fields });
  const response = await crm(app, user, 'POST', 'crm/save_input_form', { type_id: typeId, sections });
  if (response.statusCode !== 200) throw new Error(`save_input_form failed: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

/** Moves a record's creation into the past (tests of periods). */
export async function backdateRecord(db: Tx, recordId: number, createdAt: Date) {
  await db.update(crmRecords).set({ createdAt }).where(eq(crmRecords.id, recordId));
}
