import { and, asc, count, eq, ilike, inArray, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Permission, SeededRoleKey } from '@tradeloop/contracts/accounts-roles';
import type { UserType } from '@tradeloop/contracts/auth';
import type { Tx } from '../../db/client.ts';
import { sessionPermissions } from './grants.ts';
import { companies, roles, userProfiles, users } from './tables.ts';

/*
 * What other modules may know about people and companies (docs/decisions/023). They call these
 * functions instead of reading the accounts tables; only this module names them.
 */

const personColumns = {
  id: users.id,
  name: users.fullName,
  email: users.emailId,
  userType: users.userType,
  companyId: users.companyId,
  parentUser: users.parentUser,
  online: users.online,
  lastSeenAt: users.lastSeenAt,
  deletedAt: users.deletedAt,
  emailVerified: users.emailVerified,
  mobileVerified: users.mobileVerified,
  /** The mobile number in E.164 once verified (unique among accounts). */
  verifiedMobile: users.verifiedMobile,
  avatar: userProfiles.avatar_original,
  firstName: userProfiles.first_name,
  lastName: userProfiles.last_name,
  profileCompanyType: userProfiles.company_type,
  country: userProfiles.country,
  city: userProfiles.city,
  /** The mobile's country (ISO code, "IN") and its calling code ("+91"). */
  mobileCode: userProfiles.mobile_code,
  mobileCountryCode: userProfiles.mobile_country_code,
  mobile: userProfiles.mobile,
  companyName: companies.name,
  companyType: companies.companyType,
  companyCountry: companies.countryCode,
};

/** A user with their profile's and company's facts (null where the user has none). */
export type Person = Awaited<ReturnType<typeof findPeople>>[number];

export type PeopleFilter = {
  ids?: number[];
  companyId?: number;
  userType?: UserType;
  email?: string;
  emails?: string[];
  /** Leave out deleted accounts. */
  live?: boolean;
  /** By id (the default) or by full name. */
  orderBy?: 'id' | 'name';
  limit?: number;
};

/** Users matching every condition given, with their profile and company. */
export async function findPeople(db: Tx, filter: PeopleFilter) {
  if ((filter.ids && filter.ids.length === 0) || (filter.emails && filter.emails.length === 0)) return [];
  let query = db
    .select(personColumns)
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(
      and(
        // One array parameter: inArray binds one per id, and thousands (a report's visitors) cost more to build than to run.
        filter.ids ? sql`${users.id} = any(${sql.param([...new Set(filter.ids)])}::bigint[])` : undefined,
        filter.companyId !== undefined ? eq(users.companyId, filter.companyId) : undefined,
        filter.userType ? eq(users.userType, filter.userType) : undefined,
        filter.email !== undefined ? eq(users.emailId, filter.email) : undefined,
        filter.emails ? inArray(users.emailId, filter.emails) : undefined,
        filter.live ? isNull(users.deletedAt) : undefined,
      ),
    )
    .orderBy(filter.orderBy === 'name' ? asc(users.fullName) : asc(users.id))
    .$dynamic();
  if (filter.limit !== undefined) query = query.limit(filter.limit);
  return query;
}

/** Seller accounts with their company (type and country), by user id: what demo data builds on. */
export async function sellersWithCompany(db: Tx, options: { live?: boolean } = {}) {
  const people = await findPeople(db, { userType: 'seller', live: options.live });
  return people.flatMap((person) =>
    person.companyId !== null && person.companyType !== null
      ? [
          {
            userId: person.id,
            companyId: person.companyId,
            companyName: person.companyName!,
            email: person.email,
            country: person.companyCountry,
            type: person.companyType,
          },
        ]
      : [],
  );
}

/** One user (deleted ones too), or undefined. */
export async function findPerson(db: Tx, userId: number): Promise<Person | undefined> {
  const [person] = await findPeople(db, { ids: [userId] });
  return person;
}

/** A user's full name (deleted accounts keep theirs), or undefined when there is no such user. */
export async function userName(db: Tx, userId: number): Promise<string | undefined> {
  const [row] = await db.select({ name: users.fullName }).from(users).where(eq(users.id, userId));
  return row?.name;
}

/** Whether the user exists and is not deleted. */
export async function isLiveUser(db: Tx, userId: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return Boolean(row);
}

export async function companyExists(db: Tx, companyId: number) {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  return Boolean(row);
}

/** The companies among `ids` with their public facts, in no particular order (unknown ids are left out). */
export async function findCompanies(db: Tx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select(companyColumns)
    .from(companies)
    .where(sql`${companies.id} = any(${sql.param([...new Set(ids)])}::bigint[])`);
}

const companyColumns = {
  id: companies.id,
  name: companies.name,
  slug: companies.slug,
  countryCode: companies.countryCode,
  companyType: companies.companyType,
  createdAt: companies.createdAt,
};

