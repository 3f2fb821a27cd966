import type { Tx } from '../../db/client.ts';
import { documentParty, type DocumentPartyFacts } from '../accounts/public.ts';
import { registeredAddress } from '../company-profile/public.ts';

/**
 * The seller as its documents print it: the company's registered address (company profile) when it has
 * one, with the country; otherwise the owner's profile address.
 */
export async function sellerParty(tx: Tx, sellerUserId: number, companyId: number): Promise<DocumentPartyFacts> {
  const [facts, registered] = await Promise.all([documentParty(tx, sellerUserId), registeredAddress(tx, companyId)]);
  if (registered.length === 0) return facts;
  const country = facts.address.at(-1);
  return { ...facts, address: country && !registered.includes(country) ? [...registered, country] : registered };
}

/** The buyer as documents print them: their billing (profile) address. */
export const buyerParty = (tx: Tx, buyerUserId: number) => documentParty(tx, buyerUserId);
