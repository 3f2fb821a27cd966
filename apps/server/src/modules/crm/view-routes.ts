import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@tradeloop/contracts/common';
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
import { ok } from '../../platform/http.ts';
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
import { companyMember } from '../../platform/access.ts';

const config = { access: 'company' as const };

function registerViewRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['crm views'];
  const viewResponse = { 200: envelope(viewSchema) };

  api.get(
    '/crm/v1/crm/custom_view',
    {
      config,
      schema: {
        tags,
        summary: 'Views of a list, the built-in one first, each with its count',
        querystring: viewsQuerySchema,
        response: { 200: envelope(z.array(viewSchema)) },
      },
    },
    async (request) => ok(await listViews(app.db, companyMember(request).companyId, request.query.type_id)),
  );

  api.get(
    '/crm/v1/crm/custom_view/:id',
    { config, schema: { tags, summary: 'One view', params: idParamsSchema, response: viewResponse } },
    async (request) => ok(await getView(app.db, companyMember(request).companyId, request.params.id)),
  );

  api.delete(
    '/crm/v1/crm/custom_view/:id',
    {
      config,
      schema: { tags, summary: 'Delete a view', params: idParamsSchema, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await deleteView(app.db, companyMember(request).companyId, request.params.id);
      return ok(null, CRM_MESSAGES.viewDeleted);
    },
  );

  api.post(
    '/crm/v1/lead/custom-index-save',
    {
      config,
      schema: {
        tags,
        summary: 'Create a view: columns, sort and filters',
        body: saveViewBodySchema,
        response: viewResponse,
      },
    },
    async (request) => {
      const actor = companyMember(request);
      const view = await app.db.transaction((tx) => createView(tx, actor, request.body));
      return ok(view, CRM_MESSAGES.viewSaved);
    },
  );

  api.put(
    '/crm/v1/lead/custom-index-save/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Update the active view',
        params: idParamsSchema,
        body: saveViewBodySchema,
        response: viewResponse,
      },
    },
    async (request) => {
      const actor = companyMember(request);
      const view = await app.db.transaction((tx) => updateView(tx, actor, request.params.id, request.body));
      return ok(view, CRM_MESSAGES.viewUpdated);
    },
  );

  api.get(
    '/crm/v1/lead/filter-list',
    {
      config,
      schema: {
        tags,
        summary: 'Saved filters of a list, each with its count',
        querystring: viewsQuerySchema,
        response: { 200: envelope(savedFiltersSchema) },
      },
    },
    async (request) => {
      const savedFilterRequests = await listSavedFilters(
        app.db,
        companyMember(request).companyId,
        request.query.type_id,
      );
      return ok({ savedFilterRequests, saved: null, total_results: savedFilterRequests.length });
    },
  );

  api.post(
    '/crm/v1/lead/filter-save',
    {
      config,
      schema: {
        tags,
        summary: 'Save a filter (with id: update it)',
        body: saveFilterBodySchema,
        response: { 200: envelope(savedFiltersSchema) },
      },
    },
    async (request) => {
      const actor = companyMember(request);
      const result = await app.db.transaction((tx) => saveFilter(tx, actor, request.body));
      return ok(result, CRM_MESSAGES.filterSaved);
    },
  );

  api.delete(
    '/crm/v1/lead/filter-delete/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a saved filter',
        params: idParamsSchema,
        response: { 200: envelope(savedFiltersSchema) },
      },
    },
    async (request) => {
      const { companyId } = companyMember(request);
      const typeId = await deleteSavedFilter(app.db, companyId, request.params.id);
      const savedFilterRequests = await listSavedFilters(app.db, companyId, typeId);
      return ok(
        { savedFilterRequests, saved: null, total_results: savedFilterRequests.length },
        CRM_MESSAGES.filterDeleted,
      );
    },
  );
}

function registerKanbanRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['crm kanban'];

  api.get(
    '/crm/v1/crm/kanbon_data_list',
    {
      config,
      schema: {
        tags,
        summary: 'Board columns with counts and 10 cards each, or one column’s next page',
        querystring: kanbanQuerySchema,
        response: { 200: envelope(kanbanBoardSchema) },
      },
    },
    async (request) => ok(await kanbanBoard(app.db, companyMember(request), request.query)),
  );

  api.post(
    '/crm/v1/crm/store_kanbon_view',
    {
      config,
      schema: {
        tags,
        summary: 'Remember the board type and the pick-list it groups by',
        body: storeKanbanBodySchema,
        response: { 200: envelope(kanbanSettingsSchema) },
      },
    },
    async (request) => {
      const actor = companyMember(request);
      const settings = await app.db.transaction((tx) => storeKanbanSettings(tx, actor, request.body));
      return ok(settings, CRM_MESSAGES.kanbanSaved);
    },
  );

  api.post(
    '/crm/v1/crm/kanbon_move',
    {
      config,
      schema: {
        tags,
        summary: 'Move a card to another column (changes its stage or status)',
        body: kanbanMoveBodySchema,
        response: { 200: envelope(kanbanCardSchema) },
      },
    },
    async (request) => {
      const actor = companyMember(request);
      const card = await app.db.transaction((tx) => moveCard(tx, actor, request.body));
      return ok(card, CRM_MESSAGES.kanbanMoved);
    },
  );
}

function registerImportRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['crm import and export'];
  const bodyLimit = CRM_LIMITS.importBytes + 64 * 1024;

  api.post(
    '/crm/v1/crm/import/preview',
    {
      config,
      bodyLimit,
      schema: {
        tags,
        summary: 'Read a CSV: headers, sample rows and a suggested mapping',
        body: importPreviewBodySchema,
        response: { 200: envelope(importPreviewSchema) },
      },
    },
    async (request) =>
      ok(await previewImport(app.db, companyMember(request).companyId, request.body.type_id, request.body.csv)),
  );

  api.post(
    '/crm/v1/crm/import',
    {
      config,
      bodyLimit,
      schema: {
        tags,
        summary: 'Import CSV rows through the form, with duplicate handling and a per-row report',
        body: importBodySchema,
        response: { 200: envelope(importReportSchema) },
      },
    },
    async (request) => {
      const actor = companyMember(request);
      const report = await app.db.transaction((tx) => importRecords(tx, actor, request.body));
      return ok(report, CRM_MESSAGES.importDone(report.created, report.updated, report.skipped, report.failed));
    },
  );

  api.post(
    '/crm/v1/crm/export',
    {
      config,
      schema: {
        tags,
        summary: 'A view or listing as CSV (its columns, or every field)',
        body: listingBodySchema.extend({ all_fields: z.boolean().optional() }),
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV file') },
      },
    },
    async (request, reply) => {
      const { csv, filename } = await exportCsv(app.db, companyMember(request).companyId, request.body);
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
