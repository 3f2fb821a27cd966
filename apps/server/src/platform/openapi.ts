import type { FastifyInstance, FastifySchema } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { namedPermission } from './access.ts';

type Node = { [key: string]: unknown };
type Document = { paths?: Record<string, Record<string, Node>>; tags?: { name: string }[] } & Node;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null;

/**
 * OpenAPI 3.0 gives `nullable` a meaning only beside `type`; zod writes `{anyOf: [...], nullable: true}`
 * for a nullable union. The same set of values: each branch nullable.
 */
function nullableBranches(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(nullableBranches);
  if (!isNode(node)) return;
  const branches = node.anyOf ?? node.oneOf;
  if (node.nullable === true && node.type === undefined && Array.isArray(branches)) {
    delete node.nullable;
    for (const branch of branches) if (isNode(branch)) branch.nullable = true;
  }
  Object.values(node).forEach(nullableBranches);
}

/**
 * What `spectral:oas` asks of the document that the route schemas do not say (decision 025): every
 * operation an id (its method and path), every tag declared once, nullable unions written the 3.0 way.
 */
export function completeDocument<T extends object>(document: T): T {
  const openapi = document as Document;
  const tags = new Set<string>();
  for (const [path, operations] of Object.entries(openapi.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      const words = `${method} ${path}`
        .replace(/[{}]/g, '')
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean);
      operation.operationId = words
        .map((word, index) => (index ? word[0].toUpperCase() + word.slice(1) : word))
        .join('');
      for (const tag of (operation.tags as string[] | undefined) ?? []) tags.add(tag);
    }
  }
  openapi.tags = [...tags].sort().map((name) => ({ name }));
  nullableBranches(openapi.paths);
  return document;
}

/**
 * The OpenAPI document generated from the route schemas, browsable at /api/docs. Routes need the bearer
 * token unless their access is public: those say `security: []`. Each operation states the access and
 * permission the server enforces (`x-access`, `x-permission`, read from the same route config as the
 * access control), and the document lists the socket events with the permission each checks
 * (`x-socket-events`, issue 43).
 */
export async function registerOpenApi(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!access) return;
    // OpenAPI extensions: @fastify/swagger copies a schema's `x-` keys into the operation.
    const permission = namedPermission(route.config?.permission);
    const extensions = { 'x-access': access, ...(permission && { 'x-permission': permission }) };
    route.schema = { ...route.schema, ...(access === 'public' && { security: [] }), ...extensions } as FastifySchema;
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'TradeLoop API',
        version: '1.0.0',
        description: 'B2B marketplace and seller CRM',
        contact: { name: 'TradeLoop' },
      },
      servers: [{ url: '/', description: 'This server' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (document) =>
      'openapiObject' in document
        ? { ...completeDocument(document.openapiObject), 'x-socket-events': app.realtime?.socketEvents ?? [] }
        : document.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
