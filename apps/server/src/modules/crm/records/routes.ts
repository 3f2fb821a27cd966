import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
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
  crmType,
  deleteRecordQuerySchema,
  fieldsQuerySchema,
  idParamsSchema,
  infoQuerySchema,
  leadInfoSchema,
  listFieldSchema,
  mergeBodySchema,
  mergeResultSchema,
  recordDetailSchema,
  recordRefSchema,
  recordSchema,
  type RecordTypeId,
  simpleListQuerySchema,
  updateFieldBodySchema,
  updateRecordBodySchema,
  userListItemSchema,
} from '@tradeloop/contracts/crm/records';
import { filtersSchema } from '@tradeloop/contracts/crm/views';
import { listingBodySchema, listingQuerySchema, listingSchema } from '@tradeloop/contracts/crm/listing';
import { invalid } from '../../../platform/errors.ts';
import { serializeAsBuilt } from '../../../platform/http.ts';
import { findPeople } from '../../accounts/public.ts';
import { convertLead } from './conversion.ts';
import { mergeRecords } from './merge.ts';
import { recordDetail, simpleLeadList } from './detail.ts';
import { listFieldsOf } from '../forms/fields.ts';
import { loadFields } from '../forms/service.ts';
import { listRecords } from '../listing/service.ts';
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
} from './service.ts';
import { recordTypePermission } from './permissions.ts';
import { routes, withMessage } from '../../../platform/routes.ts';

const tags = ['crm records'];
const listingOptions = {
  access: 'company' as const,
  permission: 'per-record' as const,
  serializerCompiler: serializeAsBuilt,
};

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
  const route = routes(app);

  route.post(
    '/crm/v1/crm/data_listing',
    {
      tags,
      summary: 'A page of records: view, saved filter, filters, keyword and sort',
      body: listingBodySchema,
      data: listingSchema,
      ...listingOptions,
    },
    async ({ request, member }) => listRecords(app.crm, app.db, member, request.body),
  );

  const aliases = [
    { path: 'leads', typeId: CRM_TYPE.leads },
    { path: 'contact/list', typeId: CRM_TYPE.contacts },
    { path: 'account/list', typeId: CRM_TYPE.accounts },
  ] as const;
  for (const alias of aliases) {
    route.post(
      `/crm/v1/${alias.path}`,
      {
        tags,
        summary: `${crmType(alias.typeId).name}: the data_listing body for this type`,
        body: listingBodySchema.omit({ type_id: true }),
        data: listingSchema,
        ...listingOptions,
      },
      async ({ request, member }) => listRecords(app.crm, app.db, member, { ...request.body, type_id: alias.typeId }),
    );
  }

  route.get(
    '/crm/v1/deal/list',
    {
      tags,
      summary: 'Deals: the data_listing body as query parameters',
      querystring: listingQuerySchema,
      data: listingSchema,
      ...listingOptions,
    },
    async ({ request, member }) =>
      listRecords(app.crm, app.db, member, listingFromQuery(request.query, CRM_TYPE.deals)),
  );

  route.get(
    '/crm/v1/lead/list',
    {
      access: 'company',
      permission: 'per-record',
      tags,
      summary: 'Leads of a lead, a contact or an account (converted into it)',
      querystring: simpleListQuerySchema,
      data: z.array(recordRefSchema),
    },
    async ({ request, member }) => simpleLeadList(app.db, member.companyId, request.query),
  );

  route.get(
    '/crm/v1/lead/list/main',
    {
      tags,
      summary: 'Records for pickers: newest first, with a keyword',
      querystring: simpleListQuerySchema,
      data: listingSchema,
      ...listingOptions,
    },
    async ({ request, member }) =>
      listRecords(app.crm, app.db, member, {
        type_id: request.query.type_id ?? CRM_TYPE.leads,
        query: request.query.query,
        per_page: 100,
      }),
  );

  route.get(
    '/crm/v1/crm/fields',
    {
      access: 'company',
      permission: recordTypePermission('view'),
      tags,
      summary: 'Fields a list can show, filter and sort by',
      querystring: fieldsQuerySchema,
      data: z.array(listFieldSchema),
    },
    async ({ request, member: { companyId } }) => {
      const { fields } = await loadFields(app.crm, app.db, companyId, request.query.type_id);
      return listFieldsOf(app.crm, app.db, companyId, fields);
    },
  );

  route.get(
    '/crm/v1/crm/type',
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: 'CRM record and activity types',
      data: z.array(
        z.object({ id: z.number(), name: z.string(), singular: z.string(), slug: z.string(), kind: z.string() }),
      ),
    },
    async () => CRM_TYPES.map((type) => ({ ...type })),
  );

  route.get(
    '/crm/v1/crm/userList',
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: 'Users of the company (owners, assignees)',
      data: z.array(userListItemSchema),
    },
    async ({ member: { companyId } }) => {
      const people = await findPeople(app.db, { companyId, live: true, orderBy: 'name' });
      return people.map((row) => ({ id: row.id, full_name: row.name, email_id: row.email, user_type: row.userType }));
    },
  );
}

