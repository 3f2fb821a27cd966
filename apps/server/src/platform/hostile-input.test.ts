import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES } from '@tradeloop/contracts/chat';
import { createTestApp, signUp, type TestUser } from '../../test/helpers.ts';

/**
 * Walks every operation of the OpenAPI document with hostile input, anonymously and as a seller owner,
 * and fails on any 500 and on any answer that shows a stack or SQL (decision 025).
 */

type Schema = {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: boolean | number;
  maximum?: number;
  minItems?: number;
};
type Parameter = { name: string; in: 'path' | 'query' | 'header'; schema?: Schema };
type Operation = {
  /** `[]` on public routes. */
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};
type Walked = { method: string; path: string; operation: Operation };

/** Free text of a hostile kind, fitted to a string schema's length limits unless `ignoreLimits`. */
type Text = { value: string; ignoreLimits?: boolean };

const candidatesForPattern = ['1', 'a', 'abc', 'ab12', 'US', 'USD', '#ffffff', '+14155550123', '2026-01-01', '10:00'];

function branch(schema: Schema): Schema {
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return options.find((option) => option.type !== 'null' && option.nullable !== true) ?? options[0];
  if (schema.allOf) return Object.assign({}, ...schema.allOf);
  return schema;
}

function typeOf(schema: Schema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null');
  if (schema.type) return schema.type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

function stringFor(schema: Schema, text: Text): string {
  if (schema.enum) return String(schema.enum[0]);
  switch (schema.format) {
    case 'email':
      return 'walker@example.test';
    case 'date':
      return '2026-01-01';
    case 'date-time':
      return '2026-01-01T10:00:00.000Z';
    case 'uri':
      return 'https://example.test/page';
  }
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    if (!pattern.test(text.value)) return candidatesForPattern.find((value) => pattern.test(value)) ?? text.value;
  }
  if (text.ignoreLimits) return text.value;
  let value = text.value;
  if (schema.maxLength !== undefined && value.length > schema.maxLength)
    value = [...value].slice(0, schema.maxLength).join('');
  while (schema.minLength !== undefined && value.length < schema.minLength) value += 'a';
  return value;
}

/** A value of the schema's shape, every free string being the hostile text. */
function sample(input: Schema, text: Text, depth = 0): unknown {
  const schema = branch(input);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && typeOf(schema) !== 'string') return schema.enum[0];
  switch (typeOf(schema)) {
    case 'string':
      return stringFor(schema, text);
    case 'integer':
    case 'number': {
      const least = schema.minimum === undefined ? 1 : schema.minimum + (schema.exclusiveMinimum === true ? 1 : 0);
      return Math.min(Math.max(least, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return true;
    case 'array':
      if (depth > 6) return [];
      return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () =>
        sample(schema.items ?? {}, text, depth + 1),
      );
    case 'object':
      if (depth > 6) return {};
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, property]) => [name, sample(property, text, depth + 1)]),
      );
    default:
      return text.value;
  }
}

/** A value of another type than the schema's. */
function wrongType(input: Schema): unknown {
  switch (typeOf(branch(input))) {
    case 'string':
      return { value: 1 };
    case 'integer':
    case 'number':
      return 'not a number';
    case 'boolean':
      return 'yes';
    case 'array':
      return { 0: 'x' };
    case 'object':
      return ['x'];
    default:
      return [[{}]];
  }
}

function mapProperties(schema: Schema, change: (property: Schema) => unknown): Record<string, unknown> {
  const object = branch(schema);
  return Object.fromEntries(
    Object.entries(object.properties ?? {}).map(([name, property]) => [name, change(property)]),
  );
}

/** JSON of objects and arrays nested `levels` deep (written out: JSON.stringify itself would overflow). */
function deeplyNested(levels: number): string {
  return '{"a":['.repeat(levels / 2) + '"bottom"' + ']}'.repeat(levels / 2);
}

const nulAndControls: Text = { value: 'a\u0000b\u0001c\u0008\u000b\u001b[31m\u007f\u009f d' };
const emojiAndDirection: Text = { value: '😀 \u202eabc\u202c \u200fשלום\u200e 👩🏽‍💻 \ud83d x' };
const huge: Text = { value: 'x'.repeat(20_000), ignoreLimits: true };
const plain: Text = { value: 'walk' };

/** A URL carries UTF-8: a lone surrogate becomes U+FFFD on the way (bytes that are not UTF-8 are tried apart). */
const wellFormed = (text: string) => Buffer.from(text).toString();

