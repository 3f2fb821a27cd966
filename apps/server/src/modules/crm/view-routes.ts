import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CRM_LIMITS, CRM_MESSAGES, idParamsSchema, listingBodySchema } from '@tradeloop/contracts/crm';
import {
  importBodySchema,
  importPreviewBodySchema,
  importPreviewSchema,
  importReportSchema,
  kanbanBoardSchema,
  kanbanCardSchema,
  kanbanMoveBodySchema,
  kanbanQuerySchema,
  kanbanSettingsSchema,
  savedFiltersSchema,
  saveFilterBodySchema,
  saveViewBodySchema,
  storeKanbanBodySchema,
  viewSchema,
  viewsQuerySchema,
} from '@tradeloop/contracts/crm-views';
import { exportCsv, importRecords, previewImport } from './import-service.ts';
import { kanbanBoard, moveCard, storeKanbanSettings } from './kanban-service.ts';
import {
  createView,
  deleteSavedFilter,
  deleteView,
  getView,
  listSavedFilters,
  listViews,
  saveFilter,
  updateView,
} from './views-service.ts';
import { recordTypePermission } from './record-permissions.ts';
import { routes, withMessage } from '../../platform/routes.ts';

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
    async ({ request, member }) => listViews(app.db, member.companyId, request.query.type_id),
  );

  route.get(
    '/crm/v1/crm/custom_view/:id',
    { access: 'company', permission: 'crm.work', tags, summary: 'One view', params: idParamsSchema, data: viewSchema },
    async ({ request, member }) => getView(app.db, member.companyId, request.params.id),
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
      await deleteView(app.db, member.companyId, request.params.id);
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
      withMessage(await createView(tx, actor, request.body), CRM_MESSAGES.viewSaved),
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
      withMessage(await updateView(tx, actor, request.params.id, request.body), CRM_MESSAGES.viewUpdated),
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
      const savedFilterRequests = await listSavedFilters(app.db, member.companyId, request.query.type_id);
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
      withMessage(await saveFilter(tx, actor, request.body), CRM_MESSAGES.filterSaved),
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
    async ({ request, member: { companyId } }) => {
      const typeId = await deleteSavedFilter(app.db, companyId, request.params.id);
      const savedFilterRequests = await listSavedFilters(app.db, companyId, typeId);
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
    async ({ request, member }) => kanbanBoard(app.db, member, request.query),
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
      withMessage(await storeKanbanSettings(tx, actor, request.body), CRM_MESSAGES.kanbanSaved),
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
      withMessage(await moveCard(tx, actor, request.body), CRM_MESSAGES.kanbanMoved),
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
    async ({ request, member }) => previewImport(app.db, member.companyId, request.body.type_id, request.body.csv),
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
      const report = await importRecords(tx, actor, request.body);
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
      const { csv, filename } = await exportCsv(app.db, member.companyId, request.body);
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
