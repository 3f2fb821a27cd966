import { and, count, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { sellerDirectoryQuerySchema } from '@tradeloop/contracts/directory';
import type { Tx } from '../../db/client.ts';
import { companies, userProfiles, users } from './tables.ts';

type DirectoryQuery = z.output<typeof sellerDirectoryQuerySchema>;

function sellerFilter({ company_type, country, search }: DirectoryQuery): SQL | undefined {
  const pattern = search && `%${search.replace(/[\\%_]/g, '\\$&')}%`;
  return and(
    eq(users.userType, 'seller'),
    isNull(users.deletedAt),
    company_type ? eq(companies.companyType, company_type) : undefined,
    country ? eq(companies.countryCode, country) : undefined,
    pattern ? or(ilike(companies.name, pattern), ilike(userProfiles.city, pattern)) : undefined,
  );
}

/** Seller companies for the public supplier directory, newest first, one page. */
export async function listSellers(db: Tx, query: DirectoryQuery) {
  const where = sellerFilter(query);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        company_id: companies.id,
        company_name: companies.name,
        slug: companies.slug,
        company_type: companies.companyType,
        country: companies.countryCode,
        city: userProfiles.city,
        seller_name: users.fullName,
        created_at: companies.createdAt,
      })
      .from(companies)
      .innerJoin(users, eq(users.companyId, companies.id))
      .innerJoin(userProfiles, eq(userProfiles.userId, users.id))
      .where(where)
      .orderBy(desc(companies.createdAt), desc(companies.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db
      .select({ total: count() })
      .from(companies)
      .innerJoin(users, eq(users.companyId, companies.id))
      .innerJoin(userProfiles, eq(userProfiles.userId, users.id))
      .where(where),
  ]);
  return {
    data: rows.map(({ created_at, ...row }) => ({ ...row, member_since: created_at.toISOString() })),
    currentPage: query.page,
    lastPage: Math.max(1, Math.ceil(total / query.per_page)),
    perPage: query.per_page,
    total,
  };
}