type Attempt = { name: string; options: InjectOptions };

function pathWith(path: string, operation: Operation, value: (parameter: Parameter) => string) {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const parameter = operation.parameters?.find((item) => item.in === 'path' && item.name === name) ?? {
      name,
      in: 'path' as const,
    };
    return encodeURIComponent(wellFormed(value(parameter)));
  });
}

function queryOf(operation: Operation, value: (parameter: Parameter) => unknown): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'query') continue;
    const given = value(parameter);
    query[parameter.name] = Array.isArray(given)
      ? given.map((item) => wellFormed(String(item)))
      : typeof given === 'object'
        ? JSON.stringify(given)
        : wellFormed(String(given));
  }
  return query;
}

/** The hostile requests of one operation. */
function attempts({ method, path, operation }: Walked): Attempt[] {
  const inject = method.toUpperCase() as InjectOptions['method'];
  const validPath = pathWith(path, operation, (parameter) => String(sample(parameter.schema ?? {}, plain)));
  const queryWith = (text: Text) => queryOf(operation, (parameter) => sample(parameter.schema ?? {}, text));
  const list: Attempt[] = [];
  const textKinds: [string, Text][] = [
    ['NUL and control characters', nulAndControls],
    ['emoji and right-to-left marks', emojiAndDirection],
    ['huge strings', huge],
  ];

  // Path parameters and query strings
  if (path.includes('{')) {
    for (const [name, text] of textKinds)
      list.push({
        name: `path: ${name}`,
        options: { method: inject, url: pathWith(path, operation, () => text.value.slice(0, 2000)) },
      });
    list.push({
      name: 'path: negative and huge numbers',
      options: { method: inject, url: pathWith(path, operation, () => '-99999999999999999999999') },
    });
  }
  const hasQuery = operation.parameters?.some((parameter) => parameter.in === 'query');
  if (hasQuery) {
    for (const [name, text] of textKinds)
      list.push({ name: `query: ${name}`, options: { method: inject, url: validPath, query: queryWith(text) } });
    list.push({
      name: 'query: wrong types',
      options: {
        method: inject,
        url: validPath,
        query: queryOf(operation, (parameter) => wrongType(parameter.schema ?? {})),
      },
    });
    const names = operation.parameters
      ?.filter((parameter) => parameter.in === 'query')
      .map((parameter) => parameter.name);
    list.push({
      name: 'query: bytes that are not UTF-8',
      options: { method: inject, url: `${validPath}?${names?.map((name) => `${name}=%ED%A0%BD%FF%00`).join('&')}` },
    });
    list.push({
      name: 'query: arrays for values',
      options: { method: inject, url: validPath, query: queryOf(operation, () => ['1', 'a\u0000', '']) },
    });
  }
  if (method === 'get' || method === 'head') return list;

  // Bodies
  const json = operation.requestBody?.content['application/json']?.schema;
  const send = (name: string, payload: unknown) =>
    list.push({
      name: `body: ${name}`,
      options: { method: inject, url: validPath, query: queryWith(plain), payload: payload as string },
    });
  const raw = (name: string, contentType: string, payload: string) =>
    list.push({
      name: `body: ${name}`,
      options: { method: inject, url: validPath, headers: { 'content-type': contentType }, payload },
    });
  if (json) {
    send('missing fields', {});
    send('wrong types', mapProperties(json, wrongType));
    send(
      'arrays for objects',
      mapProperties(json, (property) =>
        typeOf(branch(property)) === 'object' ? [sample(property, plain)] : sample(property, plain),
      ),
    );
    for (const [name, text] of textKinds) send(name, sample(json, text));
    const valid = sample(json, plain) as Record<string, unknown>;
    const first = Object.keys(branch(json).properties ?? {})[0] ?? 'a';
    const others = JSON.stringify({ ...valid, [first]: undefined }).slice(0, -1);
    raw(
      'deep nesting',
      'application/json',
      `${others}${others === '{' ? '' : ','}${JSON.stringify(first)}:${deeplyNested(10_000)}}`,
    );
  }
  send('an array instead of the object', [sample(json ?? {}, plain)]);
  raw('malformed JSON', 'application/json', '{"a": [1, 2');
  raw('JSON null', 'application/json', 'null');
  raw('wrong content type', 'text/plain', 'hello');
  raw('XML', 'application/xml', '<a>1</a>');
  raw(
    'multipart without boundary',
    'multipart/form-data',
    '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
  );
  raw(
    'multipart with a wrong boundary',
    'multipart/form-data; boundary=right',
    '--wrong\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0000\u0001\r\n--wrong--\r\n',
  );
  raw(
    'multipart cut short',
    'multipart/form-data; boundary=cut',
    '--cut\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc',
  );
  raw(
    'multipart file name with NUL',
    'multipart/form-data; boundary=nul',
    ['file', 'files[]', 'avatar', 'image']
      .map(
        (field) =>
          `--nul\r\nContent-Disposition: form-data; name="${field}"; filename="a\u0000.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG\r\n`,
      )
      .join('') + '--nul--\r\n',
  );
  raw(
    'multipart fields with NUL',
    'multipart/form-data; boundary=nul',
    ['name', 'title', 'message', 'product_id', 'key']
      .map((field) => `--nul\r\nContent-Disposition: form-data; name="${field}"\r\n\r\na\u0000b\r\n`)
      .join('') + '--nul--\r\n',
  );
  return list;
}

