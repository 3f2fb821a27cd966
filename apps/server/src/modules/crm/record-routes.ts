import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@tradeloop/contracts/common';
import {
  bulkAssignBodySchema,
  bulkIdsBodySchema,
  bulkResultSchema,
  bulkUpdateBodySchema,
  conversionSchema,
  convertBodySchema,
  createRecordBodySchema,
  CRM_MESSAGES,
  CRM_TYPE,
  CRM_TYPES,
  crmStatisticsSchema,
  crmType,
  deleteRecordQuerySchema,
  fieldsQuerySchema,
  filtersSchema,
  idParamsSchema,
  infoQuerySchema,
  listFieldSchema,
  listingBodySchema,
  listingQuerySchema,
  listingSchema,
  recordRefSchema,
  recordSchema,
  simpleListQuerySchema,
  updateFieldBodySchema,
  updateRecordBodySchema,
  userListItemSchema,
  type RecordTypeId,
} from '@tradeloop/contracts/crm';
import { leadInfoSchema, recordDetailSchema } from '@tradeloop/contracts/crm-views';
import { invalid } from '../../platform/errors.ts';
import { ok, serializeAsBuilt } from '../../platform/http.ts';
import { findPeople } from '../accounts/people.ts';
import { convertLead } from './conversion-service.ts';
import { recordDetail, simpleLeadList } from './detail-service.ts';
import { listFieldsOf } from './fields.ts';
import { loadFields } from './forms-service.ts';
import { listRecords } from './listing-service.ts';
import {
  bulkAssign,
  bulkDelete,
  bulkRestore,
  bulkUpdate,
  createRecord,
  restore,
  softDelete,
  updateOneField,
  updateRecord,
} from './records-service.ts';
import { crmStatistics } from './statistics-service.ts';
import { companyMember } from '../../platform/access.ts';

const tags = ['crm records'];
const config = { access: 'company' as const };
const listingResponse = { 200: envelope(listingSchema) };
const listingOptions = { config, serializerCompiler: serializeAsBuilt };
const recordResponse = { 200: envelope(recordSchema) };
const bulkResponse = { 200: envelope(bulkResultSchema) };

/** GET list aliases carry the listing body as query parameters; filters arrive as a JSON array. */
function listingFromQuery(query: z.infer<typeof listingQuerySchema>, typeId: RecordTypeId) {
  let filters: z.infer<typeof filtersSchema> | undefined;
  if (query.filters) {
    let raw: unknown;
    try {
      raw = JSON.parse(query.filters);
    } catch {
      throw invalid({ filters: [CRM_MESSAGES.conditionBadValue('filters')] });
    }
    const parsed = filtersSchema.safeParse(raw);
    if (!parsed.success) throw invalid({ filters: [CRM_MESSAGES.conditionBadValue('filters')] });
    filters = parsed.data;
  }
  return {
    type_id: typeId,
    custom_view_id: query.custom_view_id,
    filter_id: query.filter_id,
    query: query.query,
    per_page: query.per_page,
    page: query.page,
    filters,
    sort: query.sort_by ? { field: query.sort_by, direction: query.sort_direction ?? 'asc' } : undefined,
  };
}

function registerListRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/crm/v1/crm/data_listing',
    {
      ...listingOptions,
      schema: {
        tags,
        summary: 'A page of records: view, saved filter, filters, keyword and sort',
        body: listingBodySchema,
        response: listingResponse,
      },
    },
    async (request) => ok(await listRecords(app.db, companyMember(request).companyId, request.body)),
  );

  const aliases = [
    { path: 'leads', typeId: CRM_TYPE.leads },
    { path: 'contact/list', typeId: CRM_TYPE.contacts },
    { path: 'account/list', typeId: CRM_TYPE.accounts },
  ] as const;
  for (const alias of aliases) {
    api.post(
      `/crm/v1/${alias.path}`,
      {
        ...listingOptions,
        schema: {
          tags,
          summary: `${crmType(alias.typeId).name}: the data_listing body for this type`,
          body: listingBodySchema.omit({ type_id: true }),
          response: listingResponse,
        },
      },
      async (request) =>
        ok(await listRecords(app.db, companyMember(request).companyId, { ...request.body, type_id: alias.typeId })),
    );
  }

  api.get(
    '/crm/v1/deal/list',
    {
      ...listingOptions,
      schema: {
        tags,
        summary: 'Deals: the data_listing body as query parameters',
        querystring: listingQuerySchema,
        response: listingResponse,
      },
    },
    async (request) =>
      ok(await listRecords(app.db, companyMember(request).companyId, listingFromQuery(request.query, CRM_TYPE.deals))),
  );

  api.get(
    '/crm/v1/lead/list',
    {
      config,
      schema: {
        tags,
        summary: 'Leads of a lead, a contact or an account (converted into it)',
        querystring: simpleListQuerySchema,
        response: { 200: envelope(z.array(recordRefSchema)) },
      },
    },
    async (request) => ok(await simpleLeadList(app.db, companyMember(request).companyId, request.query)),
  );

  api.get(
    '/crm/v1/lead/list/main',
    {
      ...listingOptions,
      schema: {
        tags,
        summary: 'Records for pickers: newest first, with a keyword',
        querystring: simpleListQuerySchema,
        response: listingResponse,
      },
    },
    async (request) =>
      ok(
        await listRecords(app.db, companyMember(request).companyId, {
          type_id: request.query.type_id ?? CRM_TYPE.leads,
          query: request.query.query,
          per_page: 100,
        }),
      ),
  );

  api.get(
    '/crm/v1/crm/fields',
    {
      config,
      schema: {
        tags,
        summary: 'Fields a list can show, filter and sort by',
        querystring: fieldsQuerySchema,
        response: { 200: envelope(z.array(listFieldSchema)) },
      },
    },
    async (request) => {
      const { companyId } = companyMember(request);
      const { fields } = await loadFields(app.db, companyId, request.query.type_id);
      return ok(await listFieldsOf(app.db, companyId, fields));
    },
  );

  api.get(
    '/crm/v1/crm/type',
    {
      config,
      schema: {
        tags,
        summary: 'CRM record and activity types',
        response: {
          200: envelope(
            z.array(
              z.object({ id: z.number(), name: z.string(), singular: z.string(), slug: z.string(), kind: z.string() }),
            ),
          ),
        },
      },
    },
    async () => ok(CRM_TYPES.map((type) => ({ ...type }))),
  );

  api.get(
    '/crm/v1/crm/userList',
    {
      config,
      schema: {
        tags,
        summary: 'Users of the company (owners, assignees)',
        response: { 200: envelope(z.array(userListItemSchema)) },
      },
    },
    async (request) => {
      const { companyId } = companyMember(request);
      const people = await findPeople(app.db, { companyId, live: true, orderBy: 'name' });
      return ok(
        people.map((row) => ({ id: row.id, full_name: row.name, email_id: row.email, user_type: row.userType })),
      );
    },
  );

  api.get(
    '/crm/v1/crm/statistics',
    {
      config,
      schema: {
        tags,
        summary: 'CRM totals and conversion rates, overall and for the last 7 days',
        response: { 200: envelope(crmStatisticsSchema) },
      },
    },
    async (request) => ok(await crmStatistics(app.db, companyMember(request).companyId)),
  );
}

function registerWriteRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/crm/v1/crm/create_record',
    {
      config,
      schema: {
        tags,
        summary: 'Create a lead, deal, account or contact through its form',
        body: createRecordBodySchema,
        response: { 201: envelope(recordSchema) },
      },
    },
    async (request, reply) => {
      const actor = companyMember(request);
      const { type_id: typeId, values, owner_id: ownerId } = request.body;
      const record = await app.db.transaction((tx) => createRecord(tx, actor, { typeId, values, ownerId }));
      return reply.status(201).send(ok(record, CRM_MESSAGES.recordCreated(crmType(typeId).singular)));
    },
  );

  api.put(
    '/crm/v1/crm/update_record/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Edit a record (every required field checked)',
        params: idParamsSchema,
        body: updateRecordBodySchema,
        response: recordResponse,
      },
    },
    async (request) => {
      const actor = companyMember(request);
      const record = await app.db.transaction((tx) => updateRecord(tx, actor, request.params.id, request.body.values));
      return ok(record, CRM_MESSAGES.recordUpdated);
    },
  );

  api.post(
    '/crm/v1/crm/update_datalisting_fields',
    {
      config,
      schema: { tags, summary: 'Inline edit of one value', body: updateFieldBodySchema, response: recordResponse },
    },
    async (request) => {
      const actor = companyMember(request);
      const { unique_id: uniqueId, type_id: typeId, form_input_list_id: field, value } = request.body;
      const record = await app.db.transaction((tx) => updateOneField(tx, actor, { uniqueId, typeId, field }, value));
      return ok(record, CRM_MESSAGES.recordUpdated);
    },
  );

  api.delete(
    '/crm/v1/crm/delete_lead',
    {
      config,
      schema: {
        tags,
        summary: 'Move a record to the recycle bin (restorable)',
        querystring: deleteRecordQuerySchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const actor = companyMember(request);
      await app.db.transaction((tx) => softDelete(tx, actor, request.query.unique_id));
      return ok(null, CRM_MESSAGES.recordDeleted);
    },
  );

  api.post(
    '/crm/v1/crm/restore_lead',
    {
      config,
      schema: {
        tags,
        summary: 'Bring a record back from the recycle bin',
        body: deleteRecordQuerySchema,
        response: recordResponse,
      },
    },
    async (request) => {
      const actor = companyMember(request);
      const record = await app.db.transaction((tx) => restore(tx, actor, request.body.unique_id));
      return ok(record, CRM_MESSAGES.recordRestored);
    },
  );

  api.post(
    '/crm/v1/crm/bulk_delete',
    {
      config,
      schema: {
        tags,
        summary: 'Move selected records to the recycle bin',
        body: bulkIdsBodySchema,
        response: bulkResponse,
      },
    },
    async (request) => {
      const actor = companyMember(request);
      const count = await app.db.transaction((tx) => bulkDelete(tx, actor, request.body.type_id, request.body.ids));
      return ok({ count }, CRM_MESSAGES.recordsDeleted(count));
    },
  );

  api.post(
    '/crm/v1/crm/bulk_restore',
    { config, schema: { tags, summary: 'Restore selected records', body: bulkIdsBodySchema, response: bulkResponse } },
    async (request) => {
      const actor = companyMember(request);
      const count = await app.db.transaction((tx) => bulkRestore(tx, actor, request.body.type_id, request.body.ids));
      return ok({ count }, CRM_MESSAGES.recordsRestored(count));
    },
  );

  api.post(
    '/crm/v1/crm/bulk_update',
    {
      config,
      schema: {
        tags,
        summary: 'Set one field on selected records',
        body: bulkUpdateBodySchema,
        response: bulkResponse,
      },
    },
    async (request) => {
      const actor = companyMember(request);
      const { type_id: typeId, ids, field, value } = request.body;
      const count = await app.db.transaction((tx) => bulkUpdate(tx, actor, typeId, ids, field, value));
      return ok({ count }, CRM_MESSAGES.recordsUpdated(count));
    },
  );

  api.post(
    '/crm/v1/crm/bulk_assign',
    {
      config,
      schema: {
        tags,
        summary: 'Give selected records to another owner',
        body: bulkAssignBodySchema,
        response: bulkResponse,
      },
    },
    async (request) => {
      const actor = companyMember(request);
      const { type_id: typeId, ids, owner_id: ownerId } = request.body;
      const result = await app.db.transaction((tx) => bulkAssign(tx, actor, typeId, ids, ownerId));
      return ok({ count: result.count }, CRM_MESSAGES.recordsAssigned(result.count, result.ownerName));
    },
  );

  api.post(
    '/crm/v1/lead/convert',
    {
      config,
      schema: {
        tags,
        summary: 'Convert a lead into a contact, an account and optionally a deal',
        body: convertBodySchema,
        response: { 200: envelope(conversionSchema) },
      },
    },
    async (request) => {
      const actor = companyMember(request);
      const result = await app.db.transaction((tx) => convertLead(tx, actor, request.body));
      return ok(result, CRM_MESSAGES.converted);
    },
  );
}

function registerInfoRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const detailResponse = { 200: envelope(recordDetailSchema) };

  api.get(
    '/crm/v1/lead/info',
    {
      config,
      schema: {
        tags,
        summary: 'A lead with its form, analytics and related records',
        querystring: infoQuerySchema.lead,
        response: { 200: envelope(leadInfoSchema) },
      },
    },
    async (request) => {
      const detail = await recordDetail(
        app.db,
        companyMember(request).companyId,
        request.query.lead_id,
        CRM_TYPE.leads,
      );
      return ok({
        ...detail,
        lead_detail: { form_data: detail.record.values, form_fields: detail.sections },
        lead_analyitics: detail.analytics,
        check_survey_mail_status: false,
        lead_data: detail.record,
      });
    },
  );

  api.get(
    '/crm/v1/account/info/:id',
    {
      config,
      schema: {
        tags,
        summary: 'An account with its contacts, deals and leads',
        params: idParamsSchema,
        response: detailResponse,
      },
    },
    async (request) =>
      ok(await recordDetail(app.db, companyMember(request).companyId, request.params.id, CRM_TYPE.accounts)),
  );

  api.get(
    '/crm/v1/contact/info-sidebar',
    {
      config,
      schema: {
        tags,
        summary: 'A contact with its account and deals',
        querystring: infoQuerySchema.contact,
        response: detailResponse,
      },
    },
    async (request) =>
      ok(await recordDetail(app.db, companyMember(request).companyId, request.query.contact_id, CRM_TYPE.contacts)),
  );

  api.get(
    '/crm/v1/deal/sidebar-info',
    {
      config,
      schema: {
        tags,
        summary: 'A deal with its account and contacts',
        querystring: infoQuerySchema.deal,
        response: detailResponse,
      },
    },
    async (request) =>
      ok(await recordDetail(app.db, companyMember(request).companyId, request.query.deal_id, CRM_TYPE.deals)),
  );
}

export function registerRecordRoutes(app: FastifyInstance) {
  registerListRoutes(app);
  registerWriteRoutes(app);
  registerInfoRoutes(app);
}
