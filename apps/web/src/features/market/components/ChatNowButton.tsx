import { Button, type ButtonProps } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session.ts';
import { PlainButtonLink } from '../../../lib/plain-mantine.tsx';
import { chatLink } from '../../chat/chat-paths.ts';

type ChatTarget = {
  /** The seller's company, and its owner when known (the room opens with that person). */
  companyId: number;
  sellerUserId: number | null;
  product: { id: number; title: string; url: string };
};

type ChatNowProps = ChatTarget & { label?: string } & Pick<ButtonProps, 'size' | 'variant' | 'fullWidth' | 'className'>;

/** Where Chat now leads the signed-in or anonymous visitor; null for the seller's own company. */
function useChatNowLink({ companyId, sellerUserId, product }: ChatTarget): string | null {
  const { user } = useSession();
  if (user?.company_id === companyId) return null;
  return chatLink(
    {
      userId: sellerUserId ?? undefined,
      companyId: sellerUserId ? undefined : companyId,
      productId: product.id,
      productName: product.title,
      productUrl: product.url,
    },
    user?.user_type,
  );
}

/**
 * "Chat now" on a product's page and cards: opens or resumes the conversation with its seller about
 * that product (decision 035). A seller never sees it on the company's own products.
 */
export function ChatNowButton({ companyId, sellerUserId, product, label, ...button }: ChatNowProps) {
  const to = useChatNowLink({ companyId, sellerUserId, product });
  if (!to) return null;
  return (
    <Button
      component={Link}
      to={to}
      leftSection={<IconMessageCircle size={16} aria-hidden />}
      aria-label={label}
      data-track="chat-now"
      {...button}
    >
      Chat now
    </Button>
  );
}

/** Chat now as a card's small light button, in Mantine's markup without its hooks (lib/plain-mantine.tsx). */
export function CardChatNowButton({ label, block, ...target }: ChatTarget & { label: string; block: boolean }) {
  const to = useChatNowLink(target);
  if (!to) return null;
  return (
    <PlainButtonLink
      to={to}
      label={label}
      track="chat-now"
      className="mk-above"
      icon={<IconMessageCircle size={16} aria-hidden />}
      block={block}
    >
      Chat now
    </PlainButtonLink>
  );
}
