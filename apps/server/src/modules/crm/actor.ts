import type { FastifyRequest } from 'fastify';
import { caller } from '../../platform/access.ts';
import { forbidden } from '../../platform/errors.ts';
import type { Actor } from './records-service.ts';

/** The caller of a `company` route: a seller or its sub-user, acting in the seller's company. */
export function actorOf(request: FastifyRequest): Actor {
  const user = caller(request);
  if (user.companyId === null) throw forbidden();
  return { companyId: user.companyId, userId: user.id };
}