/** The company with this slug (its mini-site's address), or undefined. */
export async function findCompanyBySlug(db: Tx, slug: string) {
  const [row] = await db.select(companyColumns).from(companies).where(eq(companies.slug, slug.toLowerCase()));
  return row;
}

/** The company's owner: its live seller account that is nobody's sub-user (undefined when there is none). */
export async function companyOwner(db: Tx, companyId: number) {
  const people = await findPeople(db, { companyId, live: true });
  return people.find((person) => person.parentUser === null && person.userType === 'seller');
}

export async function countUsers(db: Tx) {
  const [{ total }] = await db.select({ total: count() }).from(users);
  return total;
}

/** Every company's id. */
export async function companyIds(db: Tx) {
  return (await db.select({ id: companies.id }).from(companies)).map((row) => row.id);
}

/** Marks the user online or offline; true when that changed something. */
export async function setPresence(db: Tx, userId: number, online: boolean) {
  const changed = await db
    .update(users)
    .set({ online, lastSeenAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.online, !online)))
    .returning({ id: users.id });
  return changed.length > 0;
}

export async function setPlan(db: Tx, userId: number, planName: string) {
  await db.update(users).set({ planName }).where(eq(users.id, userId));
}

/*
 * Expressions over a user id for another module's query, where a list filters or sorts by a person
 * in the database (a scalar subquery on the primary key: the same rows as a join, without the
 * caller naming these tables). The subquery is nested in its own sql chunk, so drizzle keeps its
 * columns qualified even in a query on one table (where it strips the table from top-level ones).
 */
const nested = (query: SQL) => sql`(${query})`;

/** What a session needs of the user whose id `id` holds: kind, company, parent and role; null once deleted. */
export const sessionUserSql = (id: SQLWrapper) =>
  nested(
    sql`SELECT json_build_object('id', ${users.id}, 'userType', ${users.userType}, 'companyId', ${users.companyId},
      'parentUser', ${users.parentUser}, 'role', (SELECT json_build_object('key', ${roles.key}, 'permissions', ${roles.permissions})
        FROM ${roles} WHERE ${roles.id} = ${users.roleId}))
      FROM ${users} WHERE ${users.id} = ${id} AND ${users.deletedAt} IS NULL`,
  ) as SQL<SessionUserRow | null>;

/** A signed-in user as accounts describes it to the platform's sessions (which add the token). */
export type SessionUser = {
  id: number;
  userType: 'seller' | 'subuser' | 'others';
  companyId: number | null;
  parentUser: number | null;
  /** What the user's role lets it do; null: not limited by a role (a seller, a buyer). */
  permissions: readonly Permission[] | null;
};

type SessionUserRow = Omit<SessionUser, 'permissions'> & {
  role: { key: SeededRoleKey | null; permissions: Permission[] | null } | null;
};

/** The session's user with what its role lets it do (decision 038). */
export function sessionUser({ role, ...user }: SessionUserRow): SessionUser {
  return { ...user, permissions: sessionPermissions(user.userType, role) };
}

/** The full name of the user whose id `id` holds (null when none). */
export const userNameSql = (id: SQLWrapper) =>
  nested(sql`SELECT ${users.fullName} FROM ${users} WHERE ${users.id} = ${id}`) as SQL<string | null>;

/** The same for a column whose foreign key guarantees the user (what an inner join gave). */
export const knownUserNameSql = (id: SQLWrapper) => userNameSql(id) as SQL<string>;

/** The avatar of the user whose id `id` holds. */
export const userAvatarSql = (id: SQLWrapper) =>
  nested(sql`SELECT ${userProfiles.avatar_original} FROM ${userProfiles} WHERE ${userProfiles.userId} = ${id}`) as SQL<
    string | null
  >;

/** The company id of the user whose id `id` holds. */
export const userCompanySql = (id: SQLWrapper) =>
  nested(sql`SELECT ${users.companyId} FROM ${users} WHERE ${users.id} = ${id}`) as SQL<number | null>;

/** True when the user's full name or company name matches the ILIKE pattern. */
export const userMatchesSql = (id: SQLWrapper, pattern: string): SQL =>
  sql`EXISTS ${nested(sql`SELECT 1 FROM ${users} LEFT JOIN ${companies} ON ${companies.id} = ${users.companyId}
    WHERE ${users.id} = ${id} AND (${users.fullName} ILIKE ${pattern} OR ${companies.name} ILIKE ${pattern})`)}`;

/** Ids of the users whose name or e-mail matches the ILIKE pattern, as a subquery. */
export const usersNamedLike = (db: Tx, pattern: string) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(or(ilike(users.fullName, pattern), ilike(users.emailId, pattern)));
