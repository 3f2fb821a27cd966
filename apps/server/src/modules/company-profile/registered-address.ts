import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { companyProfiles } from './tables.ts';

/**
 * The company's registered address as documents print it (issue 44: quotations and invoices), one line
 * per filled field of the profile's registration address; empty when the seller has not given one.
 */
export async function registeredAddress(db: Tx, companyId: number): Promise<string[]> {
  const [row] = await db
    .select({
      street: companyProfiles.regStreetAddress,
      additional: companyProfiles.regAdditionalAddress,
      city: companyProfiles.registrationCity,
      region: companyProfiles.regRegionStateProvince,
      postalCode: companyProfiles.registrationPostalcode,
    })
    .from(companyProfiles)
    .where(eq(companyProfiles.companyId, companyId));
  if (!row) return [];
  const cityLine = [row.postalCode.trim(), row.city.trim()].filter(Boolean).join(' ');
  return [row.street, row.additional, cityLine, row.region].map((line) => line.trim()).filter(Boolean);
}
