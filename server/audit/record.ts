import type { FastifyRequest } from 'fastify';
import type { AuditAction, AuditValues } from '../../src/domain/audit';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

/**
 * The one way a write by a person reaches the audit trail (Administração → Auditoria): called
 * with the writer's own transaction, so the entry commits with the change and a refused or
 * rolled-back write leaves none. Secrets never enter it: any field named like a password, secret,
 * token, hash or one-time code is dropped before the values are compared.
 */

/** Who acted: the signed-in user, or for a sign-in attempt the account (or only the e-mail typed). */
export interface AuditActor {
  id: string | null;
  name: string;
  email: string;
}

/** Who acted and from which address. */
export interface AuditSource {
  actor: AuditActor;
  ip: string;
}

export interface AuditWrite {
  /** What kind of record (src/domain/audit AUDIT_ENTITY_LABELS; a test catalogue may add its own name). */
  entity: string;
  action: AuditAction;
  /** The record's id; null when there is none (a sign-in of an unknown e-mail). */
  record: string | null;
  /** The risk manager whose data it is; null for shared data (states, cities) and unknown accounts. */
  tenant: string | null;
  /** The record as the API showed it before the write (null or absent: it did not exist). */
  before?: object | null;
  /** The record as the API shows it after the write (null or absent: it no longer exists). */
  after?: object | null;
}

/** Field names that may hold a secret or a credential, at any depth. */
const SECRET_NAME = /pass(word)?|secret|token|hash|salt|totp|^otp|(reset|email|verification|login|recovery)_?code|api_?key|credential/i;

/** Identity and bookkeeping fields the entry already carries or that change on every write. */
const NOT_A_CHANGE = new Set(['_id', 'id', 'updatedAt', 'createdAt']);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/** The record's fields as dotted paths (limits.distance), secrets and bookkeeping left out. */
export function flatFields(record: object | null | undefined, prefix = ''): Map<string, unknown> {
  const fields = new Map<string, unknown>();
  if (!record) return fields;
  for (const [key, value] of Object.entries(record)) {
    if (SECRET_NAME.test(key) || (prefix === '' && NOT_A_CHANGE.has(key))) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(value) && Object.keys(value).length > 0) {
      for (const [inner, innerValue] of flatFields(value, path)) fields.set(inner, innerValue);
    } else {
      fields.set(path, value instanceof Date ? value.toISOString() : (value ?? null));
    }
  }
  return fields;
}

/** The changed fields only, each side's value (a side that did not exist is null). */
export function changedFields(before: object | null | undefined, after: object | null | undefined): { before: AuditValues | null; after: AuditValues | null } {
  const was = flatFields(before);
  const is = flatFields(after);
  const changedBefore: AuditValues = {};
  const changedAfter: AuditValues = {};
  for (const path of new Set([...was.keys(), ...is.keys()])) {
    const a = was.has(path) ? was.get(path) : null;
    const b = is.has(path) ? is.get(path) : null;
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    if (before) changedBefore[path] = a;
    if (after) changedAfter[path] = b;
  }
  return { before: before ? changedBefore : null, after: after ? changedAfter : null };
}

/** Who is writing: the request's user and its address (TRUST_PROXY decides what request.ip is). */
export function auditSource(request: FastifyRequest): AuditSource {
  const user = request.user;
  return { actor: user ? { id: user.id, name: user.name, email: user.email } : { id: null, name: '', email: '' }, ip: request.ip };
}

/**
 * Appends one entry in `tx` (the transaction of the write it describes). An update that changed
 * nothing is not an entry: there is nothing to tell.
 */
export async function recordAudit(tx: Db, source: AuditSource, write: AuditWrite): Promise<void> {
  const { before, after } = changedFields(write.before, write.after);
  if (write.action === 'update' && Object.keys(after ?? {}).length === 0 && Object.keys(before ?? {}).length === 0) return;
  await tx.insert(auditLog).values({
    tenant: write.tenant,
    actorId: source.actor.id,
    actorName: source.actor.name,
    actorEmail: source.actor.email,
    ip: source.ip,
    entity: write.entity,
    recordId: write.record,
    action: write.action,
    before,
    after,
  });
}
