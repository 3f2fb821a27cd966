import { and, count, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  auditActionsOf,
  describeAudit,
  type AuditAction,
  type AuditDetails,
  type AuditEntry,
  type AuditPage,
  type AuditQuery,
  type AuditTargetKind,
} from '@tradeloop/contracts/accounts-audit';
import type { Tx } from '../../../db/client.ts';
import { userNameSql } from '../people.ts';
import { auditLog } from './tables.ts';

/* The audit log (docs/decisions/059): written by the module that makes the change, in its transaction. */

/** From where a change came: the request's address and browser. */
export type RequestOrigin = { ip: string | null; userAgent: string | null };

/** Who acted, in which company, from where. */
export type AuditActor = RequestOrigin & { companyId: number; userId: number };

/** The origin of a request, for `recordAudit` (the user agent cut to a sane length). */
export function requestOrigin(request: FastifyRequest): RequestOrigin {
  const agent = request.headers['user-agent'];
  return { ip: request.ip || null, userAgent: typeof agent === 'string' ? agent.slice(0, 300) : null };
}

export type AuditRecord = {
  action: AuditAction;
  target?: { kind: AuditTargetKind; id: number | null; label: string };
  details?: AuditDetails;
};

/**
 * Writes one entry per record, in `tx`: the change and its entry commit or roll back together. The
 * actor's name is read in the same statement, as it is now.
 */
export async function recordAudit(tx: Tx, actor: AuditActor, ...records: AuditRecord[]) {
  if (records.length === 0) return;
  await tx.insert(auditLog).values(
    records.map((record) => ({
      companyId: actor.companyId,
      actorId: actor.userId,
      actorName: userNameSql(sql`${actor.userId}`) as SQL<string>,
      action: record.action,
      targetKind: record.target?.kind ?? null,
      targetId: record.target?.id ?? null,
      targetLabel: record.target?.label ?? null,
      details: record.details ?? {},
      ip: actor.ip,
      userAgent: actor.userAgent,
    })),
  );
}

type Row = typeof auditLog.$inferSelect;

function toEntry(row: Row): AuditEntry {
  const target = row.targetKind ? { kind: row.targetKind, id: row.targetId, label: row.targetLabel ?? '' } : null;
  return {
    id: row.id,
    action: row.action,
    actor: { id: row.actorId, name: row.actorName },
    target,
    details: row.details,
    summary: describeAudit({ action: row.action, target, details: row.details }),
    ip: row.ip,
    user_agent: row.userAgent,
    created_at: row.createdAt.toISOString(),
  };
}

/** GET audit_log: the company's entries, newest first, filtered by kind and actor; and who appears in it. */
export async function listAuditLog(tx: Tx, companyId: number, query: AuditQuery): Promise<AuditPage> {
  const where = and(
    eq(auditLog.companyId, companyId),
    query.kind ? inArray(auditLog.action, auditActionsOf(query.kind)) : undefined,
    query.actor_id ? eq(auditLog.actorId, query.actor_id) : undefined,
  );
  const rows = await tx
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const [{ total }] = await tx.select({ total: count() }).from(auditLog).where(where);
  // Each actor once, by the name of its latest entry.
  const actors = await tx
    .selectDistinctOn([auditLog.actorId], { id: auditLog.actorId, name: auditLog.actorName })
    .from(auditLog)
    .where(and(eq(auditLog.companyId, companyId), isNotNull(auditLog.actorId)))
    .orderBy(auditLog.actorId, desc(auditLog.id));
  return {
    data: rows.map(toEntry),
    currentPage: query.page,
    lastPage: Math.max(1, Math.ceil(total / query.per_page)),
    perPage: query.per_page,
    total,
    actors: actors
      .flatMap((actor) => (actor.id === null ? [] : [{ id: actor.id, name: actor.name }]))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}
