import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { companies, users } from './tables.ts';

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
