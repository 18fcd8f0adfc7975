import type { FastifyRequest } from 'fastify';
import { canReadAudit } from '../../src/domain/audit';
import { AUDIT_CONTRACTS } from '../../src/domain/audit/contracts';
import { auditQuerySchema } from '../../src/domain/schemas/audit';
import { forbidden } from '../errors/httpErrors';
import { currentUser } from '../shared/session';
import { scopeOf } from '../shared/tenancy';
import type { FeatureDeps } from '../shared/deps';
import { serves } from '../shared/serves';
import { validBody } from '../shared/validation';
import { sendAuditExcel } from './excel';
import { auditEntries, auditOrder, auditWhere, countAuditEntries } from './query';

/**
 * The audit trail (Administração → Auditoria), under the admin service: GET audit (one page) and
 * GET audit/excel (every entry), with the same filters and the same scope (query.ts), from their
 * contracts (src/domain/audit/contracts.ts).
 */

/** Query strings are text: a page of digits becomes a number, an empty filter is no filter; anything else goes to the schema as sent. */
function auditInput(query: unknown): Record<string, unknown> {
  const raw = Object.fromEntries(Object.entries(query as Record<string, unknown>).filter(([, value]) => value !== ''));
  for (const key of ['page', 'perPage']) if (typeof raw[key] === 'string' && /^\d{1,10}$/.test(raw[key])) raw[key] = Number(raw[key]);
  return raw;
}

export function auditHandlers({ db }: FeatureDeps) {
  /** Who may read first (403 before any 400), then the filters. */
  const parse = (request: FastifyRequest) => {
    if (!canReadAudit(currentUser(request).role)) throw forbidden();
    return validBody(auditQuerySchema, auditInput(request.query));
  };

  return {
    list: serves(AUDIT_CONTRACTS.list, async (request) => {
      const query = await parse(request);
      const where = auditWhere(currentUser(request), query);
      const total = await countAuditEntries(db, where);
      const totalPages = Math.max(1, Math.ceil(total / query.perPage));
      const offset = (query.page - 1) * query.perPage;
      const data = offset < total ? await auditEntries(db, scopeOf(currentUser(request)), where, auditOrder(query), query.perPage, offset) : [];
      return { data, page: query.page, totalPages, total };
    }),

    excel: serves(AUDIT_CONTRACTS.excel, async (request, reply) => {
      const query = await parse(request);
      return sendAuditExcel(db, reply, scopeOf(currentUser(request)), auditWhere(currentUser(request), query), auditOrder(query));
    }),
  };
}
