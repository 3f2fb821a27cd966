import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  citiesQuerySchema,
  citySchema,
  countrySchema,
  currencySchema,
  geoCountrySchema,
  phoneCountrySchema,
  portSchema,
  portsQuerySchema,
  priceTermSchema,
  priceTermsQuerySchema,
  stateSchema,
  statesQuerySchema,
  territorySchema,
  unitSchema,
} from '@tradeloop/contracts/reference';
import { routes } from '../../platform/routes.ts';
import {
  countryForIp,
  findAirports,
  findSeaports,
  listCities,
  listCountries,
  listCurrencies,
  listPhoneCountries,
  listPriceTerms,
  listStates,
  listTerritories,
  listUnits,
} from './service.ts';

/** Reference data changes only with a release, so browsers and shared caches may keep it an hour. */
const SHARED_CACHE = 'public, max-age=3600';
/** The visitor's own country depends on the address: only the visitor's browser may keep it. */
const PRIVATE_CACHE = 'private, max-age=3600';

export async function referenceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const route = routes(fastify);
  const tags = ['reference'];

  // Successful answers only: a 404 or 422 must not be cached.
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode === 200 && !reply.hasHeader('cache-control')) reply.header('cache-control', SHARED_CACHE);
  });

  route.get(
    '/api/v1/currency',
    { access: 'public', tags, summary: 'Supported currencies, by id (USD is 1)', data: z.array(currencySchema) },
    async () => listCurrencies(app.db),
  );

  route.get(
    '/api/v1/unit',
    { access: 'public', tags, summary: 'Units of measure', data: z.array(unitSchema) },
    async () => listUnits(app.db),
  );

  route.get(
    '/api/v1/front/price_terms/list',
    {
      access: 'public',
      tags,
      summary: 'Price terms (Incoterms) or payment terms',
      querystring: priceTermsQuerySchema,
      data: z.array(priceTermSchema),
    },
    async ({ request }) => listPriceTerms(app.db, request.query.type),
  );

  route.get(
    '/api/v1/countries',
    { access: 'public', tags, summary: 'Countries with region and dialling code', data: z.array(countrySchema) },
    async () => listCountries(app.db),
  );

  route.get(
    '/api/v1/countries/phone',
    {
      access: 'public',
      tags,
      summary: 'Countries for phone inputs, with suggested ones flagged',
      data: z.array(phoneCountrySchema),
    },
    async () => listPhoneCountries(app.db),
  );

  route.get(
    '/api/v1/territories',
    { access: 'public', tags, summary: 'The eight sales territories', data: z.array(territorySchema) },
    async () => listTerritories(app.db),
  );

  route.get(
    '/api/v1/states',
    {
      access: 'public',
      tags,
      summary: 'States of a country',
      querystring: statesQuerySchema,
      data: z.array(stateSchema),
    },
    async ({ request }) => listStates(request.query.country),
  );

  route.get(
    '/api/v1/cities',
    {
      access: 'public',
      tags,
      summary: 'Cities of a country or one of its states',
      querystring: citiesQuerySchema,
      data: z.array(citySchema),
    },
    async ({ request }) => listCities(request.query),
  );

  route.get(
    '/api/v1/ports/airports',
    {
      access: 'public',
      tags,
      summary: 'Airports by IATA code, name or city',
      querystring: portsQuerySchema,
      data: z.array(portSchema),
    },
    async ({ request }) => findAirports(request.query),
  );

  route.get(
    '/api/v1/ports/seaports',
    {
      access: 'public',
      tags,
      summary: 'Seaports by UN/LOCODE, name or city',
      querystring: portsQuerySchema,
      data: z.array(portSchema),
    },
    async ({ request }) => findSeaports(request.query),
  );

  route.get(
    '/api/v1/geo/country',
    { access: 'public', tags, summary: "The caller's country, from the IP address", data: geoCountrySchema },
    async ({ request, reply }) => {
      reply.header('cache-control', PRIVATE_CACHE);
      return countryForIp(request.ip, app.config.defaultCountry);
    },
  );
}
