import { and, eq, sql } from 'drizzle-orm';
import {
  PRESENCE_MESSAGES,
  SOCIAL_TYPES,
  socialNetwork,
  type SocialAccount,
  type SocialNetwork,
  type SocialSubmitBody,
} from '@tradeloop/contracts/presence';
import type { Tx } from '../../db/client.ts';
import { invalid, type FieldErrors } from '../../platform/errors.ts';
import { companySocialAccounts } from './tables.ts';

type Row = typeof companySocialAccounts.$inferSelect;

const present = (row: Row): SocialAccount => ({
  id: row.id,
  type: row.type,
  label: socialNetwork(row.type)!.label,
  profile_link: row.profileLink,
});

/** The company's profile links in the networks' order, or only the one of `type`. */
export async function socialAccounts(db: Tx, companyId: number, type?: SocialNetwork): Promise<SocialAccount[]> {
  const rows = await db
    .select()
    .from(companySocialAccounts)
    .where(
      and(eq(companySocialAccounts.companyId, companyId), type ? eq(companySocialAccounts.type, type) : undefined),
    );
  return rows.sort((a, b) => SOCIAL_TYPES.indexOf(a.type) - SOCIAL_TYPES.indexOf(b.type)).map(present);
}

/**
 * POST profile/submit/social: deletes the accounts in `delete_ids`, then saves one link per network
 * given (an entry's `id`, when sent, must be the company's account of that network). All or nothing.
 */
export async function saveSocialAccounts(tx: Tx, companyId: number, body: SocialSubmitBody) {
  const rows = await tx.select().from(companySocialAccounts).where(eq(companySocialAccounts.companyId, companyId));
  const owned = new Map(rows.map((row) => [row.id, row]));
  const errors: FieldErrors = {};
  body.delete_ids.forEach((id, index) => {
    if (!owned.has(id)) errors[`delete_ids.${index}`] = [PRESENCE_MESSAGES.socialNotFound];
  });
  body.social_data.forEach((entry, index) => {
    if (entry.id !== undefined && owned.get(entry.id)?.type !== entry.type)
      errors[`social_data.${index}.id`] = [PRESENCE_MESSAGES.socialNotFound];
  });
  if (Object.keys(errors).length) throw invalid(errors);
  if (body.delete_ids.length)
    await tx
      .delete(companySocialAccounts)
      .where(
        and(
          eq(companySocialAccounts.companyId, companyId),
          sql`${companySocialAccounts.id} = any(${sql.param(body.delete_ids)}::bigint[])`,
        ),
      );
  for (const entry of body.social_data)
    await tx
      .insert(companySocialAccounts)
      .values({ companyId, type: entry.type, profileLink: entry.profile_link })
      .onConflictDoUpdate({
        target: [companySocialAccounts.companyId, companySocialAccounts.type],
        set: { profileLink: entry.profile_link, updatedAt: sql`now()` },
      });
  return socialAccounts(tx, companyId);
}
