import type { FastifyInstance, FastifyRequest } from 'fastify';
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
  renameGroupBodySchema,
  roomIdBodySchema,
  roomSchema,
  transferBodySchema,
  translationBodySchema,
  translationResultSchema,
} from '@tradeloop/contracts/chat';
import { forbidden, invalid } from '../../platform/errors.ts';
import { routes, withMessage } from '../../platform/routes.ts';
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
import { channelSignature } from './socket.ts';
import { transferRoom } from './transfers.ts';
import { translate } from './translation.ts';

const tags = ['chat'];
const TRANSLATION_LIMIT = { perMinute: 60, windowMs: 60_000 };

function bearerToken(request: FastifyRequest) {
  return request.headers.authorization?.slice('Bearer '.length).trim() ?? '';
}

/** Groups, hand-overs, calls, translation and channel authorisation (ratings are reviews now: modules/reviews). */
export async function moreChatRoutes(fastify: FastifyInstance, { context: ctx }: { context: ChatContext }) {
  const route = routes(fastify);

  route.post(
    '/chat/v1/groups',
    {
      access: 'user',
      permission: 'chat',
      tags,
      summary: 'Create a group (you become its admin)',
      body: createGroupBodySchema,
      data: roomSchema,
    },
    async ({ request, user }) => withMessage(await createGroup(ctx, user, request.body), CHAT_MESSAGES.groupCreated),
  );

  route.post(
    '/chat/v1/groups/rename',
    {
      access: 'user',
      permission: 'chat',
      tags,
      summary: 'Rename a group (admins)',
      body: renameGroupBodySchema,
      data: roomSchema,
    },
    async ({ request, user }) =>
      withMessage(await renameGroup(ctx, user, request.body.room_id, request.body.name), CHAT_MESSAGES.groupUpdated),
  );

  route.post(
    '/chat/v1/groups/add-members',
    {
      access: 'user',
      permission: 'chat',
      tags,
      summary: 'Add members to a group (admins)',
      body: groupMembersBodySchema,
      data: roomSchema,
    },
    async ({ request, user }) =>
      withMessage(await addMembers(ctx, user, request.body.room_id, request.body.user_ids), CHAT_MESSAGES.groupUpdated),
  );

  route.post(
    '/chat/v1/groups/remove-member',
    {
      access: 'user',
      permission: 'chat',
      tags,
      summary: 'Remove a member from a group (admins)',
      body: groupMemberBodySchema,
      data: roomSchema.nullable(),
    },
    async ({ request, user }) =>
      withMessage(
        await removeMember(ctx, user, request.body.room_id, request.body.user_id),
        CHAT_MESSAGES.groupUpdated,
      ),
  );

  route.post(
    '/chat/v1/groups/set-admin',
    {
      access: 'user',
      permission: 'chat',
      tags,
      summary: 'Make a member an admin, or not (admins)',
      body: groupAdminBodySchema,
      data: roomSchema,
    },
    async ({ request, user }) => {
      const { room_id, user_id, is_admin } = request.body;
      return withMessage(await setAdmin(ctx, user, room_id, user_id, is_admin), CHAT_MESSAGES.groupUpdated);
    },
  );

  route.post(
    '/chat/v1/groups/leave',
    { access: 'user', permission: 'chat', tags, summary: 'Leave a group', body: roomIdBodySchema, data: z.null() },
    async ({ request, user }) =>
      withMessage(await leaveGroup(ctx, user, request.body.room_id), CHAT_MESSAGES.groupLeft),
  );

  route.post(
    '/chat/v1/groups/avatar',
    {
      access: 'user',
      permission: 'chat',
      tags,
      summary: 'Set a group picture (admins; form data: room_id, avatar as PNG or JPEG)',
      consumes: ['multipart/form-data'],
      data: roomSchema,
    },
    async ({ request, user }) => {
      const { fields, files } = await readForm(request);
      const roomId = Number(fields.room_id);
      if (!Number.isInteger(roomId) || roomId <= 0) throw invalid({ room_id: [CHAT_MESSAGES.notGroup] });
      if (files.length !== 1) throw invalid({ avatar: [CHAT_MESSAGES.imagesOnly] });
      return withMessage(await setGroupAvatar(ctx, user, roomId, files[0]), CHAT_MESSAGES.groupUpdated);
    },
  );

  route.post(
    '/chat/v1/deleteGroup',
    {
      access: 'user',
      permission: 'chat',
      tags,
      summary: 'Delete a group for everyone (admins)',
      body: roomIdBodySchema,
      data: z.null(),
    },
    async ({ request, user }) => {
      await deleteGroup(ctx, user, request.body.room_id);
      return withMessage(null, CHAT_MESSAGES.groupDeleted);
    },
  );

  route.post(
    '/chat/v1/rooms/transfer',
    {
      access: 'company',
      permission: 'chat',
      tags,
      summary: 'Hand a conversation to a colleague, who continues it with the history',
      body: transferBodySchema,
      data: z.object({ chat_transfer_id: z.number().int(), room_id: z.number().int() }),
    },
    async ({ request, user }) =>
      withMessage(await transferRoom(ctx, user, request.body.room_id, request.body.user_id), CHAT_MESSAGES.transferred),
  );

  route.get(
    '/chat/v1/calls',
    {
      access: 'user',
      permission: 'chat',
      tags,
      summary: 'Call history with outcome and duration',
      querystring: callsQuerySchema,
      data: callsPageSchema,
    },
    async ({ request, user }) => listCalls(ctx.db, user, request.query.page),
  );

  route.post(
    '/api/translation',
    {
      access: 'user',
      permission: 'chat',
      tags,
      summary: 'Translate text (or a message, cached) through the translation provider',
      body: translationBodySchema,
      response: { 200: translationResultSchema.extend({ status: z.literal(true), data: translationResultSchema }) },
    },
    async ({ request, user: viewer }) => {
      await fastify.rateLimiter.consume('translation', TRANSLATION_LIMIT.windowMs, [
        { key: `user:${viewer.id}`, limit: TRANSLATION_LIMIT.perMinute },
      ]);
      const { translatedText } = await translate(ctx, viewer, request.body);
      return { status: true as const, data: { translatedText }, translatedText };
    },
  );

  route.post(
    '/broadcasting/auth',
    {
      access: 'user',
      permission: 'chat',
      tags,
      summary: 'Authorise a socket on a private channel: only your own chat.{id}',
      body: broadcastingAuthBodySchema,
      response: { 200: broadcastingAuthResultSchema },
    },
    async ({ request, user: viewer }) => {
      if (channelUserId(request.body.channel_name) !== viewer.id) throw forbidden();
      return { auth: channelSignature(bearerToken(request), request.body.socket_id, request.body.channel_name) };
    },
  );
}
