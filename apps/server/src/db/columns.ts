import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Columns most tables share, spelled once. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A transaction id (pg_current_xact_id()): change logs record which transaction wrote a row. */
export const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });
