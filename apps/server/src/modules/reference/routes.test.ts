import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers.ts';
import { appMetaValue, setAppMeta } from '../../platform/app-meta.ts';
import { loadReferenceData, REFERENCE_DATA_VERSION } from './seed.ts';
import { forgetCachedLists } from './service.ts';
import { countries, currencies } from './tables.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app.close();
});

async function get(url: string) {
  const response = await app.inject({ method: 'GET', url });
  return { status: response.statusCode, headers: response.headers, body: response.json() };
}

type Named = { name: string };
type Port = { code: string; name: string; city: string; country: string; country_code: string | null };

describe('GET /api/v1/currency', () => {
  it('lists the 26 currencies by id, USD first, with the Rupee entry', async () => {
    const { status, headers, body } = await get('/api/v1/currency');
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('public, max-age=3600');
    expect(body.status).toBe(true);
    expect(body.data).toHaveLength(26);
    expect(body.data[0]).toEqual({ id: 1, name: 'US Dollar', code: 'USD', symbol: '$' });
    expect(body.data.map((c: { id: number }) => c.id)).toEqual(Array.from({ length: 26 }, (_, i) => i + 1));
    expect(body.data).toContainEqual(expect.objectContaining({ code: 'Rupee', symbol: '₹' }));
  });
});

describe('the cached reference lists', () => {
  it('are read from the database once, until they are forgotten', async () => {
    await get('/api/v1/currency');
    await app.db.update(currencies).set({ name: 'Dollar (renamed)' }).where(eq(currencies.code, 'USD'));
    try {
      expect((await get('/api/v1/currency')).body.data[0].name).toBe('US Dollar');
      forgetCachedLists(app.db);
      expect((await get('/api/v1/currency')).body.data[0].name).toBe('Dollar (renamed)');
    } finally {
      await app.db.update(currencies).set({ name: 'US Dollar' }).where(eq(currencies.code, 'USD'));
      forgetCachedLists(app.db);
    }
  });
});

describe('GET /api/v1/unit', () => {
  it('lists units with ids', async () => {
    const { status, body } = await get('/api/v1/unit');
    expect(status).toBe(200);
    expect(body.data[0]).toEqual({ id: 1, name: 'Piece' });
    expect(body.data.map((u: Named) => u.name)).toContain('Kilogram');
  });
});

describe('GET /api/v1/front/price_terms/list', () => {
  it('answers Incoterms by default', async () => {
    const { status, body } = await get('/api/v1/front/price_terms/list');
    expect(status).toBe(200);
    expect(body.data.map((t: Named) => t.name)).toContain('FOB');
    expect(body.data.every((t: { type: string }) => t.type === 'price_term')).toBe(true);
  });

  it('answers payment terms for type=payment_term, with ids apart from the Incoterms', async () => {
    const { body } = await get('/api/v1/front/price_terms/list?type=payment_term');
    expect(body.data.map((t: Named) => t.name)).toContain('Net 30');
    expect(body.data.every((t: { type: string; id: number }) => t.type === 'payment_term' && t.id > 100)).toBe(true);
  });

  it('refuses an unknown type with 422', async () => {
    const { status, body } = await get('/api/v1/front/price_terms/list?type=discount');
    expect(status).toBe(422);
    expect(body.status).toBe(false);
  });
});

