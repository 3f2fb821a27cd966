import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

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

/** An answer slower than this is logged as a warning: at the default level, the log names what was slow. */
export const SLOW_REQUEST_MS = 5_000;

/**
 * One log line per request, written when it is answered, with its method, address and status. Fastify's
 * own controller writes two, one as the request arrives and one (without its address) as it is answered.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime) };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (line.responseTime >= SLOW_REQUEST_MS) reply.log.warn(line, 'slow request');
    else reply.log.info(line, 'request completed');
  }
}

/** A stall of the event loop this long is logged as a warning: nothing else ran while it lasted. */
export const EVENT_LOOP_STALL_MS = 1_000;

/**
 * Warns when the event loop was held for EVENT_LOOP_STALL_MS or more (a long synchronous task, or an
 * embedded database's long query): a timer that ticks every `tickMs` measures how late each tick ran.
 * Its own lateness is the measure, so no sample can be lost between a sampler and a reader.
 * Returns the stop function.
 */
export function watchEventLoop(
  log: { warn: (fields: { stalledMs: number }, msg: string) => void },
  tickMs = 200,
): () => void {
  let lastTick = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    const stalledMs = Math.round(now - lastTick - tickMs);
    lastTick = now;
    if (stalledMs >= EVENT_LOOP_STALL_MS) log.warn({ stalledMs }, 'event loop stalled');
  }, tickMs).unref();
  return () => clearInterval(timer);
}
