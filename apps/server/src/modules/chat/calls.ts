import { and, count, desc, eq, inArray, lt, or } from 'drizzle-orm';
import { CHAT_LIMITS, CHAT_MESSAGES, type Call, type CallSignal, type CallStatus } from '@tradeloop/contracts/chat';
import type { Tx } from '../../db/client.ts';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { ChatContext } from './context.ts';
import { postSystemMessage, publishStored } from './messages.ts';
import { activeMemberIds, activeMembership, hasBlocked, type Viewer } from './rooms.ts';
import { chatCalls } from './tables.ts';
import { callDuration, loadContacts } from './views.ts';

/**
 * One-to-one calls over WebRTC. The server only relays signalling (ring, accept, decline, offer,
 * answer, candidates, hang up) between the two people's channels and keeps the call history.
 */

type CallRow = typeof chatCalls.$inferSelect;
const LIVE: CallStatus[] = ['ringing', 'ongoing'];

function toCall(row: CallRow, viewerId: number, other: Call['other_user']): Call {
  return {
    id: row.id,
    room_id: row.roomId,
    media: row.media,
    status: row.status,
    direction: row.callerId === viewerId ? 'outgoing' : 'incoming',
    other_user: other,
    started_at: row.startedAt.toISOString(),
    answered_at: row.answeredAt?.toISOString() ?? null,
    ended_at: row.endedAt?.toISOString() ?? null,
    duration_seconds: callDuration(row),
  };
}

async function liveCall(db: Tx, viewerId: number, callId: number) {
  const [row] = await db
    .select()
    .from(chatCalls)
    .where(and(eq(chatCalls.id, callId), or(eq(chatCalls.callerId, viewerId), eq(chatCalls.calleeId, viewerId))))
    .limit(1);
  if (!row) throw notFound(CHAT_MESSAGES.callNotFound);
  if (!LIVE.includes(row.status)) throw new AppError(409, CHAT_MESSAGES.callNotFound);
  return row;
}

const otherParty = (row: CallRow, userId: number) => (row.callerId === userId ? row.calleeId : row.callerId);

export async function startCall(ctx: ChatContext, caller: Viewer, roomId: number, media: 'audio' | 'video') {
  const { room } = await activeMembership(ctx.db, roomId, caller.id);
  const others = (await activeMemberIds(ctx.db, roomId)).filter((id) => id !== caller.id);
  if (room.type !== 'direct' || others.length !== 1) throw forbidden();
  const calleeId = others[0];
  if ((await hasBlocked(ctx.db, caller.id, calleeId)) || (await hasBlocked(ctx.db, calleeId, caller.id))) {
    throw forbidden();
  }
  const [busy] = await ctx.db
    .select({ id: chatCalls.id })
    .from(chatCalls)
    .where(and(eq(chatCalls.roomId, roomId), inArray(chatCalls.status, LIVE)))
    .limit(1);
  if (busy) throw conflict(CHAT_MESSAGES.callBusy);
  const [row] = await ctx.db
    .insert(chatCalls)
    .values({ roomId, callerId: caller.id, calleeId, media, status: 'ringing' })
    .returning();
  const contacts = await loadContacts(ctx.db, [caller.id, calleeId]);
  ctx.realtime.toUsers([calleeId], 'call.ring', {
    call: toCall(row, calleeId, contacts.get(caller.id)!),
    from: contacts.get(caller.id),
  });
  const timer = setTimeout(() => {
    missUnanswered(ctx, row.id).catch((error) => ctx.log.warn({ err: error }, 'could not expire a call'));
  }, ctx.config.callRingTimeoutMs);
  timer.unref();
  return toCall(row, caller.id, contacts.get(calleeId)!);
}

export async function acceptCall(ctx: ChatContext, viewer: Viewer, callId: number) {
  const call = await liveCall(ctx.db, viewer.id, callId);
  if (call.calleeId !== viewer.id || call.status !== 'ringing') throw new AppError(409, CHAT_MESSAGES.callNotFound);
  const [updated] = await ctx.db
    .update(chatCalls)
    .set({ status: 'ongoing', answeredAt: new Date() })
    .where(and(eq(chatCalls.id, callId), eq(chatCalls.status, 'ringing')))
    .returning();
  if (!updated) throw new AppError(409, CHAT_MESSAGES.callNotFound);
  ctx.realtime.toUsers([call.callerId, call.calleeId], 'call.accepted', { call_id: callId, by: viewer.id });
  return { call_id: callId };
}

