import { bigint, index, pgTable } from 'drizzle-orm/pg-core';

/**
 * How often each company's statistics moved (decision 042, session 12): statement triggers on the
 * tables the figures come from append `(company, 1)` per changed company (company 0: a table was
 * truncated, every company moved); a read folds a company's rows into one. The sum never goes down
 * and goes up with every committed change, so it is the version the cached answers are kept under.
 */
export const statisticsChanges = pgTable(
  'statistics_changes',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    changes: bigint('changes', { mode: 'number' }).notNull(),
  },
  (t) => [index('statistics_changes_company_idx').on(t.companyId)],
);
