import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@tradeloop/contracts/common';
import {
  CONTENT_MESSAGES,
  countSchema,
  crmEmailSchema,
  emailDeleteBodySchema,
  emailDraftParamsSchema,
  emailListQuerySchema,
  emailRecipientSchema,
  emailSaveBodySchema,
  emailShowQuerySchema,
  emailUpdateBodySchema,
} from '@tradeloop/contracts/crm-content';
import { companyMember } from '../../platform/access.ts';
import { ok } from '../../platform/http.ts';
import type { Actor } from './content-records.ts';
import {
  claimForSending,
  deleteEmails,
  deliverEmail,
  listEmails,
  saveDraft,
  showEmail,
  suggestRecipients,
  type DraftFields,
} from './emails-service.ts';
import { recordByUniqueId } from './records.ts';

const tags = ['crm e-mails'];
const config = { access: 'company' as const };
const path = '/crm/v1/crm/emails/create_emails';
const savedResponse = { 200: envelope(crmEmailSchema), 201: envelope(crmEmailSchema) };

/** E-mails of spec section 7: drafts saved as they are written, sending, the list and deletion. */
export function registerEmailRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** Saves the draft, sends it when asked; 201 when a draft was created, 200 when one was updated. */
  async function save(
    reply: FastifyReply,
    actor: Actor,
    target: { draftId?: number; crmUniqueId?: string },
    input: DraftFields & { send: boolean },
  ) {
    const { send, ...fields } = input;
    // A draft that cannot be sent (no recipient, no subject) is not saved by the failed send either.
    const { draft, claimed } = await app.db.transaction(async (tx) => {
      const saved = await saveDraft(tx, actor, target, fields);
      return { draft: saved, claimed: send ? await claimForSending(tx, actor.companyId, saved.id) : null };
    });
    const status = claimed ? await deliverEmail(app.db, app.mailer, actor, claimed) : 'draft';
    const message = !send
      ? CONTENT_MESSAGES.draftSaved
      : status === 'sent'
        ? CONTENT_MESSAGES.emailSent
        : CONTENT_MESSAGES.emailFailed;
    const email = await showEmail(app.db, actor.companyId, draft.id);
    return reply.code(draft.created ? 201 : 200).send(ok(email, message));
  }

  api.post(
    path,
    {
      config,
      schema: {
        tags,
        summary: 'Save an e-mail draft (updates draft `id` when given, else creates one); send: true sends it',
        body: emailSaveBodySchema,
        response: savedResponse,
      },
    },
    async (request, reply) => {
      const { id, crm_unique_id: crmUniqueId, ...input } = request.body;
      return save(reply, companyMember(request), { draftId: id, crmUniqueId }, input);
    },
  );

  api.put(
    `${path}/:draftId`,
    {
      config,
      schema: {
        tags,
        summary: 'Update e-mail draft {draftId}; send: true sends it',
        params: emailDraftParamsSchema,
        body: emailUpdateBodySchema,
        response: savedResponse,
      },
    },
    async (request, reply) => {
      const { crm_unique_id: crmUniqueId, ...input } = request.body;
      return save(reply, companyMember(request), { draftId: request.params.draftId, crmUniqueId }, input);
    },
  );

  api.get(
    path,
    {
      config,
      schema: {
        tags,
        summary: "A record's e-mails, drafts and sent, newest first",
        querystring: emailListQuerySchema,
        response: { 200: envelope(z.array(crmEmailSchema)) },
      },
    },
    async (request) => {
      const record = await recordByUniqueId(app.db, companyMember(request).companyId, request.query.crm_unique_id);
      return ok(await listEmails(app.db, record.id));
    },
  );

  api.get(
    '/crm/v1/crm/emails/recipients',
    {
      config,
      schema: {
        tags,
        summary: "Addresses to write to: the record's e-mail fields and those of its contacts",
        querystring: emailListQuerySchema,
        response: { 200: envelope(z.array(emailRecipientSchema)) },
      },
    },
    async (request) =>
      ok(await suggestRecipients(app.db, companyMember(request).companyId, request.query.crm_unique_id)),
  );

  api.delete(
    '/crm/v1/crm/emails/delete_myemails',
    {
      config,
      schema: {
        tags,
        summary: "Delete e-mails (drafts or sent) of the caller's company by ids",
        body: emailDeleteBodySchema,
        response: { 200: envelope(countSchema) },
      },
    },
    async (request) => {
      const count = await deleteEmails(app.db, companyMember(request).companyId, request.body.ids);
      return ok({ count }, CONTENT_MESSAGES.emailsDeleted(count));
    },
  );

  api.get(
    '/crm/v1/lead/activitiy_email/show',
    {
      config,
      schema: {
        tags,
        summary: 'One e-mail by id (the spec spells the path activitiy_email)',
        querystring: emailShowQuerySchema,
        response: { 200: envelope(crmEmailSchema) },
      },
    },
    async (request) => ok(await showEmail(app.db, companyMember(request).companyId, request.query.id)),
  );
}
