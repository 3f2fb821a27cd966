import { and, desc, eq, inArray } from 'drizzle-orm';
import { visibleRecordIdSql } from '../records/permissions.ts';
import {
  CONTENT_MESSAGES,
  CONTENT_TIMELINE,
  CRM_TYPE,
  recordTitle,
  type RecordTypeId,
  type RecordValues,
} from '@tradeloop/contracts/crm/records';
import type { CrmEmail, EmailRecipient, EmailStatus } from '@tradeloop/contracts/crm/emails';
import type { Db, Tx } from '../../../db/client.ts';
import { conflict, invalid, notFound, requireAllFound } from '../../../platform/errors.ts';
import type { Mailer } from '../../../platform/mail.ts';
import { findPerson, userNameSql } from '../../accounts/public.ts';
import { loadFields } from '../forms/service.ts';
import type { RecordRow } from '../records/read.ts';
import { liveContacts, recordIsLiveSql } from '../records/access.ts';
import { authorOf, type Actor } from '../records/content.ts';
import { cleanEmailHtml, emailText, textEmailHtml } from './html.ts';
import { recordByUniqueId } from '../records/targets.ts';
import { crmEmails } from './tables.ts';
import { addTimeline } from '../timeline/service.ts';
import type { CrmHooks } from '../records/hooks.ts';

/**
 * E-mails written from a record. A draft is saved as it is written (spec section 4: updated if it
 * exists, otherwise created); sending it goes through the platform mailer (SMTP when configured, the
 * outbox otherwise) and writes "E-mail sent" into the record's history. A sent e-mail is a copy of
 * what went out and cannot be changed; one that failed stays editable and can be sent again.
 */

const emailColumns = {
  id: crmEmails.id,
  recordId: crmEmails.recordId,
  status: crmEmails.status,
  to: crmEmails.toAddresses,
  cc: crmEmails.ccAddresses,
  subject: crmEmails.subject,
  body: crmEmails.bodyHtml,
  authorId: crmEmails.authorId,
  authorName: userNameSql(crmEmails.authorId),
  outboxId: crmEmails.outboxId,
  sentAt: crmEmails.sentAt,
  createdAt: crmEmails.createdAt,
  updatedAt: crmEmails.updatedAt,
};

function selectEmails(tx: Tx) {
  return tx.select(emailColumns).from(crmEmails);
}
type EmailRow = Awaited<ReturnType<typeof selectEmails>>[number];

