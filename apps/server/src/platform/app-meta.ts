import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { appMeta } from './tables.ts';

/*
 * Facts about the installation (data versions, demo markers), kept in the platform's app_meta table.
 * Modules read and write them through these functions, never the table.
 */

/** The value stored under `key`, or undefined when there is none. */
export async function appMetaValue(db: Tx, key: string): Promise<unknown> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, key));
  return row?.value;
}

/** Stores `value` under `key`, replacing what was there. */
export async function setAppMeta(db: Tx, key: string, value: unknown) {
  await db
    .insert(appMeta)
    .values({ key, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: new Date() } });
}

/** Adds `key`; when it exists already this fails, or with `ifAbsent` leaves the old value. */
export async function addAppMeta(db: Tx, key: string, value: unknown, options: { ifAbsent?: boolean } = {}) {
  const insert = db.insert(appMeta).values({ key, value });
  await (options.ifAbsent ? insert.onConflictDoNothing() : insert);
}
