import { and, asc, eq, gt, gte, isNull, lte, ne, sql } from 'drizzle-orm';
import { CHAT_LIMITS, type ChatMessage } from '@tradeloop/contracts/chat';
import { findPeople } from '../accounts/public.ts';
import type { ChatContext } from './context.ts';
import { roomView, visibleTo } from './rooms.ts';
import { chatMembers, chatMessages, chatPendingEmails } from './tables.ts';
import { loadMessages } from './views.ts';

/**
 * Offline users get one e-mail per conversation after a quiet period, not one per message. The
 * schedule is a table (chat_pending_emails), so it survives restarts; a timer sends what is due.
 */

/** Schedules (or pushes back) the e-mail for recipients who were offline when a message arrived. */
export async function queueOfflineEmails(ctx: ChatContext, offline: number[], roomId: number, messageId: number) {
  if (offline.length === 0) return;
  const now = new Date();
  const dueAt = new Date(now.getTime() + CHAT_LIMITS.offlineQuietMs);
  await ctx.db
    .insert(chatPendingEmails)
    .values(offline.map((userId) => ({ userId, roomId, firstMessageId: messageId, firstAt: now, dueAt })))
    .onConflictDoUpdate({
      target: [chatPendingEmails.userId, chatPendingEmails.roomId],
      set: {
        messageCount: sql`${chatPendingEmails.messageCount} + 1`,
        dueAt: sql`least(${chatPendingEmails.firstAt} + ${`${CHAT_LIMITS.offlineMaxDelayMs} milliseconds`}::interval, ${dueAt.toISOString()}::timestamptz)`,
      },
    });
}

type Due = typeof chatPendingEmails.$inferSelect;

/** Takes the due rows off the schedule; several instances never take the same row. */
async function claimDue(ctx: ChatContext, now: Date): Promise<Due[]> {
  return ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(chatPendingEmails)
      .where(lte(chatPendingEmails.dueAt, now))
      .orderBy(asc(chatPendingEmails.dueAt))
      .limit(50)
      .for('update', { skipLocked: true });
    for (const row of rows) {
      await tx
        .delete(chatPendingEmails)
        .where(and(eq(chatPendingEmails.userId, row.userId), eq(chatPendingEmails.roomId, row.roomId)));
    }
    return rows;
  });
}

function describe(message: ChatMessage) {
  if (message.message) return message.message.length > 200 ? `${message.message.slice(0, 200)}…` : message.message;
  if (message.files.length > 0) return message.message_type === 'image' ? '[photo]' : `[${message.files[0].name}]`;
  return `[${message.message_type}]`;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

async function sendOne(ctx: ChatContext, due: Due) {
  const [recipient] = await findPeople(ctx.db, { ids: [due.userId], live: true });
  const [member] = recipient
    ? await ctx.db
        .select({ lastRead: chatMembers.lastReadMessageId })
        .from(chatMembers)
        .where(and(eq(chatMembers.roomId, due.roomId), eq(chatMembers.userId, due.userId), isNull(chatMembers.leftAt)))
    : [];
  if (!recipient || !member) return false;
  const unread = await loadMessages(ctx.db, recipient.id, {
    where: and(
      eq(chatMessages.roomId, due.roomId),
      gte(chatMessages.id, due.firstMessageId),
      gt(chatMessages.id, member.lastRead),
      ne(chatMessages.senderId, recipient.id),
      isNull(chatMessages.deletedAt),
      visibleTo(recipient.id),
    )!,
    order: [asc(chatMessages.id)],
  });
  // Read in the meantime (on another device, or after coming back): nothing to tell.
  if (unread.length === 0) return false;
  const room = await roomView(ctx.db, recipient, due.roomId);
  const link = `${ctx.config.publicUrl}/chat?room=${due.roomId}`;
  const shown = unread.slice(-5);
  const lines = shown.map((message) => `${message.sender_name}: ${describe(message)}`);
  const count = unread.length;
  const subject = `${count} new message${count === 1 ? '' : 's'} from ${room.name} on TradeLoop`;
  await ctx.mailer.send({
    to: recipient.email,
    subject,
    text: `Hello ${recipient.name},\n\nYou have ${count} unread message${count === 1 ? '' : 's'} in your conversation with ${room.name}:\n\n${lines.join('\n')}\n\nReply on TradeLoop: ${link}\n`,
    html: `<p>Hello ${escapeHtml(recipient.name)},</p><p>You have ${count} unread message${count === 1 ? '' : 's'} in your conversation with <strong>${escapeHtml(room.name)}</strong>:</p><ul>${shown
      .map(
        (message) => `<li><strong>${escapeHtml(message.sender_name)}</strong>: ${escapeHtml(describe(message))}</li>`,
      )
      .join('')}</ul><p><a href="${link}">Reply on TradeLoop</a></p>`,
  });
  return true;
}

/** Sends every e-mail that is due; answers how many went out. */
export async function flushOfflineEmails(ctx: ChatContext, now = new Date()) {
  const due = await claimDue(ctx, now);
  let sent = 0;
  for (const row of due) {
    try {
      if (await sendOne(ctx, row)) sent += 1;
    } catch (error) {
      ctx.log.warn({ err: error, userId: row.userId, roomId: row.roomId }, 'offline chat e-mail failed');
    }
  }
  return sent;
}