function registerWriteRoutes(app: FastifyInstance) {
  const route = routes(app);

  route.post(
    '/crm/v1/crm/create_record',
    {
      access: 'company',
      permission: 'per-record',
      tags,
      summary: 'Create a lead, deal, account or contact through its form',
      body: createRecordBodySchema,
      data: recordSchema,
      status: 201,
      transaction: true,
    },
    async ({ request, member: actor, tx }) => {
      const { type_id: typeId, values, owner_id: ownerId } = request.body;
      const record = await createRecord(app.crm, tx, actor, { typeId, values, ownerId });
      return withMessage(record, CRM_MESSAGES.recordCreated(crmType(typeId).singular));
    },
  );

  route.put(
    '/crm/v1/crm/update_record/:id',
    {
      access: 'company',
      permission: 'per-record',
      tags,
      summary: 'Edit a record (every required field checked)',
      params: idParamsSchema,
      body: updateRecordBodySchema,
      data: recordSchema,
      transaction: true,
    },
    async ({ request, member: actor, tx }) =>
      withMessage(
        await updateRecord(app.crm, tx, actor, request.params.id, request.body.values),
        CRM_MESSAGES.recordUpdated,
      ),
  );

  route.post(
    '/crm/v1/crm/update_datalisting_fields',
    {
      access: 'company',
      permission: 'per-record',
      tags,
      summary: 'Inline edit of one value',
      body: updateFieldBodySchema,
      data: recordSchema,
      transaction: true,
    },
    async ({ request, member: actor, tx }) => {
      const { unique_id: uniqueId, type_id: typeId, form_input_list_id: field, value } = request.body;
      const record = await updateOneField(app.crm, tx, actor, { uniqueId, typeId, field }, value);
      return withMessage(record, CRM_MESSAGES.recordUpdated);
    },
  );

  route.delete(
    '/crm/v1/crm/delete_lead',
    {
      access: 'company',
      permission: 'per-record',
      tags,
      summary: 'Move a record to the recycle bin (restorable)',
      querystring: deleteRecordQuerySchema,
      data: z.null(),
      transaction: true,
    },
    async ({ request, member: actor, tx }) => {
      await softDelete(app.crm, tx, actor, request.query.unique_id);
      return withMessage(null, CRM_MESSAGES.recordDeleted);
    },
  );

  route.post(
    '/crm/v1/crm/restore_lead',
    {
      access: 'company',
      permission: 'per-record',
      tags,
      summary: 'Bring a record back from the recycle bin',
      body: deleteRecordQuerySchema,
      data: recordSchema,
      transaction: true,
    },
    async ({ request, member: actor, tx }) =>
      withMessage(await restore(app.crm, tx, actor, request.body.unique_id), CRM_MESSAGES.recordRestored),
  );

  route.post(
    '/crm/v1/crm/bulk_delete',
    {
      access: 'company',
      permission: 'per-record',
      tags,
      summary: 'Move selected records to the recycle bin',
      body: bulkIdsBodySchema,
      data: bulkResultSchema,
      transaction: true,
    },
    async ({ request, member: actor, tx }) => {
      const count = await bulkDelete(app.crm, tx, actor, request.body.type_id, request.body.ids);
      return withMessage({ count }, CRM_MESSAGES.recordsDeleted(count));
    },
  );

  route.post(
    '/crm/v1/crm/bulk_restore',
    {
      access: 'company',
      permission: 'per-record',
      tags,
      summary: 'Restore selected records',
      body: bulkIdsBodySchema,
      data: bulkResultSchema,
      transaction: true,
    },
    async ({ request, member: actor, tx }) => {
      const count = await bulkRestore(app.crm, tx, actor, request.body.type_id, request.body.ids);
      return withMessage({ count }, CRM_MESSAGES.recordsRestored(count));
    },
  );

  route.post(
    '/crm/v1/crm/bulk_update',
    {
      access: 'company',
      permission: 'per-record',
      tags,
      summary: 'Set one field on selected records',
      body: bulkUpdateBodySchema,
      data: bulkResultSchema,
      transaction: true,
    },
    async ({ request, member: actor, tx }) => {
      const { type_id: typeId, ids, field, value } = request.body;
      const count = await bulkUpdate(app.crm, tx, actor, typeId, ids, field, value);
      return withMessage({ count }, CRM_MESSAGES.recordsUpdated(count));
    },
  );

  route.post(
    '/crm/v1/crm/bulk_assign',
    {
      access: 'company',
      permission: 'per-record',
      tags,
      summary: 'Give selected records to another owner',
      body: bulkAssignBodySchema,
      data: bulkResultSchema,
      transaction: true,
    },
    async ({ request, member: actor, tx }) => {
      const { type_id: typeId, ids, owner_id: ownerId } = request.body;
      const result = await bulkAssign(app.crm, tx, actor, typeId, ids, ownerId);
      return withMessage({ count: result.count }, CRM_MESSAGES.recordsAssigned(result.count, result.ownerName));
    },
  );

  route.post(
    '/crm/v1/lead/convert',
    {
      access: 'company',
      permission: 'per-record',
      tags,
      summary: 'Convert a lead into a contact, an account and optionally a deal',
      body: convertBodySchema,
      data: conversionSchema,
      transaction: true,
    },
    async ({ request, member: actor, tx }) =>
      withMessage(await convertLead(app.crm, tx, actor, request.body), CRM_MESSAGES.converted),
  );

  route.post(
    '/crm/v1/crm/merge_records',
    {
      access: 'company',
      permission: 'per-record',
      tags,
      summary:
        'Merge record merged_id into kept_id (same type): values by choice (empty ones filled), every related record moved, the merged one to the trash',
      body: mergeBodySchema,
      data: mergeResultSchema,
      transaction: true,
    },
    async ({ request, member: actor, tx }) => {
      const result = await mergeRecords(app.crm, tx, actor, request.body);
      return withMessage(result, CRM_MESSAGES.merged(result.kept.title));
    },
  );
}

