import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { envelope } from '@tradeloop/contracts/common';
import { CONTENT_MESSAGES, countSchema } from '@tradeloop/contracts/crm/records';
import {
  crmEmailSchema,
  emailDeleteBodySchema,
  emailDraftParamsSchema,
  emailListQuerySchema,
  emailRecipientSchema,
  emailSaveBodySchema,
  emailShowQuerySchema,
  emailUpdateBodySchema,
} from '@tradeloop/contracts/crm/emails';
import { routes, withMessage } from '../../../platform/routes.ts';
import type { Actor } from '../records/content.ts';
import {
  claimForSending,
  deleteEmails,
  deliverEmail,
  listEmails,
  saveDraft,
  showEmail,
  suggestRecipients,
  type DraftFields,
} from './service.ts';
import { recordByUniqueId } from '../records/targets.ts';

const tags = ['crm e-mails'];
const path = '/crm/v1/crm/emails/create_emails';

/** E-mails of spec section 7: drafts saved as they are written, sending, the list and deletion. */
export function registerEmailRoutes(app: FastifyInstance) {
  const route = routes(app);

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
    if (draft.created) reply.code(201);
    return withMessage(email, message);
  }

  route.post(
    path,
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: 'Save an e-mail draft (updates draft `id` when given, else creates one); send: true sends it',
      body: emailSaveBodySchema,
      data: crmEmailSchema,
      response: { 201: envelope(crmEmailSchema) },
    },
    async ({ request, reply, member }) => {
      const { id, crm_unique_id: crmUniqueId, ...input } = request.body;
      return save(reply, member, { draftId: id, crmUniqueId }, input);
    },
  );

  route.put(
    `${path}/:draftId`,
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: 'Update e-mail draft {draftId}; send: true sends it',
      params: emailDraftParamsSchema,
      body: emailUpdateBodySchema,
      data: crmEmailSchema,
      response: { 201: envelope(crmEmailSchema) },
    },
    async ({ request, reply, member }) => {
      const { crm_unique_id: crmUniqueId, ...input } = request.body;
      return save(reply, member, { draftId: request.params.draftId, crmUniqueId }, input);
    },
  );

  route.get(
    path,
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: "A record's e-mails, drafts and sent, newest first",
      querystring: emailListQuerySchema,
      data: z.array(crmEmailSchema),
    },
    async ({ request, member }) => {
      const record = await recordByUniqueId(app.db, member.companyId, request.query.crm_unique_id);
      return listEmails(app.db, record.id);
    },
  );

  route.get(
    '/crm/v1/crm/emails/recipients',
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: "Addresses to write to: the record's e-mail fields and those of its contacts",
      querystring: emailListQuerySchema,
      data: z.array(emailRecipientSchema),
    },
    async ({ request, member }) => suggestRecipients(app.crm, app.db, member.companyId, request.query.crm_unique_id),
  );

  route.delete(
    '/crm/v1/crm/emails/delete_myemails',
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: "Delete e-mails (drafts or sent) of the caller's company by ids",
      body: emailDeleteBodySchema,
      data: countSchema,
    },
    async ({ request, member }) => {
      const count = await app.db.transaction((tx) => deleteEmails(tx, member.companyId, request.body.ids));
      return withMessage({ count }, CONTENT_MESSAGES.emailsDeleted(count));
    },
  );

  route.get(
    '/crm/v1/lead/activitiy_email/show',
    {
      access: 'company',
      permission: 'crm.work',
      tags,
      summary: 'One e-mail by id (the spec spells the path activitiy_email)',
      querystring: emailShowQuerySchema,
      data: crmEmailSchema,
    },
    async ({ request, member }) => showEmail(app.db, member.companyId, request.query.id),
  );
}