export async function declineCall(ctx: ChatContext, viewer: Viewer, callId: number) {
  const call = await liveCall(ctx.db, viewer.id, callId);
  if (call.calleeId !== viewer.id) throw forbidden();
  await finishCall(ctx, callId, 'declined', viewer.id);
  return { call_id: callId };
}

/** Hanging up ends a call in progress; before it is answered, the caller's hang-up makes it missed. */
export async function hangUp(ctx: ChatContext, viewer: Viewer, callId: number) {
  const call = await liveCall(ctx.db, viewer.id, callId);
  const status: CallStatus = call.status === 'ongoing' ? 'ended' : call.callerId === viewer.id ? 'missed' : 'declined';
  await finishCall(ctx, callId, status, viewer.id);
  return { call_id: callId };
}

const CALL_TEXT: Record<string, string> = {
  ended: 'call',
  missed: 'Missed call',
  declined: 'Declined call',
  cancelled: 'Cancelled call',
};

/** A call nobody answered in time is missed; one that was answered in time goes on. */
const missUnanswered = (ctx: ChatContext, callId: number) => finishCall(ctx, callId, 'missed', null, ['ringing']);

/**
 * Ends a call once, if it is in one of the `from` statuses (whoever comes second changes nothing), and notes it
 * in the conversation.
 */
export async function finishCall(
  ctx: ChatContext,
  callId: number,
  status: CallStatus,
  by: number | null,
  from: CallStatus[] = LIVE,
) {
  const outcome = await ctx.db.transaction(async (tx) => {
    const [ended] = await tx
      .update(chatCalls)
      .set({ status, endedAt: new Date() })
      .where(and(eq(chatCalls.id, callId), inArray(chatCalls.status, from)))
      .returning();
    if (!ended) return null;
    const media = ended.media === 'video' ? 'Video' : 'Audio';
    const text = status === 'ended' ? `${media} call` : `${CALL_TEXT[status]} (${media.toLowerCase()})`;
    const messageId = await postSystemMessage(tx, ended.roomId, ended.callerId, text, { type: 'call', callId });
    return { ended, messageId };
  });
  if (!outcome) return;
  const { ended, messageId } = outcome;
  ctx.realtime.toUsers([ended.callerId, ended.calleeId], 'call.ended', { call_id: callId, by, status });
  await publishStored(ctx, ended.roomId, messageId, ended.callerId);
}

export async function relaySignal(ctx: ChatContext, viewer: Viewer, callId: number, data: CallSignal) {
  const call = await liveCall(ctx.db, viewer.id, callId);
  ctx.realtime.toUsers([otherParty(call, viewer.id)], 'call.signal', { call_id: callId, from: viewer.id, data });
  return { call_id: callId };
}

/** Calls still ringing past the timeout (say, after a restart) become missed. */
export async function expireStaleCalls(ctx: ChatContext, now = new Date()) {
  const stale = await ctx.db
    .select({ id: chatCalls.id })
    .from(chatCalls)
    .where(
      and(
        eq(chatCalls.status, 'ringing'),
        lt(chatCalls.startedAt, new Date(now.getTime() - ctx.config.callRingTimeoutMs)),
      ),
    );
  for (const call of stale) await missUnanswered(ctx, call.id);
}

/** The calls tab: the viewer's calls, newest first, with the other person, outcome and duration. */
export async function listCalls(db: Tx, viewer: Viewer, page: number) {
  const perPage = CHAT_LIMITS.callsPageSize;
  const mine = or(eq(chatCalls.callerId, viewer.id), eq(chatCalls.calleeId, viewer.id));
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(chatCalls).where(mine),
    db
      .select()
      .from(chatCalls)
      .where(mine)
      .orderBy(desc(chatCalls.startedAt), desc(chatCalls.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
  ]);
  const contacts = await loadContacts(
    db,
    rows.map((row) => otherParty(row, viewer.id)),
  );
  return {
    data: rows.flatMap((row) => {
      const other = contacts.get(otherParty(row, viewer.id));
      return other ? [toCall(row, viewer.id, other)] : [];
    }),
    currentPage: page,
    lastPage: Math.max(1, Math.ceil(total / perPage)),
    perPage,
    total,
  };
}
