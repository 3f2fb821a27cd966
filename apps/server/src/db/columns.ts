import { timestamp } from 'drizzle-orm/pg-core';

/** Columns most tables share, spelled once. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
