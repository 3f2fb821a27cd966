import { z } from 'zod';
import { readSessionJson, writeSession } from '../../lib/storage.ts';

/**
 * A buying request typed by a visitor who must sign in or sign up to post it: kept in this tab's
 * session storage while they do, and given back to the form when they return (as the quote modal's draft).
 * Attachments cannot be kept (a browser does not let a page store chosen files): they are chosen again.
 */
const draftSchema = z.object({
  category_id: z.string(),
  product_keyword: z.string(),
  quantity: z.string(),
  unit_id: z.string(),
  target_price: z.string(),
  currency_id: z.string(),
  country_code: z.string(),
  port: z.string(),
  required_by: z.string(),
  requirements: z.string(),
});
export type BuyingRequestDraft = z.infer<typeof draftSchema>;

const KEY = 'buyingRequestDraft';

export function saveDraft(draft: BuyingRequestDraft) {
  writeSession(KEY, JSON.stringify(draft));
}

export function readDraft(): BuyingRequestDraft | null {
  return readSessionJson(KEY, draftSchema);
}

export function clearDraft() {
  writeSession(KEY, null);
}
