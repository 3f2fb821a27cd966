import { and, count, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@tradeloop/contracts/common';
import { sellerDirectoryPageSchema, sellerDirectoryQuerySchema } from '@tradeloop/contracts/directory';
import { ok } from '../../platform/http.ts';
import { companies, userProfiles, users } from './tables.ts';

/** The public supplier directory: seller companies, newest first. */
export async function directoryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/v1/front/sellers',
    {
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'Supplier directory',
        querystring: sellerDirectoryQuerySchema,
        response: { 200: envelope(sellerDirectoryPageSchema) },
      },
    },
    async (request) => {
      const { company_type, country, search, page, per_page } = request.query;
      const escaped = search?.replace(/[\\%_]/g, '\\$&');
      const conditions = [
        eq(users.userType, 'seller'),
        isNull(users.deletedAt),
        company_type && eq(companies.companyType, company_type),
        country && eq(companies.countryCode, country),
        escaped && or(ilike(companies.name, `%${escaped}%`), ilike(userProfiles.city, `%${escaped}%`)),
      ].filter(Boolean) as SQL[];
      const where = and(...conditions);
      const from = () =>
        app.db
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
          .innerJoin(userProfiles, eq(userProfiles.userId, users.id));
      const [rows, [{ total }]] = await Promise.all([
        from()
          .where(where)
          .orderBy(desc(companies.createdAt), desc(companies.id))
          .limit(per_page)
          .offset((page - 1) * per_page),
        app.db
          .select({ total: count() })
          .from(companies)
          .innerJoin(users, eq(users.companyId, companies.id))
          .innerJoin(userProfiles, eq(userProfiles.userId, users.id))
          .where(where),
      ]);
      return ok({
        data: rows.map(({ created_at, ...row }) => ({ ...row, member_since: created_at.toISOString() })),
        currentPage: page,
        lastPage: Math.max(1, Math.ceil(total / per_page)),
        perPage: per_page,
        total,
      });
    },
  );
}
