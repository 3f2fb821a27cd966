import type { FastifyRequest } from 'fastify';
import { caller } from '../../platform/access.ts';

/** The company a product belongs to and the user who saves it (null for generated data). */
export type Owner = { companyId: number; userId: number | null };

/** The caller's company, acting through the seller or one of its sub-users (access: company). */
export function ownerOf(request: FastifyRequest): Owner {
  const user = caller(request);
  return { companyId: user.companyId!, userId: user.id };
}
