import { randomBytes } from 'node:crypto';
import { and, eq, isNull, like, sql } from 'drizzle-orm';
import type { CompanyType, LocalUser, Role, UserType } from '@tradeloop/contracts/auth';
import type { SocialType } from '@tradeloop/contracts/auth-social-constants';
import {
  BASIC_FIELDS,
  COMPLETION_FIELDS,
  type CompletionField,
  INTERESTS_FIELD,
  JOB_FIELDS,
  PROFILE_MESSAGES,
  REGISTRATION_FIELDS,
  type Profile,
  type ProfileField,
  type UpdateProfileBody,
} from '@tradeloop/contracts/accounts';
import { DEFAULT_SUB_ACCOUNT_ROLE } from '@tradeloop/contracts/accounts-roles';
import type { Tx } from '../../db/client.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import { sessionPermissions } from './grants.ts';
import { seededRoleId, seedRoles } from './roles.ts';
import { companies, onboarding, roles, userProfiles, users } from './tables.ts';

export type NewAccount = {
  fullName: string;
  emailId: string;
  passwordHash: string | null;
  userType: UserType;
  company?: { name: string; type: CompanyType; countryCode?: string };
  /** For sub-users: the seller whose company they work in. */
  parent?: { userId: number; companyId: number };
  /** For sub-users: their role, the company's default (DEFAULT_SUB_ACCOUNT_ROLE) unless given. */
  roleId?: number;
  emailVerified?: boolean;
  /** The provider a social sign-in created the account through (docs/decisions/037). */
  socialType?: SocialType;
  profile?: Partial<Record<ProfileField, string | null>>;
  /** When the account and its company joined: now, unless demo data dates an older member. */
  joinedAt?: Date;
};

const roleOf: Record<UserType, Role> = { seller: 'owner', subuser: 'sales', others: 'buyer' };

export function slugify(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'company'
  );
}

