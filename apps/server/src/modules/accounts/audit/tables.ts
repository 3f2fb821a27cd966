import { bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { AuditAction, AuditDetails, AuditTargetKind } from '@tradeloop/contracts/accounts-audit';
import { createdAt } from '../../../db/columns.ts';
import { companies, users } from '../tables.ts';

/**
 * The audit log (docs/decisions/059): who changed roles, permissions and sub-accounts, and who exported
 * what, from where. Written in the transaction of the change it records; never holds a secret. The
 * actor's name is kept as it was, so the entry reads the same after a rename or deletion.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    actorId: bigint('actor_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    action: text('action').$type<AuditAction>().notNull(),
    targetKind: text('target_kind').$type<AuditTargetKind>(),
    targetId: bigint('target_id', { mode: 'number' }),
    targetLabel: text('target_label'),
    details: jsonb('details').$type<AuditDetails>().notNull().default({}),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    // Newest first per company (the identity follows the insertion order), and the same per actor.
    index('audit_log_company_idx').on(t.companyId, t.id.desc()),
    index('audit_log_company_actor_idx').on(t.companyId, t.actorId, t.id.desc()),
  ],
);