function toEmail(row: EmailRow): CrmEmail {
  return {
    id: row.id,
    record_id: row.recordId,
    status: row.status,
    to: row.to,
    cc: row.cc,
    subject: row.subject,
    body: row.body,
    author: authorOf(row),
    outbox_id: row.outboxId,
    sent_at: row.sentAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** An e-mail of the company on a live record, or 404. */
const ownEmail = (companyId: number, id: number) =>
  and(
    eq(crmEmails.id, id),
    eq(crmEmails.companyId, companyId),
    recordIsLiveSql(crmEmails.recordId),
    visibleRecordIdSql(crmEmails.recordId),
  );

/** GET lead/activitiy_email/show?id=. */
export async function showEmail(tx: Tx, companyId: number, id: number) {
  const [row] = await selectEmails(tx).where(ownEmail(companyId, id));
  if (!row) throw notFound();
  return toEmail(row);
}

/** GET crm/emails/create_emails?crm_unique_id=: drafts and sent e-mails, newest first. */
export async function listEmails(tx: Tx, recordId: number) {
  const rows = await selectEmails(tx)
    .where(eq(crmEmails.recordId, recordId))
    .orderBy(desc(crmEmails.createdAt), desc(crmEmails.id));
  return rows.map(toEmail);
}

export type DraftFields = { to?: string[]; cc?: string[]; subject?: string; body?: string };

const unique = (addresses: string[]) => [...new Set(addresses)];

function draftValues(fields: DraftFields) {
  return {
    ...(fields.to ? { toAddresses: unique(fields.to) } : {}),
    ...(fields.cc ? { ccAddresses: unique(fields.cc) } : {}),
    ...(fields.subject !== undefined ? { subject: fields.subject } : {}),
    ...(fields.body !== undefined ? { bodyHtml: cleanEmailHtml(fields.body) } : {}),
  };
}

/** The draft `id` of the company, locked for this transaction; a sent one answers 409. */
async function editableDraft(tx: Tx, companyId: number, id: number) {
  const [row] = await tx
    .select({ id: crmEmails.id, recordId: crmEmails.recordId, status: crmEmails.status })
    .from(crmEmails)
    .where(ownEmail(companyId, id))
    .for('update', { of: crmEmails });
  if (!row) throw notFound();
  if (row.status === 'sent') throw conflict(CONTENT_MESSAGES.emailAlreadySent);
  return row;
}

/**
 * Saves a draft: the draft `draftId` when given (its record must be the one named, if one is named),
 * else a new draft on the record `crmUniqueId`. Saving a draft writes no history.
 */
export async function saveDraft(
  tx: Tx,
  actor: Actor,
  target: { draftId?: number; crmUniqueId?: string },
  fields: DraftFields,
): Promise<{ id: number; created: boolean }> {
  if (target.draftId !== undefined) {
    const draft = await editableDraft(tx, actor.companyId, target.draftId);
    if (target.crmUniqueId) {
      const record = await recordByUniqueId(tx, actor.companyId, target.crmUniqueId);
      if (record.id !== draft.recordId) throw invalid({ crm_unique_id: [CONTENT_MESSAGES.emailOtherRecord] });
    }
    await tx
      .update(crmEmails)
      .set({ ...draftValues(fields), updatedAt: new Date() })
      .where(eq(crmEmails.id, draft.id));
    return { id: draft.id, created: false };
  }
  const record = await recordByUniqueId(tx, actor.companyId, target.crmUniqueId ?? '');
  const [created] = await tx
    .insert(crmEmails)
    .values({ companyId: actor.companyId, recordId: record.id, authorId: actor.userId, ...draftValues(fields) })
    .returning({ id: crmEmails.id });
  return { id: created.id, created: true };
}

/**
 * Takes a saved draft for sending, in the transaction that saved it: checks it has recipients and a
 * subject, and marks it sent so that nobody edits or sends it meanwhile.
 */
export async function claimForSending(tx: Tx, companyId: number, id: number) {
  const draft = await editableDraft(tx, companyId, id);
  const [email] = await selectEmails(tx).where(eq(crmEmails.id, draft.id));
  if (email.to.length === 0) throw invalid({ to: [CONTENT_MESSAGES.emailRecipientRequired] });
  if (!email.subject.trim()) throw invalid({ subject: [CONTENT_MESSAGES.emailSubjectRequired] });
  await tx.update(crmEmails).set({ status: 'sent', sentAt: new Date() }).where(eq(crmEmails.id, id));
  return { email, previous: draft.status as Exclude<EmailStatus, 'sent'> };
}
export type ClaimedEmail = Awaited<ReturnType<typeof claimForSending>>;

/**
 * Sends a claimed e-mail through the mailer: to and cc as one message. Delivered or kept in the
 * outbox, it is sent and its record's history says so; if SMTP refuses it, it is marked failed and
 * stays editable. The message goes out after the claiming transaction, never inside one.
 */
export async function deliverEmail(db: Db, mailer: Mailer, actor: Actor, claimed: ClaimedEmail): Promise<EmailStatus> {
  const { email, previous } = claimed;
  const id = email.id;
  // Answers go to the salesperson who wrote it, not to the platform's sender address.
  const sender = await findPerson(db, actor.userId);
  let delivery: Awaited<ReturnType<Mailer['send']>>;
  try {
    delivery = await mailer.send({
      to: email.to.join(', '),
      ...(email.cc.length ? { cc: email.cc.join(', ') } : {}),
      ...(sender ? { replyTo: sender.email } : {}),
      subject: email.subject,
      text: emailText(email.body),
      html: email.body,
    });
  } catch (error) {
    await db.update(crmEmails).set({ status: previous, sentAt: null }).where(eq(crmEmails.id, id));
    throw error;
  }
  const status: EmailStatus = delivery.status === 'failed' ? 'failed' : 'sent';
  await db.transaction(async (tx) => {
    await tx
      .update(crmEmails)
      .set({ status, outboxId: delivery.id, ...(status === 'failed' ? { sentAt: null } : {}) })
      .where(eq(crmEmails.id, id));
    if (status === 'sent') {
      await addTimeline(tx, {
        companyId: actor.companyId,
        recordId: email.recordId,
        kind: 'email_sent',
        action: 'sent',
        actorId: actor.userId,
        summary: CONTENT_TIMELINE.emailSent(email.subject, [...email.to, ...email.cc]),
        details: { email_id: id, to: email.to, cc: email.cc, outbox_id: delivery.id },
      });
    }
  });
  return status;
}

/**
 * A plain-text e-mail the platform sent for a record on someone's behalf (an automation's, through the mailer's
 * outbox): kept among the record's e-mails as the copy of what went out, with its line in the record's history.
 * `note` ends that line and `details` join its details (which rule sent it).
 */
export async function recordSentEmail(
  tx: Tx,
  actor: Actor,
  sent: { recordId: number; to: string[]; subject: string; text: string; outboxId: number },
  history: { note: string; details: Record<string, unknown> },
) {
  const [email] = await tx
    .insert(crmEmails)
    .values({
      companyId: actor.companyId,
      recordId: sent.recordId,
      authorId: actor.userId,
      status: 'sent',
      toAddresses: sent.to,
      subject: sent.subject,
      bodyHtml: textEmailHtml(sent.text),
      outboxId: sent.outboxId,
      sentAt: new Date(),
    })
    .returning({ id: crmEmails.id });
  await addTimeline(tx, {
    companyId: actor.companyId,
    recordId: sent.recordId,
    kind: 'email_sent',
    action: 'sent',
    actorId: actor.userId,
    summary: `${CONTENT_TIMELINE.emailSent(sent.subject, sent.to)}${history.note}`,
    details: { email_id: email.id, to: sent.to, outbox_id: sent.outboxId, ...history.details },
  });
  return email.id;
}

/** DELETE crm/emails/delete_myemails: the company's e-mails of these ids, drafts and sent. */
export async function deleteEmails(tx: Tx, companyId: number, ids: number[]) {
  const rows = await tx
    .delete(crmEmails)
    .where(and(eq(crmEmails.companyId, companyId), inArray(crmEmails.id, [...new Set(ids)])))
    .returning({ id: crmEmails.id });
  requireAllFound(
    ids,
    rows.map((row) => row.id),
  );
  return rows.length;
}

// ── whom to write to ──────────────────────────────────────────────────────────────────────────

type Source = { typeId: RecordTypeId; values: RecordValues; source: EmailRecipient['source'] };

/** The records whose addresses are offered: the record, and its contacts (an account's, a deal's, a lead's). */
async function recipientSources(tx: Tx, companyId: number, record: RecordRow): Promise<Source[]> {
  const own: Source = { typeId: record.typeId, values: record.values, source: 'record' };
  let contacts: { typeId: RecordTypeId; values: RecordValues }[] = [];
  if (record.typeId === CRM_TYPE.accounts) {
    contacts = await liveContacts(tx, companyId, { accountId: record.id });
  } else if (record.typeId === CRM_TYPE.deals) {
    const ids = Array.isArray(record.values.contacts) ? record.values.contacts.filter(Number.isSafeInteger) : [];
    contacts = ids.length ? await liveContacts(tx, companyId, { ids: ids as number[] }) : [];
  } else if (record.typeId === CRM_TYPE.leads && record.convertedContactId) {
    contacts = await liveContacts(tx, companyId, { ids: [record.convertedContactId] });
  }
  return [own, ...contacts.map((contact) => ({ ...contact, source: 'contact' as const }))];
}

/** GET crm/emails/recipients: e-mail values of the record and of its related contacts, each once. */
export async function suggestRecipients(crm: CrmHooks, tx: Tx, companyId: number, crmUniqueId: string) {
  const record = await recordByUniqueId(tx, companyId, crmUniqueId);
  const sources = await recipientSources(tx, companyId, record);
  const emailFields = new Map<RecordTypeId, string[]>();
  for (const typeId of new Set(sources.map((source) => source.typeId))) {
    const { formFields } = await loadFields(crm, tx, companyId, typeId);
    emailFields.set(
      typeId,
      formFields.filter((field) => field.fieldType === 'email').map((field) => field.name),
    );
  }
  const found = new Map<string, EmailRecipient>();
  for (const source of sources) {
    for (const name of emailFields.get(source.typeId) ?? []) {
      const value = source.values[name];
      if (typeof value !== 'string' || !value || found.has(value.toLowerCase())) continue;
      found.set(value.toLowerCase(), {
        email: value.toLowerCase(),
        name: recordTitle(source.typeId, source.values),
        source: source.source,
      });
    }
  }
  return [...found.values()];
}
