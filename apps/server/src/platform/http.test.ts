import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT_BYTES, SERVER_MESSAGES } from '@tradeloop/contracts/common';
import { createTestApp } from '../../test/helpers.ts';
import { AppError, invalid, notFound } from './errors.ts';
import { toFailure } from './http.ts';

describe('toFailure', () => {
  it('keeps the status, message and field errors of an AppError', () => {
    expect(toFailure(invalid({ name: ['Name is required'] }), 'req-1')).toEqual({
      statusCode: 422,
      body: { status: false, message: 'Name is required', errors: { name: ['Name is required'] } },
    });
    expect(toFailure(notFound(), 'req-1').statusCode).toBe(404);
    expect(toFailure(new AppError(409, 'Taken'), 'req-1').body.message).toBe('Taken');
  });

  it('hides an unexpected error behind the generic message and the request id', () => {
    const failure = toFailure(new Error('connection refused at 10.0.0.5'), 'req-42');
    expect(failure).toEqual({
      statusCode: 500,
      body: { status: false, message: SERVER_MESSAGES.internal, request_id: 'req-42' },
    });
  });
});

describe('the error handler', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
    app.get('/test/boom', async () => {
      throw new Error('secret stack detail');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers malformed JSON with 400 and a clear message', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"email_id": "a@b.c", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: false, message: SERVER_MESSAGES.invalidJson });
  });

  it('answers an oversized body with 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email_id: 'a@b.c', password: 'x'.repeat(JSON_BODY_LIMIT_BYTES) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ status: false, message: SERVER_MESSAGES.bodyTooLarge });
  });

  it('answers a body that is not JSON at all with 415', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      headers: { 'content-type': 'application/xml' },
      payload: '<signin/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().status).toBe(false);
  });

  it('answers a missing body with 422 naming the fields', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/v1/auth/signin' });
    expect(response.statusCode).toBe(422);
    expect(response.json().status).toBe(false);
  });

  it('answers an unknown API route with the JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/no/such/route' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: false, message: SERVER_MESSAGES.routeNotFound });
  });

  it('turns a crash into 500 with the generic message and a request id, never a stack', async () => {
    const response = await app.inject({ method: 'GET', url: '/test/boom' });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body.message).toBe(SERVER_MESSAGES.internal);
    expect(body.request_id).toBe(response.headers['x-request-id']);
    expect(response.body).not.toContain('secret stack detail');
  });

  it('sends security headers and a request id on every answer', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/no/such/route' });
    expect(response.headers['x-request-id']).toBeTruthy();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
