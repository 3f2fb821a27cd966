import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CRM_LIMITS,
  CRM_MESSAGES,
  crmType,
  idParamsSchema,
  importBodySchema,
  importPreviewBodySchema,
  importPreviewSchema,
  importReportSchema,
} from '@tradeloop/contracts/crm/records';
import { listingBodySchema } from '@tradeloop/contracts/crm/listing';
import {
  kanbanBoardSchema,
  kanbanCardSchema,
  kanbanMoveBodySchema,
  kanbanQuerySchema,
  kanbanSettingsSchema,
  storeKanbanBodySchema,
} from '@tradeloop/contracts/crm/kanban';
import {
  savedFiltersSchema,
  saveFilterBodySchema,
  saveViewBodySchema,
  viewSchema,
  viewsQuerySchema,
} from '@tradeloop/contracts/crm/views';
import { exportCsv, importRecords, previewImport } from '../records/import.ts';
import { kanbanBoard, moveCard, storeKanbanSettings } from '../kanban/service.ts';
import {
  createView,
  deleteSavedFilter,
  deleteView,
  getView,
  listSavedFilters,
  listViews,
  saveFilter,
  updateView,
} from './service.ts';
import { recordTypePermission } from '../records/permissions.ts';
import { recordAudit, requestOrigin } from '../../accounts/public.ts';
import { routes, withMessage } from '../../../platform/routes.ts';

function registerViewRoutes(app: FastifyInstance) {
  const route = routes(app);
  const tags = ['crm views'];

  route.get(
    '/crm/v1/crm/custom_view',
    {
      access: 'company',
      permission: recordTypePermission('view'),
      tags,
      summary: 'Views of a list, the built-in one first, each with its count',
      querystring: viewsQuerySchema,
      data: z.array(viewSchema),
    },
    async ({ request, member }) => listViews(app.crm, app.db, member, request.query.type_id),
  );

  route.get(
    '/crm/v1/crm/custom_view/:id',
    { access: 'company', permission: 'crm.work', tags, summary: 'One view', params: idParamsSchema, data: viewSchema },
    async ({ request, member }) => getView(app.crm, app.db, member, request.params.id),
  );

  route.delete(
    '/crm/v1/crm/custom_view/:id',
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: 'Delete a view',
      params: idParamsSchema,
      data: z.null(),
    },
    async ({ request, member }) => {
      await deleteView(app.db, member, request.params.id);
      return withMessage(null, CRM_MESSAGES.viewDeleted);
    },
  );

  route.post(
    '/crm/v1/lead/custom-index-save',
    {
      access: 'company',
      permission: recordTypePermission('view'),
      tags,
      summary: 'Create a view: columns, sort and filters',
      body: saveViewBodySchema,
      data: viewSchema,
      transaction: true,
    },
    async ({ request, member: actor, tx }) =>
      withMessage(await createView(app.crm, tx, actor, request.body), CRM_MESSAGES.viewSaved),
  );

  route.put(
    '/crm/v1/lead/custom-index-save/:id',
    {
      access: 'company',
      permission: recordTypePermission('view'),
      tags,
      summary: 'Update the active view',
      params: idParamsSchema,
      body: saveViewBodySchema,
      data: viewSchema,
      transaction: true,
    },
    async ({ request, member: actor, tx }) =>
      withMessage(await updateView(app.crm, tx, actor, request.params.id, request.body), CRM_MESSAGES.viewUpdated),
  );

  route.get(
    '/crm/v1/lead/filter-list',
    {
      access: 'company',
      permission: recordTypePermission('view'),
      tags,
      summary: 'Saved filters of a list, each with its count',
      querystring: viewsQuerySchema,
      data: savedFiltersSchema,
    },
    async ({ request, member }) => {
      const savedFilterRequests = await listSavedFilters(app.crm, app.db, member, request.query.type_id);
      return { savedFilterRequests, saved: null, total_results: savedFilterRequests.length };
    },
  );

  route.post(
    '/crm/v1/lead/filter-save',
    {
      access: 'company',
      permission: recordTypePermission('view'),
      tags,
      summary: 'Save a filter (with id: update it)',
      body: saveFilterBodySchema,
      data: savedFiltersSchema,
      transaction: true,
    },
    async ({ request, member: actor, tx }) =>
      withMessage(await saveFilter(app.crm, tx, actor, request.body), CRM_MESSAGES.filterSaved),
  );

  route.delete(
    '/crm/v1/lead/filter-delete/:id',
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: 'Delete a saved filter',
      params: idParamsSchema,
      data: savedFiltersSchema,
    },
    async ({ request, member }) => {
      const typeId = await deleteSavedFilter(app.db, member, request.params.id);
      const savedFilterRequests = await listSavedFilters(app.crm, app.db, member, typeId);
      return withMessage(
        { savedFilterRequests, saved: null, total_results: savedFilterRequests.length },
        CRM_MESSAGES.filterDeleted,
      );
    },
  );
}

