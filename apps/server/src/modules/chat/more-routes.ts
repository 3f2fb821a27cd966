import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  broadcastingAuthBodySchema,
  broadcastingAuthResultSchema,
  callsPageSchema,
  callsQuerySchema,
  channelUserId,
  CHAT_MESSAGES,
  createGroupBodySchema,
  groupAdminBodySchema,
  groupMemberBodySchema,
  groupMembersBodySchema,
  rateSellerBodySchema,
  ratingSchema,
  renameGroupBodySchema,
  roomIdBodySchema,
  roomSchema,
  sellerRatingsSchema,
  transferBodySchema,
  translationBodySchema,
  translationResultSchema,
} from '@tradeloop/contracts/chat';
import { envelope } from '@tradeloop/contracts/common';
import { caller } from '../../platform/access.ts';
import { forbidden, invalid } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { listCalls } from './calls.ts';
import type { ChatContext } from './context.ts';
import {
  addMembers,
  createGroup,
  deleteGroup,
  leaveGroup,
  removeMember,
  renameGroup,
  setAdmin,
  setGroupAvatar,
} from './groups.ts';
import { readForm } from './multipart.ts';
import { rateSeller, sellerRatingSummary } from './ratings.ts';
import { channelSignature } from './socket.ts';
import { transferRoom } from './transfers.ts';
import { translate } from './translation.ts';

const tags = ['chat'];
const roomResponse = { 200: envelope(roomSchema) };
const TRANSLATION_LIMIT = { perMinute: 60, windowMs: 60_000 };

function bearerToken(request: FastifyRequest) {
  return request.headers.authorization?.slice('Bearer '.length).trim() ?? '';
}

/** Groups, hand-overs, calls, ratings, translation and channel authorisation. */
export async function moreChatRoutes(fastify: FastifyInstance, { context: ctx }: { context: ChatContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/chat/v1/groups',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Create a group (you become its admin)',
        body: createGroupBodySchema,
        response: roomResponse,
      },
    },
    async (request) => ok(await createGroup(ctx, caller(request), request.body), CHAT_MESSAGES.groupCreated),
  );

  app.post(
    '/chat/v1/groups/rename',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Rename a group (admins)', body: renameGroupBodySchema, response: roomResponse },
    },
    async (request) =>
      ok(await renameGroup(ctx, caller(request), request.body.room_id, request.body.name), CHAT_MESSAGES.groupUpdated),
  );

  app.post(
    '/chat/v1/groups/add-members',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Add members to a group (admins)',
        body: groupMembersBodySchema,
        response: roomResponse,
      },
    },
    async (request) =>
      ok(
        await addMembers(ctx, caller(request), request.body.room_id, request.body.user_ids),
        CHAT_MESSAGES.groupUpdated,
      ),
  );

  app.post(
    '/chat/v1/groups/remove-member',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Remove a member from a group (admins)',
        body: groupMemberBodySchema,
        response: { 200: envelope(roomSchema.nullable()) },
      },
    },
    async (request) =>
      ok(
        await removeMember(ctx, caller(request), request.body.room_id, request.body.user_id),
        CHAT_MESSAGES.groupUpdated,
      ),
  );

  app.post(
    '/chat/v1/groups/set-admin',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Make a member an admin, or not (admins)',
        body: groupAdminBodySchema,
        response: roomResponse,
      },
    },
    async (request) => {
      const { room_id, user_id, is_admin } = request.body;
      return ok(await setAdmin(ctx, caller(request), room_id, user_id, is_admin), CHAT_MESSAGES.groupUpdated);
    },
  );

  app.post(
    '/chat/v1/groups/leave',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Leave a group', body: roomIdBodySchema, response: { 200: envelope(z.null()) } },
    },
    async (request) => ok(await leaveGroup(ctx, caller(request), request.body.room_id), CHAT_MESSAGES.groupLeft),
  );

  app.post(
    '/chat/v1/groups/avatar',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Set a group picture (admins; form data: room_id, avatar as PNG or JPEG)',
        consumes: ['multipart/form-data'],
        response: roomResponse,
      },
    },
    async (request) => {
      const { fields, files } = await readForm(request);
      const roomId = Number(fields.room_id);
      if (!Number.isInteger(roomId) || roomId <= 0) throw invalid({ room_id: [CHAT_MESSAGES.notGroup] });
      if (files.length !== 1) throw invalid({ avatar: [CHAT_MESSAGES.imagesOnly] });
      return ok(await setGroupAvatar(ctx, caller(request), roomId, files[0]), CHAT_MESSAGES.groupUpdated);
    },
  );

  app.post(
    '/chat/v1/deleteGroup',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Delete a group for everyone (admins)',
        body: roomIdBodySchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deleteGroup(ctx, caller(request), request.body.room_id);
      return ok(null, CHAT_MESSAGES.groupDeleted);
    },
  );

  app.post(
    '/chat/v1/rooms/transfer',
    {
      config: { access: 'company' },
      schema: {
        tags,
        summary: 'Hand a conversation to a colleague, who continues it with the history',
        body: transferBodySchema,
        response: { 200: envelope(z.object({ chat_transfer_id: z.number().int(), room_id: z.number().int() })) },
      },
    },
    async (request) =>
      ok(
        await transferRoom(ctx, caller(request), request.body.room_id, request.body.user_id),
        CHAT_MESSAGES.transferred,
      ),
  );

  app.get(
    '/chat/v1/calls',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Call history with outcome and duration',
        querystring: callsQuerySchema,
        response: { 200: envelope(callsPageSchema) },
      },
    },
    async (request) => ok(await listCalls(ctx.db, caller(request), request.query.page)),
  );

  app.post(
    '/chat/v1/rate-seller',
    {
      config: { access: 'buyer' },
      schema: {
        tags,
        summary: 'Rate the seller of a conversation (one rating per seller, changeable)',
        body: rateSellerBodySchema,
        response: { 200: envelope(ratingSchema) },
      },
    },
    async (request) => ok(await rateSeller(ctx.db, caller(request), request.body), CHAT_MESSAGES.rated),
  );

  app.get(
    '/chat/v1/sellers/:companyId/ratings',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A seller company's ratings from buyers it talked with",
        params: z.object({ companyId: z.coerce.number().int().positive() }),
        response: { 200: envelope(sellerRatingsSchema) },
      },
    },
    async (request) => ok(await sellerRatingSummary(ctx.db, request.params.companyId)),
  );

  app.post(
    '/api/translation',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Translate text (or a message, cached) through the translation provider',
        body: translationBodySchema,
        response: { 200: translationResultSchema.extend({ status: z.literal(true), data: translationResultSchema }) },
      },
    },
    async (request) => {
      const viewer = caller(request);
      await fastify.rateLimiter.consume('translation', TRANSLATION_LIMIT.windowMs, [
        { key: `user:${viewer.id}`, limit: TRANSLATION_LIMIT.perMinute },
      ]);
      const { translatedText } = await translate(ctx, viewer, request.body);
      return { status: true as const, data: { translatedText }, translatedText };
    },
  );

  app.post(
    '/broadcasting/auth',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Authorise a socket on a private channel: only your own chat.{id}',
        body: broadcastingAuthBodySchema,
        response: { 200: broadcastingAuthResultSchema },
      },
    },
    async (request) => {
      const viewer = caller(request);
      if (channelUserId(request.body.channel_name) !== viewer.id) throw forbidden();
      return { auth: channelSignature(bearerToken(request), request.body.socket_id, request.body.channel_name) };
    },
  );
}
