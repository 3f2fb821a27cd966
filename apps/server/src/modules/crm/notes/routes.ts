import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CONTENT_MESSAGES } from '@tradeloop/contracts/crm/records';
import {
  crmNoteSchema,
  noteCreateBodySchema,
  noteDeleteQuerySchema,
  noteListQuerySchema,
  noteUpdateBodySchema,
} from '@tradeloop/contracts/crm/notes';
import { routes, withMessage } from '../../../platform/routes.ts';
import { contentRecord } from '../records/content.ts';
import { createNote, deleteNote, listNotes, updateNote } from './service.ts';

const tags = ['crm notes'];
const path = '/crm/v1/crm/notes/create_notes';

/**
 * crm/notes/create_notes with get, post, put and delete (spec section 7), all on the one path: the
 * record is named by crm_unique_id or lead_id/contact_id/account_id/deal_id; PUT carries the note's
 * id in its body, DELETE in the query string.
 */
export function registerNoteRoutes(app: FastifyInstance) {
  const route = routes(app);

  route.get(
    path,
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: "A record's notes, newest first (crm_unique_id, or lead_id, contact_id, account_id or deal_id)",
      querystring: noteListQuerySchema,
      data: z.array(crmNoteSchema),
    },
    async ({ request, member }) => {
      const record = await contentRecord(app.db, member.companyId, request.query);
      return listNotes(app.db, record.id);
    },
  );

  route.post(
    path,
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: 'Add a note to a record',
      body: noteCreateBodySchema,
      data: crmNoteSchema,
      status: 201,
    },
    async ({ request, member: actor }) => {
      const note = await app.db.transaction(async (tx) => {
        const record = await contentRecord(tx, actor.companyId, request.body);
        return createNote(tx, actor, record.id, request.body.message);
      });
      return withMessage(note, CONTENT_MESSAGES.noteAdded);
    },
  );

  route.put(
    path,
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: 'Change the message of note `id` (in the body)',
      body: noteUpdateBodySchema,
      data: crmNoteSchema,
      transaction: true,
    },
    async ({ request, member: actor, tx }) => {
      const { id, message } = request.body;
      const note = await updateNote(tx, actor, id, message);
      return withMessage(note, CONTENT_MESSAGES.noteUpdated);
    },
  );

  route.delete(
    path,
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: 'Delete note `id` (in the query string)',
      querystring: noteDeleteQuerySchema,
      data: z.object({ id: z.number().int() }),
      transaction: true,
    },
    async ({ request, member: actor, tx }) =>
      withMessage(await deleteNote(tx, actor, request.query.id), CONTENT_MESSAGES.noteDeleted),
  );
}
