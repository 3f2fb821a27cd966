import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  RESPONSE_MIN_REQUESTS,
  sellerDirectoryPageSchema,
  sellerDirectoryQuerySchema,
} from '@tradeloop/contracts/directory';
import { routes } from '../../platform/routes.ts';
import { listSellers } from '../accounts/public.ts';
import { memberTypesOf } from '../market/public.ts';
import { responseFigures, type ResponseFigures } from '../quotes/public.ts';
import { companyRatings } from '../ratings/public.ts';
import { companyLogoCards } from './images.ts';

/**
 * The public supplier directory: seller companies, newest first, each card with its logo, rating,
 * verification and response to quote requests (issue 42). It lives with the company's presence, above the
 * accounts that list the sellers and the ratings, marketplace and quotes facts it shows.
 */
export async function directoryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const route = routes(fastify);
  route.get(
    '/api/v1/front/sellers',
    {
      access: 'public',
      tags: ['company presence: supplier directory'],
      summary: 'Supplier directory',
      querystring: sellerDirectoryQuerySchema,
      data: sellerDirectoryPageSchema,
    },
    async ({ request }) => {
      const sellers = await listSellers(app.db, request.query);
      const ids = sellers.data.map((seller) => seller.company_id);
      const [logos, ratings, memberTypes, responses] = await Promise.all([
        companyLogoCards(app.db, ids),
        companyRatings(app.db, ids),
        memberTypesOf(app.db, ids),
        responseFigures(app.db, ids),
      ]);
      return {
        ...sellers,
        data: sellers.data.map((seller) => ({
          ...seller,
          logo: logos.get(seller.company_id) ?? null,
          rating: ratings.get(seller.company_id) ?? null,
          member_type: memberTypes.get(seller.company_id)!,
          response: cardResponse(responses.get(seller.company_id)),
        })),
      };
    },
  );
}

function cardResponse(figures: ResponseFigures | undefined) {
  if (!figures || figures.requests < RESPONSE_MIN_REQUESTS) return null;
  return {
    requests: figures.requests,
    rate: Math.round((figures.answered / figures.requests) * 100),
    median_seconds: figures.medianSeconds,
  };
}
