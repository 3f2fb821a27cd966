import { ChatHeaderButton } from '../../features/chat/components/ChatHeaderButton.tsx';
import { NotificationBell } from '../../features/notifications/components/NotificationBell.tsx';

/**
 * The header's chat and notification buttons: signed-in only, so their code (Socket.IO, calls,
 * notification lists) loads only for a signed-in user, never with a public page.
 */
export function SignedInTools() {
  return (
    <>
      <ChatHeaderButton />
      <NotificationBell />
    </>
  );
}