function registerInfoRoutes(app: FastifyInstance) {
  const route = routes(app);

  route.get(
    '/crm/v1/lead/info',
    {
      access: 'company',
      permission: 'per-record',
      tags,
      summary: 'A lead with its form, analytics and related records',
      querystring: infoQuerySchema.lead,
      data: leadInfoSchema,
    },
    async ({ request, member }) => {
      const detail = await recordDetail(app.crm, app.db, member.companyId, request.query.lead_id, CRM_TYPE.leads);
      return {
        ...detail,
        lead_detail: { form_data: detail.record.values, form_fields: detail.sections },
        lead_analyitics: detail.analytics,
        check_survey_mail_status: false,
        lead_data: detail.record,
      };
    },
  );

  route.get(
    '/crm/v1/account/info/:id',
    {
      access: 'company',
      permission: 'per-record',
      tags,
      summary: 'An account with its contacts, deals and leads',
      params: idParamsSchema,
      data: recordDetailSchema,
    },
    async ({ request, member }) =>
      recordDetail(app.crm, app.db, member.companyId, request.params.id, CRM_TYPE.accounts),
  );

  route.get(
    '/crm/v1/contact/info-sidebar',
    {
      access: 'company',
      permission: 'per-record',
      tags,
      summary: 'A contact with its account and deals',
      querystring: infoQuerySchema.contact,
      data: recordDetailSchema,
    },
    async ({ request, member }) =>
      recordDetail(app.crm, app.db, member.companyId, request.query.contact_id, CRM_TYPE.contacts),
  );

  route.get(
    '/crm/v1/deal/sidebar-info',
    {
      access: 'company',
      permission: 'per-record',
      tags,
      summary: 'A deal with its account and contacts',
      querystring: infoQuerySchema.deal,
      data: recordDetailSchema,
    },
    async ({ request, member }) =>
      recordDetail(app.crm, app.db, member.companyId, request.query.deal_id, CRM_TYPE.deals),
  );
}

export function registerRecordRoutes(app: FastifyInstance) {
  registerListRoutes(app);
  registerWriteRoutes(app);
  registerInfoRoutes(app);
}
