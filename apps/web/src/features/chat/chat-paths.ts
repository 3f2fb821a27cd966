import type { UserType } from '@tradeloop/contracts/auth';

/**
 * Where the chat window lives. Sub-users may open only CRM pages and a few public areas (spec
 * section 2), so theirs is under /crm/chat; everyone else's is /chat. Both render the same page.
 */
export const CHAT_PATH = '/chat';
export const CRM_CHAT_PATH = '/crm/chat';

export function chatPathFor(userType: UserType | null | undefined) {
  return userType === 'subuser' ? CRM_CHAT_PATH : CHAT_PATH;
}

/** A link that opens a conversation with a user or a seller company, optionally about a product. */
export function chatLink(
  target: { userId?: number; companyId?: number; productId?: number; productName?: string; productUrl?: string },
  userType?: UserType | null,
) {
  const params = new URLSearchParams();
  if (target.userId) params.set('to', String(target.userId));
  if (target.companyId) params.set('company', String(target.companyId));
  if (target.productId) params.set('product_id', String(target.productId));
  if (target.productName) params.set('product_name', target.productName);
  if (target.productUrl) params.set('product_url', target.productUrl);
  return `${chatPathFor(userType)}?${params.toString()}`;
}

/** Spec section 9: file sizes in bytes, KB (1024) and MB (1048576). */
export function fileSize(bytes: number) {
  if (bytes >= 1_048_576) return `${(bytes / 1_048_576).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
