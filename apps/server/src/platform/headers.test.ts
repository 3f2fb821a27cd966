import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers.ts';
import { PERMISSIONS_POLICY, STRICT_TRANSPORT_SECURITY } from './headers.ts';

const overHttps = { 'x-forwarded-proto': 'https' };

describe('security headers', () => {
  let direct: FastifyInstance;
  let proxied: FastifyInstance;
  beforeAll(async () => {
    [direct, proxied] = await Promise.all([createTestApp(), createTestApp({ TRUST_PROXY: 'true' })]);
  });
  afterAll(() => Promise.all([direct.close(), proxied.close()]));

  it('every answer keeps the CSP and nosniff and sends no referrer and a permissions policy', async () => {
    for (const url of ['/api/v1/no/such/route', '/api/v1/categoryList', '/api/docs/json']) {
      const response = await direct.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(response.headers['permissions-policy'], url).toBe(PERMISSIONS_POLICY);
    }
    expect(PERMISSIONS_POLICY).toContain('geolocation=()');
  });

  it('sends HSTS behind a trusted proxy when the request came over HTTPS', async () => {
    const response = await proxied.inject({ method: 'GET', url: '/api/v1/no/such/route', headers: overHttps });
    expect(response.headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
  });

  it('sends no HSTS behind a trusted proxy when the request came over plain HTTP', async () => {
    for (const headers of [{ 'x-forwarded-proto': 'http' }, {}]) {
      const response = await proxied.inject({ method: 'GET', url: '/api/v1/no/such/route', headers });
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends no HSTS without TRUST_PROXY, whatever the request claims', async () => {
    const response = await direct.inject({ method: 'GET', url: '/api/v1/no/such/route', headers: overHttps });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});
