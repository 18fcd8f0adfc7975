import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { AuditAction, AuditValues } from '../../../src/domain/audit';
import { idColumn, refColumn } from './columns';

/**
 * The audit trail (server/audit): one row per write by a person, inserted in the writer's own
 * transaction. Append-only: a trigger (migration 0029) refuses UPDATE and DELETE. No foreign keys,
 * so an entry outlives the user or record it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: idColumn(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The risk manager whose data changed; null for shared data (states, cities). */
    tenant: refColumn('tenant'),
    actorId: refColumn('actor_id'),
    actorName: text('actor_name').notNull().default(''),
    actorEmail: text('actor_email').notNull().default(''),
    ip: text('ip').notNull().default(''),
    entity: text('entity').notNull(),
    recordId: text('record_id'),
    action: text('action').$type<AuditAction>().notNull(),
    before: jsonb('before').$type<AuditValues>(),
    after: jsonb('after').$type<AuditValues>(),
  },
  (t) => [
    index('audit_log_tenant_at_idx').on(t.tenant, sql`${t.at} DESC`, sql`${t.id} DESC`),
    index('audit_log_at_idx').on(sql`${t.at} DESC`, sql`${t.id} DESC`),
    index('audit_log_record_idx').on(t.entity, t.recordId),
  ],
);
