import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  SUB_ACCOUNT_LIMITS,
  SUB_ACCOUNT_MESSAGES,
  type SubAccount,
  type SubAccountInviteBody,
} from '@tradeloop/contracts/accounts-subaccounts';
import { DEFAULT_SUB_ACCOUNT_ROLE } from '@tradeloop/contracts/accounts-roles';
import type { Db, Tx } from '../../db/client.ts';
import { invalid, notFound, requireAllFound } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';
import { recordAudit, type AuditActor, type RequestOrigin } from './audit/service.ts';
import { assignableRole, type Granter, roleNames, seededRoleId } from './roles.ts';
import { createAccount, emailTaken } from './service.ts';
import { emailLinks, users } from './tables.ts';

/* Sub-accounts (decision 034): a seller invites team members by e-mail and removes them. */

function toSubAccount(row: typeof users.$inferSelect, roleName: string | undefined): SubAccount {
  return {
    id: row.id,
    full_name: row.fullName,
    email_id: row.emailId,
    role: roleName ?? row.role,
    role_id: row.roleId,
    status: row.passwordHash ? 'active' : 'invited',
    created_at: row.createdAt.toISOString(),
  };
}

/** POST sub_account/create: the sub-user (no password yet) and a single-use set-password link by e-mail. */
export async function inviteSubAccount(
  tx: Tx,
  deps: { mailer: Mailer; publicUrl: string },
  member: Granter,
  body: SubAccountInviteBody,
) {
  if (await emailTaken(tx, body.email_id)) throw invalid({ email_id: [SUB_ACCOUNT_MESSAGES.emailTaken] });
  const role = await assignableRole(
    tx,
    member,
    body.role_id ?? (await seededRoleId(tx, member.companyId, DEFAULT_SUB_ACCOUNT_ROLE)),
  );
  const roleId = role.id;
  const { userId } = await createAccount(tx, {
    fullName: body.full_name,
    emailId: body.email_id,
    passwordHash: null,
    userType: 'subuser',
    parent: member,
    roleId,
  });
  const { token, hash } = newToken();
  await tx.insert(emailLinks).values({
    userId,
    purpose: 'invite',
    emailId: body.email_id,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + SUB_ACCOUNT_LIMITS.inviteTtlMs),
  });
  const [inviter] = await tx.select({ fullName: users.fullName }).from(users).where(eq(users.id, member.userId));
  const link = `${deps.publicUrl}${SUB_ACCOUNT_LIMITS.setPasswordPath}?token=${encodeURIComponent(token)}`;
  const days = SUB_ACCOUNT_LIMITS.inviteTtlMs / 86_400_000;
  await deps.mailer.queue(tx, {
    to: body.email_id,
    subject: SUB_ACCOUNT_MESSAGES.inviteSubject,
    text: `Hello ${body.full_name},\n\n${inviter?.fullName ?? 'Your colleague'} invited you to work in their company's TradeLoop CRM. Set your password with this link:\n\n${link}\n\nThe link works once, within ${days} days.`,
  });
  await recordAudit(tx, member, {
    action: 'sub_account.invited',
    target: { kind: 'user', id: userId, label: body.full_name },
    details: { email_id: body.email_id, role: role.name },
  });
  return subAccount(tx, userId);
}

async function subAccount(tx: Tx, userId: number) {
  const [row] = await tx.select().from(users).where(eq(users.id, userId));
  const names = await roleNames(tx, row.roleId ? [row.roleId] : []);
  return toSubAccount(row, names.get(row.roleId ?? 0));
}

