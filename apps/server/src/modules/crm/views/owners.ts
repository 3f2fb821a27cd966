import { and, eq, or, type SQL } from 'drizzle-orm';
import { CRM_MESSAGES, type RecordTypeId } from '@tradeloop/contracts/crm/records';
import type { Visibility } from '@tradeloop/contracts/crm/views';
import { forbidden } from '../../../platform/errors.ts';
import { mayCaller } from '../../../platform/caller-context.ts';
import type { crmSavedFilters, crmViews } from './tables.ts';

/** Who asks: the company they act in and themselves (docs/decisions/058). */
export type Viewer = { companyId: number; userId: number };

type Owned = { visibility: Visibility; createdBy: number | null };

/**
 * The views or saved filters `viewer` sees: the company's shared ones and their own private ones. Another
 * user's private one is as absent as a missing id (404), whoever asks, the company's owner too.
 */
export function visibleTo(table: typeof crmViews | typeof crmSavedFilters, viewer: Viewer): SQL {
  return or(eq(table.visibility, 'company'), eq(table.createdBy, viewer.userId))!;
}

/** The views or saved filters of one list `viewer` sees, with any further conditions. */
export function visibleOfType(
  table: typeof crmViews | typeof crmSavedFilters,
  viewer: Viewer,
  typeId: RecordTypeId,
  ...more: (SQL | undefined)[]
) {
  return and(eq(table.companyId, viewer.companyId), eq(table.typeId, typeId), visibleTo(table, viewer), ...more);
}

/**
 * Whether `viewer` may change or delete a view or filter they see: its author always; anyone else only a
 * shared one, and only with crm.settings (the company's owner holds every permission).
 */
export function mayChange(row: Owned, viewer: Viewer): boolean {
  if (row.createdBy === viewer.userId) return true;
  return row.visibility === 'company' && mayCaller('crm.settings');
}

/** 403 unless `viewer` may change `row`; only its author makes a shared one private. */
export function requireMayChange(row: Owned, viewer: Viewer, wanted?: Visibility) {
  if (!mayChange(row, viewer)) throw forbidden(CRM_MESSAGES.sharedViewLocked);
  if (wanted === 'private' && row.visibility !== 'private' && row.createdBy !== viewer.userId) {
    throw forbidden(CRM_MESSAGES.onlyAuthorMakesPrivate);
  }
}
