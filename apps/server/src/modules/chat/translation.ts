import { and, eq } from 'drizzle-orm';
import { CHAT_MESSAGES } from '@tradeloop/contracts/chat';
import { AppError } from '../../platform/errors.ts';
import type { ChatContext } from './context.ts';
import { activeMembership, visibleTo, type Viewer } from './rooms.ts';
import { chatMessages, chatTranslations } from './tables.ts';

/**
 * POST /api/translation through a LibreTranslate-compatible provider (TRANSLATE_URL). Without one the
 * endpoint answers 503; a provider failure answers 502. Translations of messages are cached per language.
 */

const PROVIDER_TIMEOUT_MS = 10_000;

/** Calls the provider's POST /translate; any failure is a 502 with a clear message. */
export async function callProvider(baseUrl: string, text: string, target: string): Promise<string> {
  const url = new URL('translate', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  const apiKey = url.searchParams.get('api_key');
  url.search = '';
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ q: text, source: 'auto', target, format: 'text', ...(apiKey ? { api_key: apiKey } : {}) }),
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  } catch {
    throw new AppError(502, CHAT_MESSAGES.translationProviderFailed);
  }
  const body = (await response.json().catch(() => null)) as { translatedText?: unknown } | null;
  if (!response.ok || typeof body?.translatedText !== 'string') {
    throw new AppError(502, CHAT_MESSAGES.translationProviderFailed);
  }
  return body.translatedText;
}

async function readableMessage(ctx: ChatContext, viewer: Viewer, messageId: number) {
  const [message] = await ctx.db
    .select({ id: chatMessages.id, roomId: chatMessages.roomId, body: chatMessages.body })
    .from(chatMessages)
    .where(and(eq(chatMessages.id, messageId), visibleTo(viewer.id)))
    .limit(1);
  if (!message) return null;
  await activeMembership(ctx.db, message.roomId, viewer.id);
  return message;
}

export async function translate(
  ctx: ChatContext,
  viewer: Viewer,
  body: { text: string; to: string; message_id?: number },
) {
  const baseUrl = ctx.config.translateUrl;
  if (!baseUrl) throw new AppError(503, CHAT_MESSAGES.translationUnavailable);
  const language = body.to.toLowerCase();
  const message = body.message_id ? await readableMessage(ctx, viewer, body.message_id) : null;
  // A message's own stored text is translated, never what the client claims it says.
  const text = message?.body || body.text;
  if (message) {
    const [cached] = await ctx.db
      .select()
      .from(chatTranslations)
      .where(and(eq(chatTranslations.messageId, message.id), eq(chatTranslations.language, language)));
    if (cached && cached.sourceText === text) return { translatedText: cached.translatedText };
  }
  const translatedText = await callProvider(baseUrl, text, language);
  if (message) {
    await ctx.db
      .insert(chatTranslations)
      .values({ messageId: message.id, language, sourceText: text, translatedText })
      .onConflictDoUpdate({
        target: [chatTranslations.messageId, chatTranslations.language],
        set: { sourceText: text, translatedText, createdAt: new Date() },
      });
  }
  return { translatedText };
}
