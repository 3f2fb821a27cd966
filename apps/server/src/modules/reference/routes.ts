import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@tradeloop/contracts/common';
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
import { ok } from '../../platform/http.ts';
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

const list = <T extends z.ZodType>(item: T) => ({ 200: envelope(z.array(item)) });

export async function referenceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['reference'];

  // Successful answers only: a 404 or 422 must not be cached.
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode === 200 && !reply.hasHeader('cache-control')) reply.header('cache-control', SHARED_CACHE);
  });

  app.get(
    '/api/v1/currency',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Supported currencies, by id (USD is 1)', response: list(currencySchema) },
    },
    async () => ok(await listCurrencies(app.db)),
  );

  app.get(
    '/api/v1/unit',
    { config: { access: 'public' }, schema: { tags, summary: 'Units of measure', response: list(unitSchema) } },
    async () => ok(await listUnits(app.db)),
  );

  app.get(
    '/api/v1/front/price_terms/list',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Price terms (Incoterms) or payment terms',
        querystring: priceTermsQuerySchema,
        response: list(priceTermSchema),
      },
    },
    async (request) => ok(await listPriceTerms(app.db, request.query.type)),
  );

  app.get(
    '/api/v1/countries',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Countries with region and dialling code', response: list(countrySchema) },
    },
    async () => ok(await listCountries(app.db)),
  );

  app.get(
    '/api/v1/countries/phone',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Countries for phone inputs, with suggested ones flagged',
        response: list(phoneCountrySchema),
      },
    },
    async () => ok(await listPhoneCountries(app.db)),
  );

  app.get(
    '/api/v1/territories',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'The eight sales territories', response: list(territorySchema) },
    },
    async () => ok(await listTerritories(app.db)),
  );

  app.get(
    '/api/v1/states',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'States of a country', querystring: statesQuerySchema, response: list(stateSchema) },
    },
    async (request) => ok(listStates(request.query.country)),
  );

  app.get(
    '/api/v1/cities',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Cities of a country or one of its states',
        querystring: citiesQuerySchema,
        response: list(citySchema),
      },
    },
    async (request) => ok(listCities(request.query)),
  );

  app.get(
    '/api/v1/ports/airports',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Airports by IATA code, name or city',
        querystring: portsQuerySchema,
        response: list(portSchema),
      },
    },
    async (request) => ok(findAirports(request.query)),
  );

  app.get(
    '/api/v1/ports/seaports',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Seaports by UN/LOCODE, name or city',
        querystring: portsQuerySchema,
        response: list(portSchema),
      },
    },
    async (request) => ok(findSeaports(request.query)),
  );

  app.get(
    '/api/v1/geo/country',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "The caller's country, from the IP address",
        response: { 200: envelope(geoCountrySchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE_CACHE);
      return ok(countryForIp(request.ip, app.config.defaultCountry));
    },
  );
}
