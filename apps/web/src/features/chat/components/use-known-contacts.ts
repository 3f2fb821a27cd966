import type { Contact } from '@tradeloop/contracts/chat';
import { useRooms } from '../api/queries.ts';

/** People the user has direct conversations with: whom a group can be made with. */
export function useKnownContacts(): Contact[] {
  const { data } = useRooms('chats', '');
  const contacts = (data?.data ?? []).flatMap((room) => (room.other_user ? [room.other_user] : []));
  return contacts.filter((contact, index) => contacts.findIndex((other) => other.id === contact.id) === index);
}
