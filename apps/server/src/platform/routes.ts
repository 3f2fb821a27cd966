import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { envelope } from '@tradeloop/contracts/common';
import type { Tx } from '../db/client.ts';
import { companyMember, type Access, type RoutePermission } from './access.ts';
import { runAsCaller } from './caller-context.ts';
import { ok, type serializeAsBuilt } from './http.ts';
import type { AuthUser } from './sessions.ts';

type Input = z.ZodType | undefined;

/** What a route declares besides its method, path and handler (docs/decisions/024). */
type BaseRouteOptions<
  A extends Access,
  P extends Input,
  Q extends Input,
  B extends Input,
  D extends Input,
  T extends boolean,
> = {
  access: A;
  tags: string[];
  summary: string;
  description?: string;
  params?: P;
  querystring?: Q;
  body?: B;
  /** The success answer's `data`; the route answers `envelope(data)`. Without it the handler answers by itself. */
  data?: D;
  /** The success status of `data`: 200 unless said (201 for a creation). */
  status?: number;
  /** Further answers for the OpenAPI document, or the whole map of a route that does not answer an envelope. */
  response?: Record<number, z.ZodType>;
  consumes?: string[];
  produces?: string[];
  /** Run the handler in `app.db.transaction`, passing it `tx`. */
  transaction?: T;
  serializerCompiler?: typeof serializeAsBuilt;
  bodyLimit?: number;
  /** The route's own log level: `warn` keeps a hot public call's two lines per request out of the log. */
  logLevel?: 'warn' | 'error';
  /** What a sub-user's role must grant (decision 038): required on `company` and `owner` routes. */
  permission?: RoutePermission;
};

export type RouteOptions<
  A extends Access,
  P extends Input,
  Q extends Input,
  B extends Input,
  D extends Input,
  T extends boolean,
> = BaseRouteOptions<A, P, Q, B, D, T> & (A extends 'company' | 'owner' ? { permission: RoutePermission } : unknown);

export type RouteRequest<P extends Input, Q extends Input, B extends Input> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  { params: P; querystring: Q; body: B },
  ZodTypeProvider
>;

/**
 * What a handler is given: the request and reply; the caller (`user`, null only on a public route called
 * anonymously); on `company` and `owner` routes the company the caller acts in (`member`); and `tx` when
 * the route is declared with `transaction: true`, with `afterCommit` for what may happen only once the
 * transaction has committed (telling open sockets, say); such an effect's failure is logged, not answered.
 */
export type RouteContext<A extends Access, P extends Input, Q extends Input, B extends Input, T extends boolean> = {
  request: RouteRequest<P, Q, B>;
  reply: FastifyReply;
  user: A extends 'public' ? AuthUser | null : AuthUser;
} & (A extends 'company' | 'owner' ? { member: { companyId: number; userId: number } } : unknown) &
  (T extends true ? { tx: Tx; afterCommit: (effect: () => Promise<unknown> | void) => void } : unknown);

/** Data answered with a message: `{status: true, data, message}`. */
export class WithMessage<T> {
  readonly data: T;
  readonly message: string;
  constructor(data: T, message: string) {
    this.data = data;
    this.message = message;
  }
}

export function withMessage<T>(data: T, message: string): WithMessage<T> {
  return new WithMessage(data, message);
}

/** A handler returns the data (the helper answers `ok(data)`), `withMessage(data, message)`, or the reply it sent. */
type Answer<D extends Input> = D extends z.ZodType ? z.output<D> | WithMessage<z.output<D>> | FastifyReply : unknown;

type Declare = <
  A extends Access,
  P extends Input = undefined,
  Q extends Input = undefined,
  B extends Input = undefined,
  D extends Input = undefined,
  T extends boolean = false,
>(
  url: string,
  options: RouteOptions<A, P, Q, B, D, T>,
  handler: (context: RouteContext<A, P, Q, B, T>) => Promise<Answer<D>>,
) => void;

/**
 * The one way a module declares its routes: `const route = routes(app)`, then
 * `route.post(url, { access, tags, summary, body, data }, async ({ request, user }) => data)`.
 * The helper states `config.access`, builds the schema with `envelope(data)` as the success answer,
 * runs the handler (inside `app.db.transaction` with `transaction: true`) and answers `ok(...)`.
 */
export function routes(app: FastifyInstance): Record<'get' | 'post' | 'put' | 'patch' | 'delete', Declare> {
  const declare =
    (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'): Declare =>
    (url, options, handler) => {
      const {
        access,
        permission,
        data,
        status = 200,
        transaction,
        serializerCompiler,
        bodyLimit,
        logLevel,
        response,
        ...schema
      } = options as BaseRouteOptions<Access, Input, Input, Input, Input, boolean>;
      const answers = data ? { [status]: envelope(data), ...response } : response;
      app.route({
        method,
        url,
        config: { access, permission },
        schema: { ...schema, ...(answers && { response: answers }) },
        ...(serializerCompiler && { serializerCompiler }),
        ...(bodyLimit !== undefined && { bodyLimit }),
        ...(logLevel && { logLevel }),
        handler: async (request, reply) => {
          const member = access === 'company' || access === 'owner' ? companyMember(request) : undefined;
          const context = { request, reply, user: request.user, member } as unknown as Parameters<typeof handler>[0];
          if (status !== 200) reply.code(status);
          const user = request.user;
          const limited = user?.permissions ? { userId: user.id, permissions: user.permissions } : null;
          const effects: (() => Promise<unknown> | void)[] = [];
          const afterCommit = (effect: () => Promise<unknown> | void) => effects.push(effect);
          const result = await runAsCaller(limited, () =>
            transaction ? app.db.transaction((tx) => handler({ ...context, tx, afterCommit })) : handler(context),
          );
          for (const effect of effects) {
            await Promise.resolve()
              .then(effect)
              .catch((error: unknown) => request.log.error({ err: error }, 'an effect after commit failed'));
          }
          if (result === reply || !data) return result;
          return result instanceof WithMessage ? ok(result.data, result.message) : ok(result);
        },
      });
    };
  return {
    get: declare('GET'),
    post: declare('POST'),
    put: declare('PUT'),
    patch: declare('PATCH'),
    delete: declare('DELETE'),
  };
}
