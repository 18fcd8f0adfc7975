import type { FastifyRequest } from 'fastify';
import { FILE_TYPES } from '../../src/domain/fileAnswer';
import { RISK_MANAGER_REQUIRED } from '../../src/domain/messages';
import { canManagePrivacy } from '../../src/domain/privacy';
import { PRIVACY_CONTRACTS } from '../../src/domain/privacy/contracts';
import { auditSource } from '../audit/record';
import type { Db } from '../db/client';
import { badRequest, forbidden } from '../errors/httpErrors';
import type { FeatureDeps } from '../shared/deps';
import { sendFile } from '../shared/sendFile';
import { serves } from '../shared/serves';
import { currentUser, type AuthUser } from '../shared/session';
import { resolveOwner } from '../shared/tenancy';
import { answerRequest, createIncident, createRequest, incidentScope, listIncidents, listRequests, readRetention, removeIncident, requestScope, riskManagerName, saveRetention, updateIncident } from './records';
import { renderSubjectPdf } from './subjectPdf';
import { anonymiseSubject, findSubject } from './subjects';

/**
 * Administração → Privacidade (docs/rules/privacy.md), under the admin service: the data subject's
 * search, export and anonymisation, the requests, the retention and the incidents register. A risk
 * manager's Administrador acts on its own tenant (a riskManager it sends is ignored); the platform
 * admin names the tenant. Everyone else is refused first (403), whatever it asks.
 */

function allowed(request: FastifyRequest): AuthUser {
  const user = currentUser(request);
  if (!canManagePrivacy(user.role)) throw forbidden();
  return user;
}

/** The tenant acted on: the caller's own, or the existing one the platform admin named. */
async function tenantOf(db: Db, user: AuthUser, riskManager: unknown): Promise<string> {
  const owner = await resolveOwner(db, user, { riskManager });
  if (!owner) throw badRequest(RISK_MANAGER_REQUIRED);
  return owner;
}

export function privacyHandlers({ db, now }: FeatureDeps) {
  return {
    search: serves(PRIVACY_CONTRACTS.search, async (request) => {
      const user = allowed(request);
      return findSubject(db, await tenantOf(db, user, request.body.riskManager), request.body.subject, now());
    }),

    exportPdf: serves(PRIVACY_CONTRACTS.exportPdf, async (request, reply) => {
      const user = allowed(request);
      const tenant = await tenantOf(db, user, request.body.riskManager);
      const answer = await findSubject(db, tenant, request.body.subject, now());
      return sendFile(reply, FILE_TYPES.pdf, { 'cache-control': 'no-store', 'content-disposition': 'attachment; filename="dados-do-titular.pdf"' }, renderSubjectPdf(answer, await riskManagerName(db, tenant)));
    }),

    anonymise: serves(PRIVACY_CONTRACTS.anonymise, async (request) => {
      const user = allowed(request);
      return anonymiseSubject(db, auditSource(request), await tenantOf(db, user, request.body.riskManager), request.body.subject, now());
    }),

    requests: serves(PRIVACY_CONTRACTS.requests, async (request) => {
      const user = allowed(request);
      return listRequests(db, await tenantOf(db, user, request.query.riskManager));
    }),

    createRequest: serves(PRIVACY_CONTRACTS.createRequest, async (request, reply) => {
      const user = allowed(request);
      const created = await createRequest(db, auditSource(request), user, await tenantOf(db, user, request.body.riskManager), request.body);
      reply.status(201);
      return created;
    }),

    answerRequest: serves(PRIVACY_CONTRACTS.answerRequest, async (request) => {
      const user = allowed(request);
      return answerRequest(db, auditSource(request), requestScope(user), request.params.id, request.body, now());
    }),

    retention: serves(PRIVACY_CONTRACTS.retention, async (request) => {
      const user = allowed(request);
      return readRetention(db, await tenantOf(db, user, request.query.riskManager));
    }),

    saveRetention: serves(PRIVACY_CONTRACTS.saveRetention, async (request) => {
      const user = allowed(request);
      return saveRetention(db, auditSource(request), await tenantOf(db, user, request.body.riskManager), request.body);
    }),

    incidents: serves(PRIVACY_CONTRACTS.incidents, (request) => listIncidents(db, incidentScope(allowed(request)))),

    createIncident: serves(PRIVACY_CONTRACTS.createIncident, async (request, reply) => {
      const user = allowed(request);
      // The platform admin may record an incident of the platform itself (no tenant).
      const tenant = user.riskManager ?? (request.body.riskManager ? await tenantOf(db, user, request.body.riskManager) : null);
      const created = await createIncident(db, auditSource(request), tenant, request.body);
      reply.status(201);
      return created;
    }),

    updateIncident: serves(PRIVACY_CONTRACTS.updateIncident, (request) => updateIncident(db, auditSource(request), incidentScope(allowed(request)), request.params.id, request.body)),

    removeIncident: serves(PRIVACY_CONTRACTS.removeIncident, async (request, reply) => {
      await removeIncident(db, auditSource(request), incidentScope(allowed(request)), request.params.id, now());
      reply.status(204);
      return null;
    }),
  };
}
