import { DEMO_ACCOUNTS } from '@tradeloop/contracts/demo';
import type { Tx } from '../../db/client.ts';
import type { AuthUser } from '../../platform/sessions.ts';
import { findPeople } from '../accounts/public.ts';
import { productNamed } from '../catalog/public.ts';
import { refreshListingsNow } from '../market/public.ts';
import { acceptOffer, answerEnquiry, replyToEnquiry } from './enquiries.ts';
import { submitQuote } from './submit.ts';

/**
 * Enquiries in every state for the demo seller, so the enquiry screens, contacts and the bell show
 * a real negotiation on the first start: one waiting, one answered, one accepted after a counter-offer.
 */
type Script = {
  buyer: string;
  product: string;
  quantity: number;
  combination?: string;
  message: string;
  answer?: { unitPrice: number; days: number; message: string };
  counter?: string;
  accept?: boolean;
};

const SCRIPTS: Script[] = [
  {
    buyer: 'james.miller@buyer.tradeloop.test',
    product: 'Centrifugal Monoblock Pump',
    quantity: 20,
    combination: '3 HP|Three',
    message: 'We need 20 pumps for an irrigation project in Texas. Please quote CIF Houston with delivery time.',
  },
  {
    buyer: 'fatima.mansouri@buyer.tradeloop.test',
    product: 'Flanged Ball Valve',
    quantity: 200,
    combination: '50 mm|SS316',
    message: 'Please send your best price for 200 valves, ANSI 150, with test certificates.',
    answer: { unitPrice: 36.5, days: 14, message: 'Price includes EN 10204 3.1 certificates. Dispatch in 3 weeks.' },
  },
  {
    buyer: DEMO_ACCOUNTS.buyer,
    product: 'Three Phase Induction Motor',
    quantity: 5,
    combination: '7.5 kW|4',
    message: 'Looking for five IE3 motors for our conveyor line in Bengaluru.',
    answer: { unitPrice: 298, days: 30, message: 'Ready stock, dispatch within a week.' },
    counter: 'Could you do 290 per motor if we take six?',
    accept: true,
  },
];

/** A bell notification the demo's enquiries would have sent; db/demo-data.ts hands them to notifications. */
export type DemoNotice = {
  userId: number;
  type: 'enquiries';
  title: string;
  body: string;
  link: string;
  data?: Record<string, unknown>;
};

export async function loadQuotesDemoData(tx: Tx): Promise<DemoNotice[]> {
  const [seller] = await findPeople(tx, { email: DEMO_ACCOUNTS.seller });
  if (!seller?.companyId) return [];
  await refreshListingsNow(tx);
  const buyers = await findPeople(tx, { emails: SCRIPTS.map((script) => script.buyer) });
  const sellerUser: AuthUser = {
    id: seller.id,
    userType: 'seller',
    companyId: seller.companyId,
    parentUser: null,
    permissions: null,
    tokenId: 0,
  };
  const notices: DemoNotice[] = [];
  for (const [index, script] of SCRIPTS.entries()) {
    const buyerId = buyers.find((buyer) => buyer.email === script.buyer)?.id;
    const product = await productNamed(tx, seller.companyId, script.product);
    if (!buyerId || !product) continue;
    const buyer: AuthUser = {
      id: buyerId,
      userType: 'others',
      companyId: null,
      parentUser: null,
      permissions: null,
      tokenId: 0,
    };
    const [enquiry] = await submitQuote(tx, buyer, {
      unique_session_id: `demo-session-${index}`,
      seller_user_id: seller.id,
      enquiry_user_id: buyerId,
      product_id: product.id,
      quantity: script.quantity,
      combinations: script.combination,
      greeting_message: script.message,
      currency: 1,
    });
    notices.push({
      userId: seller.id,
      type: 'enquiries',
      title: 'New quote request',
      body: `A buyer asked for a price for ${script.quantity} × ${script.product}.`,
      link: `/enquiries?type=received&id=${enquiry.id}`,
      data: { enquiryId: enquiry.id },
    });
    if (!script.answer) continue;
    const answer = {
      id: enquiry.id,
      unit_price: script.answer.unitPrice,
      validity_days: script.answer.days,
      message: script.answer.message,
    };
    await answerEnquiry(tx, sellerUser, answer);
    notices.push({
      userId: buyerId,
      type: 'enquiries',
      title: 'New price offer',
      body: `The seller answered your enquiry about ${script.product} with a price.`,
      link: `/enquiries?type=sent&id=${enquiry.id}`,
    });
    if (script.counter) {
      await replyToEnquiry(tx, buyer, { id: enquiry.id, message: script.counter });
      await answerEnquiry(tx, sellerUser, {
        ...answer,
        unit_price: script.answer.unitPrice - 6,
        message: 'Agreed for six motors.',
      });
    }
    if (script.accept) await acceptOffer(tx, buyer, { id: enquiry.id });
  }
  return notices;
}
