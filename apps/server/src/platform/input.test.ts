import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@tradeloop/contracts/common';
import { as, createTestApp, signUp, type TestUser } from '../../test/helpers.ts';
import { makeStorable } from './input.ts';

describe('makeStorable: what cannot be stored', () => {
  it('names the first field, at any depth, whose text or key holds NUL', () => {
    expect(makeStorable({ a: 'fine', b: [{ c: 'x\u0000y' }] })).toBe('b.0.c');
    expect(makeStorable({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(makeStorable('\u0000')).toBe('');
    expect(makeStorable({ a: '😀 \u202e\u200f שלום \u0001\u007f', b: 1, c: null })).toBeUndefined();
  });

  it('walks a body nested far deeper than the call stack', () => {
    let deep: unknown = 'x\u0000';
    for (let level = 0; level < 100_000; level += 1) deep = { a: [deep] };
    expect(makeStorable(deep)?.startsWith('a.0.a.0')).toBe(true);
  });
});

describe('the input boundary', () => {
  let app: FastifyInstance;
  let seller: TestUser;
  beforeAll(async () => {
    app = await createTestApp();
    seller = await signUp(app, 'seller');
  });
  afterAll(() => app.close());

  const refusal = (field: string) => ({
    status: false,
    message: SERVER_MESSAGES.invalidCharacter,
    errors: { [field]: [SERVER_MESSAGES.invalidCharacter] },
  });

  it('POST /api/v1/brands/propose refuses NUL in a JSON field with 422 naming it', async () => {
    const response = await as(app, seller, {
      method: 'POST',
      url: '/api/v1/brands/propose',
      payload: { name: 'Acme\u0000Tools' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(refusal('name'));
  });

  it('GET /api/v1/front/search/suggestions refuses NUL in the query string', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/front/search/suggestions?q=pu%00mp' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(refusal('q'));
  });

  it('GET /api/v1/front/product/detail/:key refuses NUL in a path parameter', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/front/product/detail/pump%00' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(refusal('key'));
  });

  it('keeps emoji, right-to-left marks and other control characters', async () => {
    const name = 'Pumpen 😀 \u200fשלום\u200e \u0007';
    const response = await as(app, seller, { method: 'POST', url: '/api/v1/brands/propose', payload: { name } });
    expect(response.statusCode).toBeLessThan(300);
    expect(response.body).toContain('😀');
  });

  const upload = (contentType: string, payload: string) =>
    as(app, seller, {
      method: 'POST',
      url: '/chat/v1/groups/avatar',
      headers: { 'content-type': contentType },
      payload,
    });

  it('answers a multipart body without a boundary with 400', async () => {
    const response = await upload('multipart/form-data', '--x\r\n\r\n');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: false, message: SERVER_MESSAGES.invalidMultipart });
  });

  it('answers a multipart body with a wrong boundary, or cut short, with 400', async () => {
    const part = 'Content-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc';
    for (const response of [
      await upload('multipart/form-data; boundary=right', `--wrong\r\n${part}\r\n--wrong--\r\n`),
      await upload('multipart/form-data; boundary=cut', `--cut\r\n${part}`),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: false, message: SERVER_MESSAGES.invalidMultipart });
    }
  });

  it.each([
    ['a text field', 'room_id', 'Content-Disposition: form-data; name="room_id"\r\n\r\n1\u0000'],
    [
      'a file name',
      'avatar',
      'Content-Disposition: form-data; name="avatar"; filename="a\u0000.png"\r\nContent-Type: image/png\r\n\r\npng',
    ],
  ])('refuses NUL in %s of a multipart body with 422 naming the field', async (_what, field, part) => {
    const response = await upload('multipart/form-data; boundary=b', `--b\r\n${part}\r\n--b--\r\n`);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(refusal(field));
  });

  it('answers a multipart limit the route has no message for with 413 and the envelope', async () => {
    const response = await as(app, seller, {
      method: 'POST',
      url: '/api/v1/front/getQuery/submit',
      headers: { 'content-type': 'multipart/form-data; boundary=q' },
      payload:
        '--q\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nabc\r\n--q--\r\n',
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ status: false, message: SERVER_MESSAGES.bodyTooLarge });
  });
});

describe('makeStorable: half a UTF-16 pair', () => {
  it('turns half a UTF-16 pair into U+FFFD in nested strings and keeps whole pairs', () => {
    const body = { a: 'x\ud83d y', b: [{ c: '\udc00' }, '😀 \ud83d'], d: 1, e: null, f: '👩🏽‍💻' };
    makeStorable(body);
    expect(body).toEqual({ a: 'x\ufffd y', b: [{ c: '\ufffd' }, '😀 \ufffd'], d: 1, e: null, f: '👩🏽‍💻' });
  });

  it('refuses a key with half a pair', () => {
    expect(makeStorable({ ['k\ud83d']: 1 })).toBe('k\ud83d');
  });
});
