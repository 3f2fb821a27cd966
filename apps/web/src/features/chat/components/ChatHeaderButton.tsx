import { ActionIcon, Tooltip } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { UnreadIndicator } from '../../../components/UnreadIndicator.tsx';
import { useSession } from '../../../lib/session.ts';
import { useUnreadCounts } from '../api/queries.ts';
import { CallWindow } from '../calls/CallWindow.tsx';
import { chatPathFor } from '../chat-paths.ts';
import { useChatRealtime } from '../realtime/use-chat-realtime.ts';

/**
 * The header's chat entry: unread badge (not archived, plus new requests), the live connection that
 * keeps it current, and the call window, so a call rings on any page.
 */
export function ChatHeaderButton() {
  const { user } = useSession();
  useChatRealtime();
  const { data } = useUnreadCounts();
  // Unread messages of rooms that are not archived, new requests included (spec section 4).
  const unread = data?.unread_count ?? 0;
  const label = unread > 0 ? `Messages, ${unread} unread` : 'Messages';
  return (
    <>
      <Tooltip label="Messages">
        <UnreadIndicator count={unread} testId="chat-unread-badge">
          <ActionIcon
            component={Link}
            to={chatPathFor(user?.user_type)}
            variant="subtle"
            size="lg"
            radius="xl"
            aria-label={label}
          >
            <IconMessageCircle size={22} />
          </ActionIcon>
        </UnreadIndicator>
      </Tooltip>
      <CallWindow />
    </>
  );
}
