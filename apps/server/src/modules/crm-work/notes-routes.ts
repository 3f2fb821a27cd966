import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@tradeloop/contracts/common';
import {
  CONTENT_MESSAGES,
  crmNoteSchema,
  noteCreateBodySchema,
  noteDeleteQuerySchema,
  noteListQuerySchema,
  noteUpdateBodySchema,
} from '@tradeloop/contracts/crm-content';
import { companyMember } from '../../platform/access.ts';
import { ok } from '../../platform/http.ts';
import { contentRecord } from './content-records.ts';
import { createNote, deleteNote, listNotes, updateNote } from './notes-service.ts';

const tags = ['crm notes'];
const config = { access: 'company' as const };
const path = '/crm/v1/crm/notes/create_notes';

/**
 * crm/notes/create_notes with get, post, put and delete (spec section 7), all on the one path: the
 * record is named by crm_unique_id or lead_id/contact_id/account_id/deal_id; PUT carries the note's
 * id in its body, DELETE in the query string.
 */
export function registerNoteRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    path,
    {
      config,
      schema: {
        tags,
        summary: "A record's notes, newest first (crm_unique_id, or lead_id, contact_id, account_id or deal_id)",
        querystring: noteListQuerySchema,
        response: { 200: envelope(z.array(crmNoteSchema)) },
      },
    },
    async (request) => {
      const record = await contentRecord(app.db, companyMember(request).companyId, request.query);
      return ok(await listNotes(app.db, record.id));
    },
  );

  api.post(
    path,
    {
      config,
      schema: {
        tags,
        summary: 'Add a note to a record',
        body: noteCreateBodySchema,
        response: { 201: envelope(crmNoteSchema) },
      },
    },
    async (request, reply) => {
      const actor = companyMember(request);
      const note = await app.db.transaction(async (tx) => {
        const record = await contentRecord(tx, actor.companyId, request.body);
        return createNote(tx, actor, record.id, request.body.message);
      });
      return reply.code(201).send(ok(note, CONTENT_MESSAGES.noteAdded));
    },
  );

  api.put(
    path,
    {
      config,
      schema: {
        tags,
        summary: 'Change the message of note `id` (in the body)',
        body: noteUpdateBodySchema,
        response: { 200: envelope(crmNoteSchema) },
      },
    },
    async (request) => {
      const actor = companyMember(request);
      const { id, message } = request.body;
      const note = await app.db.transaction((tx) => updateNote(tx, actor, id, message));
      return ok(note, CONTENT_MESSAGES.noteUpdated);
    },
  );

  api.delete(
    path,
    {
      config,
      schema: {
        tags,
        summary: 'Delete note `id` (in the query string)',
        querystring: noteDeleteQuerySchema,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      const actor = companyMember(request);
      const result = await app.db.transaction((tx) => deleteNote(tx, actor, request.query.id));
      return ok(result, CONTENT_MESSAGES.noteDeleted);
    },
  );
}
