import { and, desc, eq } from 'drizzle-orm';
import { CONTENT_TIMELINE } from '@tradeloop/contracts/crm/records';
import type { CrmNote } from '@tradeloop/contracts/crm/notes';
import type { Tx } from '../../../db/client.ts';
import { notFound } from '../../../platform/errors.ts';
import { userNameSql } from '../../accounts/public.ts';
import { recordIsLiveSql } from '../records/access.ts';
import { authorOf, type Actor } from '../records/content.ts';
import { crmNotes } from './tables.ts';
import { addTimeline } from '../timeline/service.ts';

/** Notes on a record (crm/notes/create_notes): plain text, newest first, each change in the history. */

const noteColumns = {
  id: crmNotes.id,
  recordId: crmNotes.recordId,
  message: crmNotes.message,
  authorId: crmNotes.authorId,
  authorName: userNameSql(crmNotes.authorId),
  createdAt: crmNotes.createdAt,
  updatedAt: crmNotes.updatedAt,
};
type NoteRow = Awaited<ReturnType<typeof selectNotes>>[number];

function toNote(row: NoteRow): CrmNote {
  return {
    id: row.id,
    record_id: row.recordId,
    message: row.message,
    author: authorOf(row),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function selectNotes(tx: Tx) {
  return tx.select(noteColumns).from(crmNotes);
}

export async function listNotes(tx: Tx, recordId: number): Promise<CrmNote[]> {
  const rows = await selectNotes(tx)
    .where(eq(crmNotes.recordId, recordId))
    .orderBy(desc(crmNotes.createdAt), desc(crmNotes.id));
  return rows.map(toNote);
}

async function noteById(tx: Tx, id: number) {
  const [row] = await selectNotes(tx).where(eq(crmNotes.id, id));
  return toNote(row);
}

/** A note of the company on a live record, or 404. */
async function ownNote(tx: Tx, companyId: number, id: number) {
  const [row] = await tx
    .select({ id: crmNotes.id, recordId: crmNotes.recordId, message: crmNotes.message })
    .from(crmNotes)
    .where(and(eq(crmNotes.id, id), eq(crmNotes.companyId, companyId), recordIsLiveSql(crmNotes.recordId)))
    .for('update', { of: crmNotes });
  if (!row) throw notFound();
  return row;
}

const noteEntry = (
  actor: Actor,
  recordId: number,
  noteId: number,
  action: 'added' | 'updated' | 'removed',
  message: string,
) => ({
  companyId: actor.companyId,
  recordId,
  kind: 'note' as const,
  action,
  actorId: actor.userId,
  summary: CONTENT_TIMELINE.note(action, message),
  details: { note_id: noteId },
});

export async function createNote(tx: Tx, actor: Actor, recordId: number, message: string) {
  const [note] = await tx
    .insert(crmNotes)
    .values({ companyId: actor.companyId, recordId, authorId: actor.userId, message })
    .returning({ id: crmNotes.id });
  await addTimeline(tx, noteEntry(actor, recordId, note.id, 'added', message));
  return noteById(tx, note.id);
}

/** A new message for a note; an unchanged one leaves the note and the history as they are. */
export async function updateNote(tx: Tx, actor: Actor, id: number, message: string) {
  const note = await ownNote(tx, actor.companyId, id);
  if (note.message !== message) {
    await tx.update(crmNotes).set({ message, updatedAt: new Date() }).where(eq(crmNotes.id, id));
    await addTimeline(tx, noteEntry(actor, note.recordId, id, 'updated', message));
  }
  return noteById(tx, id);
}

export async function deleteNote(tx: Tx, actor: Actor, id: number) {
  const note = await ownNote(tx, actor.companyId, id);
  await tx.delete(crmNotes).where(eq(crmNotes.id, id));
  await addTimeline(tx, noteEntry(actor, note.recordId, id, 'removed', note.message));
  return { id };
}
