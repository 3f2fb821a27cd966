import { z } from 'zod';
import { readSessionJson, writeSession } from '../../lib/storage.ts';

/**
 * A quote being configured by a visitor who must sign in or sign up to send it: kept in this tab's
 * session storage while they do, and given back to the modal when they return (issue 15).
 */
const draftSchema = z.object({
  selection: z.record(z.string(), z.string()),
  quantity: z.number().int().positive(),
  related: z.record(z.string(), z.number().int().positive()),
  similar: z.record(z.string(), z.number().int().positive()),
  neededBy: z.string().nullable(),
  priceTerm: z.string().nullable(),
  message: z.string(),
});
export type QuoteDraft = z.infer<typeof draftSchema>;

/** The product page's query parameter that opens the quote modal (set on the way back from sign-in). */
export const QUOTE_OPEN_PARAM = 'quote';
export const QUOTE_OPEN_VALUE = 'open';

const keyOf = (productId: number) => `quoteDraft:${productId}`;

export function saveQuoteDraft(productId: number, draft: QuoteDraft) {
  writeSession(keyOf(productId), JSON.stringify(draft));
}

export function readQuoteDraft(productId: number): QuoteDraft | null {
  return readSessionJson(keyOf(productId), draftSchema);
}

export function clearQuoteDraft(productId: number) {
  writeSession(keyOf(productId), null);
}

/** The page to come back to: this one, with the quote modal open. */
export function reopenPath(location: { pathname: string; search: string }) {
  const params = new URLSearchParams(location.search);
  params.set(QUOTE_OPEN_PARAM, QUOTE_OPEN_VALUE);
  return `${location.pathname}?${params.toString()}`;
}
