import { bigint } from 'drizzle-orm/pg-core';
import { companies } from './tables.ts';

/** The tenant column of company-owned data: the rows go with their company. */
export const companyColumn = () =>
  bigint('company_id', { mode: 'number' })
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });
