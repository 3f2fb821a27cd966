import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
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
        <Indicator
          label={unread > 99 ? '99+' : unread}
          size={18}
          color="red"
          offset={6}
          disabled={unread === 0}
          data-testid="chat-unread-badge"
        >
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
        </Indicator>
      </Tooltip>
      <CallWindow />
    </>
  );
}
