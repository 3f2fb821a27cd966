import { Button, type ButtonProps } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session.ts';
import { chatLink } from '../../chat/chat-paths.ts';

type ChatNowProps = {
  /** The seller's company, and its owner when known (the room opens with that person). */
  companyId: number;
  sellerUserId: number | null;
  product: { id: number; title: string; url: string };
  label?: string;
} & Pick<ButtonProps, 'size' | 'variant' | 'fullWidth' | 'className'>;

/**
 * "Chat now" on a product's page and cards: opens or resumes the conversation with its seller about
 * that product (decision 035). A seller never sees it on the company's own products.
 */
export function ChatNowButton({ companyId, sellerUserId, product, label, ...button }: ChatNowProps) {
  const { user } = useSession();
  if (user?.company_id === companyId) return null;
  const to = chatLink(
    {
      userId: sellerUserId ?? undefined,
      companyId: sellerUserId ? undefined : companyId,
      productId: product.id,
      productName: product.title,
      productUrl: product.url,
    },
    user?.user_type,
  );
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