function registerKanbanRoutes(app: FastifyInstance) {
  const route = routes(app);
  const tags = ['crm kanban'];

  route.get(
    '/crm/v1/crm/kanbon_data_list',
    {
      access: 'company',
      permission: recordTypePermission('view'),
      tags,
      summary: 'Board columns with counts and 10 cards each, or one column’s next page',
      querystring: kanbanQuerySchema,
      data: kanbanBoardSchema,
    },
    async ({ request, member }) => kanbanBoard(app.crm, app.db, member, request.query),
  );

  route.post(
    '/crm/v1/crm/store_kanbon_view',
    {
      access: 'company',
      permission: recordTypePermission('view'),
      tags,
      summary: 'Remember the board type and the pick-list it groups by',
      body: storeKanbanBodySchema,
      data: kanbanSettingsSchema,
      transaction: true,
    },
    async ({ request, member: actor, tx }) =>
      withMessage(await storeKanbanSettings(app.crm, tx, actor, request.body), CRM_MESSAGES.kanbanSaved),
  );

  route.post(
    '/crm/v1/crm/kanbon_move',
    {
      access: 'company',
      permission: recordTypePermission('edit'),
      tags,
      summary: 'Move a card to another column (changes its stage or status)',
      body: kanbanMoveBodySchema,
      data: kanbanCardSchema,
      transaction: true,
    },
    async ({ request, member: actor, tx }) =>
      withMessage(await moveCard(app.crm, tx, actor, request.body), CRM_MESSAGES.kanbanMoved),
  );
}

function registerImportRoutes(app: FastifyInstance) {
  const route = routes(app);
  const tags = ['crm import and export'];
  const bodyLimit = CRM_LIMITS.importBytes + 64 * 1024;

  route.post(
    '/crm/v1/crm/import/preview',
    {
      access: 'company',
      permission: recordTypePermission('create'),
      tags,
      summary: 'Read a CSV: headers, sample rows and a suggested mapping',
      body: importPreviewBodySchema,
      data: importPreviewSchema,
      bodyLimit,
    },
    async ({ request, member }) =>
      previewImport(app.crm, app.db, member.companyId, request.body.type_id, request.body.csv),
  );

  route.post(
    '/crm/v1/crm/import',
    {
      access: 'company',
      permission: recordTypePermission('create'),
      tags,
      summary: 'Import CSV rows through the form, with duplicate handling and a per-row report',
      body: importBodySchema,
      data: importReportSchema,
      bodyLimit,
      transaction: true,
    },
    async ({ request, member: actor, tx }) => {
      const report = await importRecords(app.crm, tx, actor, request.body);
      return withMessage(
        report,
        CRM_MESSAGES.importDone(report.created, report.updated, report.skipped, report.failed),
      );
    },
  );

  route.post(
    '/crm/v1/crm/export',
    {
      access: 'company',
      permission: recordTypePermission('view'),
      tags,
      summary: 'A view or listing as CSV (its columns, or every field)',
      body: listingBodySchema.extend({ all_fields: z.boolean().optional() }),
      produces: ['text/csv'],
      response: { 200: z.string().describe('CSV file') },
    },
    async ({ request, reply, member }) => {
      const { csv, filename, rows } = await exportCsv(app.crm, app.db, member, request.body);
      // Every export is in the company's audit log (docs/decisions/059); no entry, no file.
      await recordAudit(
        app.db,
        { ...member, ...requestOrigin(request) },
        {
          action: 'crm.exported',
          target: { kind: 'record_type', id: request.body.type_id, label: crmType(request.body.type_id).name },
          details: {
            record_type: crmType(request.body.type_id).name,
            rows,
            format: 'csv',
            all_fields: Boolean(request.body.all_fields),
          },
        },
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(csv);
    },
  );
}

export function registerViewAndBoardRoutes(app: FastifyInstance) {
  registerViewRoutes(app);
  registerKanbanRoutes(app);
  registerImportRoutes(app);
}