const refusedUnread = new Set([
  'path: NUL and control characters',
  'query: NUL and control characters',
  'body: malformed JSON',
  'body: multipart without boundary',
]);

/** Without TRANSLATE_URL the translation endpoint answers 503 by design (ARCHITECTURE.md); nothing else may. */
function unavailableOnPurpose(status: number, body: string) {
  return status === 503 && body === JSON.stringify({ status: false, message: CHAT_MESSAGES.translationUnavailable });
}

/** Stack frames, file paths of the server and SQL are never shown to a client. */
const leaks = [
  /\bat [\w.<>]+ \(.*:\d+:\d+\)/,
  /node_modules|\.ts:\d+/,
  /\b(select [\w"*., ]+ from "?\w|insert into "?\w|update "?\w+"? set |delete from "?\w)/i,
  /Failed query/i,
  /\b(syntax error|violates|relation "|invalid byte sequence|unterminated|PGlite|drizzle)\b/i,
];

describe('hostile input on every route of the OpenAPI document', () => {
  let app: FastifyInstance;
  let seller: TestUser;
  let operations: Walked[];
  beforeAll(async () => {
    app = await createTestApp();
    await app.ready();
    const document = app.swagger() as { paths: Record<string, Record<string, Operation>> };
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ method, path, operation })),
    );
    seller = await signUp(app, 'seller');
  });
  afterAll(() => app.close());

  async function walk(caller: () => TestUser | null, afterOperation: (sawUnauthenticated: boolean) => Promise<void>) {
    const failures: string[] = [];
    for (const walked of operations) {
      const user = caller();
      const isPublic = walked.operation.security?.length === 0;
      // An anonymous caller of a route that needs a token is refused before its input is read: a sample suffices.
      const all = attempts(walked);
      const walkedAttempts = user || isPublic ? all : all.filter((attempt) => refusedUnread.has(attempt.name));
      let sawUnauthenticated = false;
      for (const attempt of walkedAttempts) {
        const headers = { ...attempt.options.headers, ...(user && { authorization: `Bearer ${user.token}` }) };
        const response = await app.inject({ ...attempt.options, headers });
        sawUnauthenticated ||= response.statusCode === 401;
        const where = `${walked.method.toUpperCase()} ${walked.path} (${attempt.name})`;
        if (response.statusCode >= 500 && !unavailableOnPurpose(response.statusCode, response.body))
          failures.push(`${where}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        const leak = leaks.find((pattern) => pattern.test(response.body));
        if (leak) failures.push(`${where}: shows ${leak} in ${response.body.slice(0, 300)}`);
      }
      await afterOperation(sawUnauthenticated);
    }
    return failures;
  }

  it('answers anonymous callers without a 500, a stack or SQL', async () => {
    expect(operations.length).toBeGreaterThan(200);
    expect(
      await walk(
        () => null,
        async () => {},
      ),
    ).toEqual([]);
  });

  it('answers a seller owner without a 500, a stack or SQL', async () => {
    const failures = await walk(
      () => seller,
      async (sawUnauthenticated) => {
        // A route may have ended the session (sign-out, a new password): walk on as a new seller.
        if (!sawUnauthenticated) return;
        const check = await app.inject({
          method: 'GET',
          url: '/api/v1/profile/view',
          headers: { authorization: `Bearer ${seller.token}` },
        });
        if (check.statusCode === 401) seller = await signUp(app, 'seller');
      },
    );
    expect(failures).toEqual([]);
  });
});
