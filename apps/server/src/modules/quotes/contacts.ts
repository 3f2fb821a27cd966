import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  QUOTE_MESSAGES,
  type Contact,
  type addContactBodySchema,
  type contactListBodySchema,
  type contactPageSchema,
  type updateContactBodySchema,
} from '@tradeloop/contracts/quotes';
import type { Tx } from '../../db/client.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import { usersNamedLike } from '../accounts/public.ts';
import { escapeLike } from '../catalog/public.ts';
import { partiesOf, unknownParty } from './parties.ts';
import { contacts } from './tables.ts';

type ContactPage = z.infer<typeof contactPageSchema>;

/** An enquiry puts each side in the other's contact list (or counts one more enquiry there). */
export async function recordContacts(tx: Tx, buyerId: number, sellerId: number) {
  const now = new Date();
  for (const [owner, contact] of [
    [buyerId, sellerId],
    [sellerId, buyerId],
  ]) {
    await tx
      .insert(contacts)
      .values({
        ownerUserId: owner,
        contactUserId: contact,
        source: 'enquiry',
        enquiryCount: 1,
        lastEnquiryAt: now,
        isNew: true,
      })
      .onConflictDoUpdate({
        target: [contacts.ownerUserId, contacts.contactUserId],
        set: { enquiryCount: sql`${contacts.enquiryCount} + 1`, lastEnquiryAt: now, isNew: true, updatedAt: now },
      });
  }
}

/** POST front/contact_list: tab 1 active contacts (status 1), tab 2 blocked ones (status 2); 15 a page. */
export async function listContacts(
  db: Tx,
  userId: number,
  body: z.infer<typeof contactListBodySchema>,
): Promise<ContactPage> {
  const status = body.tab_type === 2 ? 2 : 1;
  const search = body.search ? `%${escapeLike(body.search)}%` : null;
  const matching = search ? inArray(contacts.contactUserId, usersNamedLike(db, search)) : undefined;
  const where = and(eq(contacts.ownerUserId, userId), eq(contacts.status, status), matching);
  const [{ total }] = await db.select({ total: count() }).from(contacts).where(where);
  const rows = await db
    .select()
    .from(contacts)
    .where(where)
    .orderBy(desc(contacts.isNew), desc(contacts.updatedAt), desc(contacts.id))
    .limit(body.per_page)
    .offset((body.page - 1) * body.per_page);
  const byStatus = await db
    .select({ status: contacts.status, total: count() })
    .from(contacts)
    .where(eq(contacts.ownerUserId, userId))
    .groupBy(contacts.status);
  const parties = await partiesOf(
    db,
    rows.map((row) => row.contactUserId),
  );
  const offset = (body.page - 1) * body.per_page;
  const data: Contact[] = rows.map((row, index) => {
    const party = parties.get(row.contactUserId) ?? unknownParty(row.contactUserId);
    return {
      id: row.id,
      serialNo: offset + index + 1,
      status: row.status,
      is_new: row.isNew,
      source: row.source,
      user_id: row.contactUserId,
      name: party.name,
      user_type: party.user_type,
      company_name: party.company_name,
      company_type: party.company_type,
      country: party.country,
      email: party.email,
      enquiries: row.enquiryCount,
      last_enquiry_at: row.lastEnquiryAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
    };
  });
  const countOf = (value: number) => Number(byStatus.find((entry) => entry.status === value)?.total ?? 0);
  return {
    data,
    currentPage: body.page,
    lastPage: Math.max(1, Math.ceil(total / body.per_page)),
    perPage: body.per_page,
    total,
    counts: { 1: countOf(1), 2: countOf(2) },
  };
}

async function ownContact(tx: Tx, userId: number, id: number) {
  const [row] = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, id), eq(contacts.ownerUserId, userId)));
  if (!row) throw notFound();
  return row;
}

/** POST front/update_contact_list: moves a contact between the tabs (status 1 active, 2 blocked). */
export async function updateContactStatus(tx: Tx, userId: number, body: z.infer<typeof updateContactBodySchema>) {
  await ownContact(tx, userId, body.id);
  await tx
    .update(contacts)
    .set({ status: body.status as 1 | 2, isNew: false, updatedAt: new Date() })
    .where(eq(contacts.id, body.id));
}

/** POST front/update_status: the contact has been seen (it is no longer marked new). */
export async function markContactSeen(tx: Tx, userId: number, id: number) {
  await ownContact(tx, userId, id);
  await tx.update(contacts).set({ isNew: false }).where(eq(contacts.id, id));
}

/** "Add to contact" from a seller card. */
export async function addContact(tx: Tx, userId: number, body: z.infer<typeof addContactBodySchema>) {
  if (body.user_id === userId) throw invalid({ user_id: [QUOTE_MESSAGES.contactSelf] });
  const parties = await partiesOf(tx, [body.user_id]);
  const party = parties.get(body.user_id);
  if (!party || party.email === null) throw invalid({ user_id: [QUOTE_MESSAGES.unknownUser] });
  const [row] = await tx
    .insert(contacts)
    .values({ ownerUserId: userId, contactUserId: body.user_id, source: 'manual', isNew: false })
    .onConflictDoNothing()
    .returning({ id: contacts.id });
  return { created: !!row };
}