async function uniqueCompanySlug(tx: Tx, name: string) {
  const base = slugify(name);
  const taken = await tx
    .select({ slug: companies.slug })
    .from(companies)
    .where(like(companies.slug, `${base}%`));
  const slugs = new Set(taken.map((row) => row.slug));
  if (!slugs.has(base)) return base;
  let n = 2;
  while (slugs.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

/** A public member number: TL- and eight characters without look-alikes. */
function newMemberId() {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(8);
  return `TL-${Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('')}`;
}

export async function emailTaken(tx: Tx, emailId: string) {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.emailId}) = ${emailId.toLowerCase()}`)
    .limit(1);
  return Boolean(row);
}

/** Creates the user, its company (sellers) and its profile row; call inside a transaction. */
export async function createAccount(
  tx: Tx,
  account: NewAccount,
): Promise<{ userId: number; companyId: number | null }> {
  let companyId = account.parent?.companyId ?? null;
  if (account.company) {
    const [company] = await tx
      .insert(companies)
      .values({
        name: account.company.name,
        slug: await uniqueCompanySlug(tx, account.company.name),
        companyType: account.company.type,
        countryCode: account.company.countryCode,
        ...(account.joinedAt && { createdAt: account.joinedAt }),
      })
      .returning({ id: companies.id });
    companyId = company.id;
  }
  const roleId = await accountRoleId(tx, account, companyId);
  const role = roleOf[account.userType];
  const [user] = await tx
    .insert(users)
    .values({
      userType: account.userType,
      role,
      defaultRole: role,
      memberId: newMemberId(),
      fullName: account.fullName,
      emailId: account.emailId.toLowerCase(),
      passwordHash: account.passwordHash,
      companyId,
      parentUser: account.parent?.userId ?? null,
      roleId,
      emailVerified: account.emailVerified ?? false,
      socialType: account.socialType ?? null,
      ...(account.joinedAt && { createdAt: account.joinedAt }),
    })
    .returning({ id: users.id });
  const companyType = account.company?.type ?? null;
  await tx.insert(userProfiles).values({ userId: user.id, company_type: companyType, ...account.profile });
  return { userId: user.id, companyId };
}

/** A new company's owner holds its owner role (the roles are seeded with the company); a sub-user its given role. */
async function accountRoleId(tx: Tx, account: NewAccount, companyId: number | null) {
  if (account.company && companyId !== null) return (await seedRoles(tx, companyId)).owner;
  if (account.userType !== 'subuser' || companyId === null) return null;
  return account.roleId ?? seededRoleId(tx, companyId, DEFAULT_SUB_ACCOUNT_ROLE);
}

export async function findUserByEmail(tx: Tx, emailId: string) {
  const [row] = await tx
    .select({ id: users.id, passwordHash: users.passwordHash, deletedAt: users.deletedAt })
    .from(users)
    .where(sql`lower(${users.emailId}) = ${emailId.toLowerCase()}`)
    .limit(1);
  return row;
}

/** The address was proved by its owner (a provider that verified it, docs/decisions/037). */
export async function markEmailVerified(tx: Tx, userId: number) {
  await tx.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
}

type ProfileRow = typeof userProfiles.$inferSelect;

type OnboardingRow = typeof onboarding.$inferSelect;

function completion(userType: UserType, fullName: string, profile: ProfileRow, progress: OnboardingRow | null) {
  const fields = COMPLETION_FIELDS[userType] as readonly CompletionField[];
  const pending = fields.filter((field) => {
    if (field === INTERESTS_FIELD) {
      return !progress || progress.interestCategoryIds.length + progress.interestCountryCodes.length === 0;
    }
    const value = field === 'full_name' ? fullName : profile[field as keyof ProfileRow];
    return value === null || value === undefined || String(value).trim() === '';
  });
  const percent = Math.round(((fields.length - pending.length) / fields.length) * 100);
  return { complete_profile: percent, pending_fields: pending as string[] };
}

async function loadAccount(tx: Tx, userId: number) {
  const [row] = await tx
    .select({ user: users, profile: userProfiles, company: companies, role: roles, progress: onboarding })
    .from(users)
    .innerJoin(userProfiles, eq(userProfiles.userId, users.id))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(onboarding, eq(onboarding.userId, users.id))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** complete_profile and pending_fields of a user (decision 004; interests count for buyers, decision 039). */
export async function profileCompletion(tx: Tx, userId: number) {
  const { user, profile, progress } = await loadAccount(tx, userId);
  return completion(user.userType, user.fullName, profile, progress);
}

export async function localUser(tx: Tx, userId: number): Promise<LocalUser> {
  const { user, profile, company, role, progress } = await loadAccount(tx, userId);
  const permissions = sessionPermissions(user.userType, role);
  return {
    id: user.id,
    full_name: user.fullName,
    email_id: user.emailId,
    user_type: user.userType,
    role: user.role,
    default_role: user.defaultRole,
    role_name: role?.name ?? null,
    permissions: permissions && [...permissions],
    member_id: user.memberId,
    verified: user.emailVerified,
    mobile_verified: user.mobileVerified,
    ...completion(user.userType, user.fullName, profile, progress),
    parent_user: user.parentUser,
    company_id: user.companyId,
    company_name: company?.name ?? null,
    company_type: company?.companyType ?? null,
    avatar_original: profile.avatar_original,
    online: user.online,
  };
}

function pick<K extends string>(keys: readonly K[], row: Record<string, unknown>) {
  return Object.fromEntries(keys.map((key) => [key, (row[key] as string | null) ?? null])) as Record<K, string | null>;
}

export async function getProfile(tx: Tx, userId: number): Promise<Profile> {
  const { user, profile, company, progress } = await loadAccount(tx, userId);
  return {
    id: user.id,
    created_at: user.createdAt.toISOString(),
    plan_status: { name: user.planName, icon: user.planName === 'Free' ? 'free' : 'premium' },
    email_id: user.emailId,
    mobile_verified: user.mobileVerified,
    role: user.role,
    default_role: user.defaultRole,
    member_id: user.memberId,
    email_verified: user.emailVerified,
    ...completion(user.userType, user.fullName, profile, progress),
    social_type: user.socialType,
    user_type: user.userType,
    company_name: company?.name ?? null,
    online: user.online,
    ...pick(BASIC_FIELDS, profile),
    full_name: user.fullName,
    ...pick(JOB_FIELDS, profile),
    ...pick(REGISTRATION_FIELDS, profile),
  };
}

export async function updateProfile(tx: Tx, userId: number, body: UpdateProfileBody): Promise<Profile> {
  const { full_name: fullName, ...fields } = body;
  const account = await loadAccount(tx, userId);
  if (account.user.userType === 'others' && REGISTRATION_FIELDS.some((field) => fields[field] != null)) {
    throw invalid({ reg_street_address: [PROFILE_MESSAGES.userTypeMismatch] });
  }
  const now = new Date();
  if (fullName !== undefined) {
    await tx.update(users).set({ fullName, updatedAt: now }).where(eq(users.id, userId));
  }
  const mobileChanged =
    (fields.mobile !== undefined && (fields.mobile || null) !== account.profile.mobile) ||
    (fields.mobile_country_code !== undefined &&
      (fields.mobile_country_code || null) !== account.profile.mobile_country_code);
  if (mobileChanged) {
    // A number typed into the profile is not verified (decision 033): verification goes through the code.
    const mobile = fields.mobile === undefined ? account.profile.mobile : fields.mobile;
    await tx
      .update(users)
      .set({ mobileVerified: mobile ? 'unverified' : 'not-found', verifiedMobile: null, updatedAt: now })
      .where(eq(users.id, userId));
  }
  if (fields.company_type && account.user.role === 'owner' && account.user.companyId !== null) {
    // The owner speaks for the company: its type is the company's (the header and lists show it).
    await tx
      .update(companies)
      .set({ companyType: fields.company_type })
      .where(eq(companies.id, account.user.companyId));
  }
  if (Object.keys(fields).length > 0) {
    await tx
      .update(userProfiles)
      .set({ ...(fields as Partial<ProfileRow>), updatedAt: now })
      .where(eq(userProfiles.userId, userId));
  }
  return getProfile(tx, userId);
}

export async function deleteStatus(tx: Tx, userId: number) {
  const [row] = await tx.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId)).limit(1);
  return { user_deleted_status: !row || row.deletedAt !== null };
}
