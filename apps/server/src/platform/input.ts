import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SERVER_MESSAGES } from '@tradeloop/contracts/common';
import { AppError, invalid } from './errors.ts';

/**
 * The one input boundary of decision 025: text PostgreSQL cannot store is refused before any route
 * sees it, and a multipart body that cannot be parsed is the client's mistake, never a 500.
 */

/** PostgreSQL text and jsonb cannot hold NUL; every other character of a JS string reaches it as UTF-8. */
const unstorable = '\u0000';

/** Half of a UTF-16 pair with no other half: not a character, and jsonb refuses its JSON escape. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const loneSurrogates = new RegExp(loneSurrogate.source, 'g');

/**
 * Makes the text of `value` storable in place and answers the first field (dotted path) it cannot: lone
 * surrogates in strings become U+FFFD, as a text column stores them (written into a jsonb column as JSON,
 * they would be an escape PostgreSQL refuses); NUL, and a key with either, cannot be mended. Iterative: a
 * body nested ten thousand levels deep is walked once, without growing the call stack.
 */
export function makeStorable(value: unknown): string | undefined {
  const pending: [unknown, string][] = [[value, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === 'string') {
      if (item.includes(unstorable)) return path;
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      const record = item as Record<string, unknown>;
      for (const [key, child] of Object.entries(record)) {
        const field = path ? `${path}.${key}` : key;
        if (key.includes(unstorable) || loneSurrogate.test(key)) return field;
        if (typeof child === 'string' && loneSurrogate.test(child))
          record[key] = child.replace(loneSurrogates, '\uFFFD');
        pending.push([record[key], field]);
      }
    }
  }
  return undefined;
}

function refuse(field: string) {
  return invalid({ [field.replaceAll(unstorable, '') || 'body']: [SERVER_MESSAGES.invalidCharacter] });
}

type Parts = FastifyRequest['parts'];

/** busboy's own errors (no boundary, a wrong one, a body cut short) are plain errors without a code. */
function multipartFailure(error: unknown) {
  const unmarked = error instanceof Error && Object.getPrototypeOf(error) === Error.prototype && !('code' in error);
  return unmarked ? new AppError(400, SERVER_MESSAGES.invalidMultipart) : error;
}

/** The parts of a multipart body, its text fields checked like JSON text, a malformed body a 400. */
function checkedParts(request: FastifyRequest, parts: Parts): Parts {
  return async function* (options) {
    try {
      for await (const part of parts.call(request, options)) {
        const text = part.type === 'file' ? part.filename : part.value;
        if (typeof text === 'string' && text.includes(unstorable)) throw refuse(part.fieldname);
        if (part.type === 'file') {
          const toBuffer = part.toBuffer;
          part.toBuffer = () => toBuffer.call(part).catch((error: unknown) => Promise.reject(multipartFailure(error)));
        }
        yield part;
      }
    } catch (error) {
      throw multipartFailure(error);
    }
  };
}

export function registerInputBoundary(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const field = makeStorable(request.params) ?? makeStorable(request.query) ?? makeStorable(request.body);
    if (field !== undefined) throw refuse(field);
  });
  // Routes that read multipart bodies (their scope registered @fastify/multipart) read them through the check.
  app.addHook('preHandler', async (request) => {
    if (typeof request.parts === 'function' && request.isMultipart())
      request.parts = checkedParts(request, request.parts);
  });
}