/** POST sub_account/role: a live sub-user of the company gets another of its roles (not the owner's). */
export async function changeSubAccountRole(tx: Tx, granter: Granter, body: { user_id: number; role_id: number }) {
  const [target] = await tx
    .select({ id: users.id, fullName: users.fullName, roleId: users.roleId })
    .from(users)
    .where(
      and(
        eq(users.id, body.user_id),
        eq(users.companyId, granter.companyId),
        eq(users.userType, 'subuser'),
        isNull(users.deletedAt),
      ),
    );
  if (!target) throw notFound();
  const role = await assignableRole(tx, granter, body.role_id);
  await tx.update(users).set({ roleId: role.id, updatedAt: new Date() }).where(eq(users.id, target.id));
  const previous = await roleNames(tx, target.roleId ? [target.roleId] : []);
  await recordAudit(tx, granter, {
    action: 'sub_account.role_changed',
    target: { kind: 'user', id: target.id, label: target.fullName },
    details: { previous_role: previous.get(target.roleId ?? 0) ?? '—', role: role.name },
  });
  return subAccount(tx, target.id);
}

/** GET sub_account/list: the company's live sub-users, oldest first. */
export async function listSubAccounts(tx: Tx, companyId: number) {
  const rows = await tx
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.userType, 'subuser'), isNull(users.deletedAt)))
    .orderBy(asc(users.id));
  const names = await roleNames(tx, [...new Set(rows.flatMap((row) => (row.roleId ? [row.roleId] : [])))]);
  return rows.map((row) => toSubAccount(row, names.get(row.roleId ?? 0)));
}

/**
 * POST sub_account/delete: every id must name a live sub-user of the caller's company (else 404 and
 * nothing changes). The accounts are marked deleted: their tokens stop resolving at once, and
 * `user_delete_status` answers true to them.
 */
export async function deleteSubAccounts(tx: Tx, actor: AuditActor, ids: number[]) {
  const { companyId } = actor;
  const unique = [...new Set(ids)];
  const found = await tx
    .select({ id: users.id, fullName: users.fullName, emailId: users.emailId })
    .from(users)
    .where(
      and(
        inArray(users.id, unique),
        eq(users.companyId, companyId),
        eq(users.userType, 'subuser'),
        isNull(users.deletedAt),
      ),
    );
  requireAllFound(
    unique,
    found.map((row) => row.id),
  );
  const now = new Date();
  await tx.update(users).set({ deletedAt: now, updatedAt: now }).where(inArray(users.id, unique));
  await tx
    .update(emailLinks)
    .set({ usedAt: now })
    .where(and(inArray(emailLinks.userId, unique), isNull(emailLinks.usedAt)));
  await recordAudit(
    tx,
    actor,
    ...found.map((row) => ({
      action: 'sub_account.deleted' as const,
      target: { kind: 'user' as const, id: row.id, label: row.fullName },
      details: { email_id: row.emailId },
    })),
  );
  return { deleted: unique };
}

/** POST sub_account/set_password: an invitation link sets the password once; the address is confirmed by it. */
export async function setSubAccountPassword(db: Db, origin: RequestOrigin, token: string, password: string) {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const refused = () => invalid({ token: [SUB_ACCOUNT_MESSAGES.linkInvalid] });
    const [link] = await tx
      .select()
      .from(emailLinks)
      .where(and(eq(emailLinks.tokenHash, hashToken(token)), eq(emailLinks.purpose, 'invite')))
      .for('update');
    if (!link || link.usedAt || link.expiresAt.getTime() <= Date.now()) throw refused();
    const [user] = await tx
      .update(users)
      .set({ passwordHash, emailVerified: true, updatedAt: new Date() })
      .where(and(eq(users.id, link.userId), isNull(users.deletedAt)))
      .returning({ id: users.id, emailId: users.emailId, fullName: users.fullName, companyId: users.companyId });
    if (!user) throw refused();
    await tx.update(emailLinks).set({ usedAt: new Date() }).where(eq(emailLinks.id, link.id));
    // The sub-user acts for itself; what is recorded is that the password was set, never the password.
    if (user.companyId !== null)
      await recordAudit(
        tx,
        { ...origin, companyId: user.companyId, userId: user.id },
        {
          action: 'sub_account.password_set',
          target: { kind: 'user', id: user.id, label: user.fullName },
        },
      );
    return { email_id: user.emailId };
  });
}
