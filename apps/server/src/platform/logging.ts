import type { FastifyRequest } from 'fastify';

/**
 * What the log may show of text that can carry secrets (decision 025): sign-in links carry their token in
 * the query string, so every query value is masked, and any run that looks like a token (20 or more
 * letters, digits, `-` or `_`, with letters and digits both) is masked wherever it stands. Passwords are
 * never given to the log at all: request bodies are not logged.
 */
export const MASK = '***';

const queryValue = /([?&][^=&\s#"'<>]+=)[^&\s#"'<>]+/g;
const tokenLike = /(?<![\w-])(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w-]{20,}(?![\w-])/g;

export function maskSecrets(text: string): string {
  return text.replace(queryValue, `$1${MASK}`).replace(tokenLike, MASK);
}

/** The request as the log shows it: Fastify's fields, with the URL's query values masked. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: maskSecrets(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