describe('GET /api/v1/countries', () => {
  type CountryItem = { id: number; name: string; code: string; iso2: string; region: number; country_code: string };
  let list: CountryItem[];
  const byIso = (iso2: string) => list.find((c) => c.iso2 === iso2);

  beforeAll(async () => {
    list = (await get('/api/v1/countries')).body.data;
  });

  it('lists the full country list with dialling codes', () => {
    expect(list.length).toBeGreaterThan(240);
    expect(byIso('US')).toMatchObject({ code: 'US', name: 'United States', country_code: '+1', region: 1 });
    expect(byIso('IN')?.country_code).toBe('+91');
    expect(list.every((c) => /^\+[1-9]\d{0,3}$/.test(c.country_code))).toBe(true);
    // The calling code, not calling code plus area code as the package spells '+44-1481'.
    expect(byIso('GG')?.country_code).toBe('+44');
    expect(byIso('AS')?.country_code).toBe('+1');
  });

  it('codes Montenegro with three letters and every other country with two', () => {
    expect(byIso('ME')).toMatchObject({ code: 'MNE', name: 'Montenegro' });
    expect(list.filter((c) => c.code.length !== 2).map((c) => c.code)).toEqual(['MNE']);
  });

  it('puts every country in one of the eight territories', () => {
    expect(new Set(list.map((c) => c.region))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8]));
    expect(byIso('AE')?.region).toBe(5);
    expect(byIso('SA')?.region).toBe(5);
    expect(byIso('IL')?.region).toBe(4);
    expect(byIso('TR')?.region).toBe(4);
    expect(byIso('BR')?.region).toBe(6);
    expect(byIso('DE')?.region).toBe(2);
    expect(byIso('ES')?.region).toBe(2);
    expect(byIso('RU')?.region).toBe(2);
    expect(byIso('MX')?.region).toBe(1);
    expect(byIso('JP')?.region).toBe(3);
    expect(byIso('NG')?.region).toBe(7);
    expect(byIso('AU')?.region).toBe(8);
  });
});

describe('GET /api/v1/countries/phone', () => {
  it('flags AU, CA, DE, FR, JP and US as suggested', async () => {
    const { status, body } = await get('/api/v1/countries/phone');
    expect(status).toBe(200);
    const suggested = body.data.filter((c: { suggested: boolean }) => c.suggested).map((c: { code: string }) => c.code);
    expect(suggested.sort()).toEqual(['AU', 'CA', 'DE', 'FR', 'JP', 'US']);
    expect(body.data).toContainEqual({ code: 'FR', name: 'France', phone: '+33', suggested: true, flag: '🇫🇷' });
    expect(body.data).toContainEqual(expect.objectContaining({ code: 'ME', suggested: false }));
  });
});

describe('GET /api/v1/territories', () => {
  it('lists the eight territories with value and view', async () => {
    const { body } = await get('/api/v1/territories');
    expect(body.data).toHaveLength(8);
    expect(body.data[2]).toEqual({ id: 3, name: 'Asia', code: 'AS', value: '3t', view: 'Asia', type: 'Territory' });
    expect(body.data.map((t: { value: string }) => t.value)).toEqual(['1t', '2t', '3t', '4t', '5t', '6t', '7t', '8t']);
  });
});

describe('GET /api/v1/states', () => {
  it('lists the states of a country', async () => {
    const { status, body } = await get('/api/v1/states?country=IN');
    expect(status).toBe(200);
    expect(body.data).toContainEqual({ name: 'Maharashtra', code: 'MH', country_code: 'IN' });
  });
});

describe('GET /api/v1/cities', () => {
  it('lists the cities of a state, sorted by name', async () => {
    const { status, headers, body } = await get('/api/v1/cities?country=IN&state=MH');
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('public, max-age=3600');
    const names = body.data.map((c: Named) => c.name);
    expect(names).toContain('Mumbai');
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(
      body.data.every(
        (c: { state_code: string; country_code: string }) => c.state_code === 'MH' && c.country_code === 'IN',
      ),
    ).toBe(true);
  });

  it('finds the country by name and the state by name, case-insensitively', async () => {
    const { body } = await get('/api/v1/cities?country=india&state=maharashtra&search=mum');
    expect(body.data[0].name).toBe('Mumbai');
  });

  it('accepts MNE for Montenegro', async () => {
    const { status, body } = await get('/api/v1/cities?country=MNE');
    expect(status).toBe(200);
    expect(body.data.map((c: Named) => c.name)).toContain('Podgorica');
  });

  it('answers 404 for an unknown country, without caching it', async () => {
    const { status, headers, body } = await get('/api/v1/cities?country=Atlantis');
    expect(status).toBe(404);
    expect(body).toEqual({ status: false, message: 'Country not found.' });
    expect(headers['cache-control']).toBeUndefined();
  });

  it('answers 404 for an unknown state', async () => {
    const { status } = await get('/api/v1/cities?country=IN&state=Atlantis');
    expect(status).toBe(404);
  });

  it('answers 422 without a country', async () => {
    const { status } = await get('/api/v1/cities');
    expect(status).toBe(422);
  });
});

describe('GET /api/v1/ports/airports', () => {
  it('puts the exact IATA code first', async () => {
    const { status, body } = await get('/api/v1/ports/airports?search=JFK');
    expect(status).toBe(200);
    expect(body.data[0]).toEqual({
      code: 'JFK',
      name: 'John F Kennedy International Airport',
      city: 'New York',
      country: 'United States',
      country_code: 'US',
    });
  });

  it('filters by country name and limits the answer', async () => {
    const { body } = await get('/api/v1/ports/airports?country=Germany&limit=5');
    expect(body.data).toHaveLength(5);
    expect(body.data.every((p: Port) => p.country_code === 'DE')).toBe(true);
  });

  it('resolves country names that differ between datasets', async () => {
    const { body } = await get('/api/v1/ports/airports?country=MM&search=yangon');
    expect(body.data[0]).toMatchObject({ code: 'RGN', country: 'Burma', country_code: 'MM' });
  });

  it.each(['limit=0', 'limit=abc', 'limit=101'])('answers 422 for %s', async (query) => {
    const { status, body } = await get(`/api/v1/ports/airports?${query}`);
    expect(status).toBe(422);
    expect(body.status).toBe(false);
    expect(body.errors).toHaveProperty('limit');
  });

  it('answers 404 for an unknown country', async () => {
    const { status } = await get('/api/v1/ports/airports?country=Atlantis');
    expect(status).toBe(404);
  });
});

describe('GET /api/v1/ports/seaports', () => {
  it('filters by country code', async () => {
    const { status, body } = await get('/api/v1/ports/seaports?country=AE&limit=50');
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThan(1);
    expect(body.data.every((p: Port) => p.country_code === 'AE')).toBe(true);
    expect(body.data.map((p: Port) => p.code)).toContain('AEJEA');
  });

  it('searches by name or city', async () => {
    const { body } = await get('/api/v1/ports/seaports?search=rotterdam');
    expect(body.data[0]).toMatchObject({ code: 'NLRTM', country_code: 'NL' });
  });
});

describe('GET /api/v1/geo/country', () => {
  it('answers the default country for a loopback address, for the browser only', async () => {
    const { status, headers, body } = await get('/api/v1/geo/country');
    expect(status).toBe(200);
    expect(body.data).toEqual({ country_code: 'US', source: 'default' });
    expect(headers['cache-control']).toBe('private, max-age=3600');
  });

  it('answers the country of a public address', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/geo/country', remoteAddress: '8.8.8.8' });
    expect(response.json().data).toEqual({ country_code: 'US', source: 'ip' });
  });
});

describe('loadReferenceData', () => {
  it('stores its version and does nothing more while it is current', async () => {
    expect(await appMetaValue(app.db, 'reference_data_version')).toBe(REFERENCE_DATA_VERSION);
    await app.db.update(countries).set({ name: 'Renamed' }).where(eq(countries.iso2, 'FR'));
    await loadReferenceData(app.db);
    const [france] = await app.db.select().from(countries).where(eq(countries.iso2, 'FR'));
    expect(france?.name).toBe('Renamed');
  });

  it('reloads an older version in place, keeping every id', async () => {
    const before = await app.db.select({ id: countries.id, iso2: countries.iso2 }).from(countries);
    await setAppMeta(app.db, 'reference_data_version', 0);
    await loadReferenceData(app.db);
    const after = await app.db.select({ id: countries.id, iso2: countries.iso2, name: countries.name }).from(countries);
    expect(after.find((c) => c.iso2 === 'FR')?.name).toBe('France');
    expect(new Map(after.map((c) => [c.iso2, c.id]))).toEqual(new Map(before.map((c) => [c.iso2, c.id])));
  });
});
