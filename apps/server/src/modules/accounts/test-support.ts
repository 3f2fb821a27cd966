import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { companies, emailLinks, mobileCodes, users } from './tables.ts';

/* For other modules' tests: accounts' rows read and changed without reaching into its tables. */

/** The user's row as stored (password hash included). */
export async function userRow(db: Tx, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

/** Marks the account deleted, as a deletion would. */
export async function markUserDeleted(db: Tx, userId: number) {
  await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, userId));
}

/** The company types of the companies there are, each once. */
export async function companyTypesInUse(db: Tx) {
  const rows = await db.selectDistinct({ type: companies.companyType }).from(companies);
  return rows.map((row) => row.type);
}

/** Marks the user's mobile verified as this E.164 number, as a right code would (mobile.ts). */
export async function markMobileVerified(db: Tx, userId: number, e164: string) {
  await db.update(users).set({ verifiedMobile: e164, mobileVerified: 'verified' }).where(eq(users.id, userId));
}

/** Moves the user's mobile code past its expiry, as ten minutes would (tests shorten the clock, not the rule). */
export async function expireMobileCode(db: Tx, userId: number) {
  await db
    .update(mobileCodes)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(mobileCodes.userId, userId));
}

/** Moves the user's e-mail links past their expiry, as a day would. */
export async function expireEmailLinks(db: Tx, userId: number) {
  await db
    .update(emailLinks)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(emailLinks.userId, userId));
}
