import { eq } from 'drizzle-orm';
import { DEMO_ACCOUNTS } from '@tradeloop/contracts/demo';
import type { Tx } from '../../db/client.ts';
import { findPeople } from '../accounts/public.ts';
import { productNamed } from '../catalog/public.ts';
import { directKey } from './rooms.ts';
import { chatMembers, chatMessages, chatRooms } from './tables.ts';

/**
 * Demo conversations: buyers asking the demo seller and another seller about products, and a group
 * with the demo seller's sub-user. Everything is read, so the demo seller starts with no unread badge.
 */

const JAMES = 'james.miller@buyer.tradeloop.test';
const LUKAS = 'lukas.schneider@buyer.tradeloop.test';
const NINGBO = 'ningbo.haitian.hydraulics@seller.tradeloop.test';

type Line = [sender: number, text: string, minutesAgo: number];

async function conversation(
  tx: Tx,
  room: { type: 'direct' | 'group'; name?: string; product?: { id: number; name: string } },
  members: { id: number; role?: 'admin' | 'member' }[],
  lines: Line[],
) {
  const last = lines.at(-1)!;
  const [created] = await tx
    .insert(chatRooms)
    .values({
      type: room.type,
      name: room.name ?? null,
      directKey: room.type === 'direct' ? directKey(members[0].id, members[1].id) : null,
      createdBy: members[0].id,
      productId: room.product?.id ?? null,
      productName: room.product?.name ?? null,
      createdAt: new Date(Date.now() - lines[0][2] * 60_000),
    })
    .returning({ id: chatRooms.id });
  let lastId = 0;
  for (const [senderId, body, minutesAgo] of lines) {
    const [message] = await tx
      .insert(chatMessages)
      .values({
        roomId: created.id,
        senderId,
        body,
        messageType: 'text',
        createdAt: new Date(Date.now() - minutesAgo * 60_000),
        updatedAt: new Date(Date.now() - minutesAgo * 60_000),
      })
      .returning({ id: chatMessages.id });
    lastId = message.id;
  }
  await tx
    .update(chatRooms)
    .set({ lastMessageId: lastId, lastMessageAt: new Date(Date.now() - last[2] * 60_000) })
    .where(eq(chatRooms.id, created.id));
  await tx.insert(chatMembers).values(
    members.map((member) => ({
      roomId: created.id,
      userId: member.id,
      role: member.role ?? ('member' as const),
      lastReadMessageId: lastId,
      lastDeliveredMessageId: lastId,
    })),
  );
  return created.id;
}

export async function loadChatDemoData(tx: Tx) {
  const emails = [DEMO_ACCOUNTS.seller, DEMO_ACCOUNTS.subuser, DEMO_ACCOUNTS.buyer, JAMES, LUKAS, NINGBO];
  const rows = await findPeople(tx, { emails });
  const byEmail = new Map(rows.map((row) => [row.email, row]));
  const seller = byEmail.get(DEMO_ACCOUNTS.seller);
  const subuser = byEmail.get(DEMO_ACCOUNTS.subuser);
  const priya = byEmail.get(DEMO_ACCOUNTS.buyer);
  const james = byEmail.get(JAMES);
  const lukas = byEmail.get(LUKAS);
  const ningbo = byEmail.get(NINGBO);
  if (!seller || !subuser || !priya || !james || !lukas || !ningbo) return;

  // The rooms are about the seller's own listed products, named as the catalogue names them.
  const pump = await productNamed(tx, seller.companyId!, 'Centrifugal Monoblock Pump');
  const valve = await productNamed(tx, seller.companyId!, 'Flanged Ball Valve');
  const about = (product: { id: number } | undefined, name: string) => (product ? { id: product.id, name } : undefined);
  const day = 24 * 60;
  await conversation(
    tx,
    { type: 'direct', product: about(pump, 'Centrifugal Monoblock Pump') },
    [{ id: james.id }, { id: seller.id }],
    [
      [
        james.id,
        'Hello, we need 40 monoblock pumps, 5 HP three phase, for a water plant in Houston. What is your best FOB price?',
        2 * day,
      ],
      [
        seller.id,
        'Thank you, James. For 40 units the FOB Nhava Sheva price is USD 1,180 per pump, delivery in 5 weeks.',
        2 * day - 50,
      ],
      [james.id, 'Can you share the performance curve and the material certificates?', 2 * day - 40],
      [seller.id, 'Of course. I will send both today, with our ISO 9001 certificate.', day + 30],
    ],
  );
  await conversation(
    tx,
    { type: 'direct', product: about(valve, 'Flanged Ball Valve') },
    [{ id: lukas.id }, { id: seller.id }],
    [
      [lukas.id, 'Guten Tag, do you have the 100 mm ball valves in SS316 in stock?', 6 * 60],
      [seller.id, 'Yes, 200 pieces in stock, PN16, dispatch within 10 days.', 5 * 60],
    ],
  );
  await conversation(
    tx,
    { type: 'direct' },
    [{ id: priya.id }, { id: ningbo.id }],
    [
      [priya.id, 'Hi Li Wei, is the hydraulic gear pump available with a SAE flange?', 3 * day],
      [ningbo.id, 'Yes, SAE and metric flanges are both available. MOQ is 50 pieces.', 3 * day - 120],
      [priya.id, 'Great, please quote for 100 pieces CIF Chennai.', 3 * day - 100],
    ],
  );
  await conversation(
    tx,
    { type: 'group', name: 'Houston pump order' },
    [{ id: seller.id, role: 'admin' }, { id: subuser.id }, { id: james.id }],
    [
      [seller.id, 'I have added Rohan from our sales team; he will follow the shipment with you.', day],
      [subuser.id, 'Hello James, the pumps pass final inspection on Friday.', day - 30],
    ],
  );
}
