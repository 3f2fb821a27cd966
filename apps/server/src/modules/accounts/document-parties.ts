import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { companies, userProfiles, users } from './tables.ts';

/** A party as a trade document prints it (issue 44): name, company, address lines, e-mail. */
export type DocumentPartyFacts = {
  userId: number;
  name: string;
  companyName: string | null;
  address: string[];
  email: string | null;
};

const present = (value: string | null | undefined) => (value && value.trim() ? value.trim() : null);

/**
 * The party behind user `userId` for a quotation or an invoice: the seller's registered address (spec
 * section 3, the registration address fields), or the buyer's billing address (their profile's
 * address; the registration address when they gave one). Deleted accounts keep their name, not e-mail.
 */
export async function documentParty(db: Tx, userId: number): Promise<DocumentPartyFacts> {
  const [row] = await db
    .select({
      name: users.fullName,
      email: users.emailId,
      deletedAt: users.deletedAt,
      companyName: companies.name,
      companyCountry: companies.countryCode,
      profile: userProfiles,
    })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  if (!row) return { userId, name: 'Former member', companyName: null, address: [], email: null };
  const p = row.profile;
  const registered = [
    present(p?.reg_street_address),
    present(p?.reg_additional_address),
    [present(p?.registration_postalcode), present(p?.registration_city)].filter(Boolean).join(' ') || null,
    present(p?.reg_region_state_province),
  ].filter((line): line is string => line !== null);
  const profile = [
    present(p?.street_address) ?? present(p?.address),
    [present(p?.postal_code), present(p?.city)].filter(Boolean).join(' ') || null,
    present(p?.state),
  ].filter((line): line is string => line !== null);
  const country = present(row.companyCountry) ?? present(p?.country);
  const address = registered.length > 0 ? registered : profile;
  return {
    userId,
    name: row.name,
    companyName: row.companyName,
    address: country ? [...address, country] : address,
    email: row.deletedAt ? null : row.email,
  };
}
