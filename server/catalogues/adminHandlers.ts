import type { TypedApp } from '../shared/schemaTypes';
import { INVALID_ADMIN_SUB } from '../../src/domain/apiErrors';
import { badRequest, forbidden } from '../errors/httpErrors';
import { APP_CATALOGUES, type AdminCatalogues } from './records';
import { adminCatalogues } from './adminCatalogues';
import { listMissionConfigs, readMissionConfig, updateMissionConfig } from './missionConfigs';
import { shipperPlansOf } from './franchisePlans';
import { MISSION_CONFIG_CONTRACTS } from '../../src/domain/missionConfigContracts';
import { SHIPPER_FRANCHISES_CONTRACT } from '../../src/domain/planContracts';
import { serves } from '../shared/serves';
import { objectBody, tenantQuery, typeIdParams, typeParams } from '../shared/routeSchemas';
import { recordSlaBreaches } from '../missions/slaBreaches';
import { readRule, writeRule } from './crudQueries';
import { catalogueHandlers } from '../shared/crudHandlers';
import { currentUser } from '../shared/session';
import { auditSource } from '../audit/record';
import type { FeatureDeps } from '../shared/deps';

/**
 * The admin service (docs/api.md, base /api/admin): the registry's catalogues through
 * the generic CRUD factory (records.ts, adminCatalogues.ts), each at /{name} with its own contracts
 * (src/domain/catalogueContracts.ts) — any other name is a 400 'invalid admin sub' — plus the
 * mission parameters (missionConfigs.ts) and a shipper's plans.
 */

export function adminHandlers({ db, catalogues: registry, stamps, now }: FeatureDeps & { catalogues?: AdminCatalogues }) {
  const catalogues = adminCatalogues(db, registry, stamps);
  const { registry: entries } = registry ?? APP_CATALOGUES;

  return {
    configs: serves(MISSION_CONFIG_CONTRACTS.list, (request) => {
      const user = currentUser(request);
      if (!readRule('configs')(user)) throw forbidden();
      return listMissionConfigs(db, user, request.query.riskManager);
    }),
    config: serves(MISSION_CONFIG_CONTRACTS.one, (request) => {
      const user = currentUser(request);
      if (!readRule('configs')(user)) throw forbidden();
      return readMissionConfig(db, user, request.params.id);
    }),
    updateConfig: serves(MISSION_CONFIG_CONTRACTS.update, (request) => {
      const user = currentUser(request);
      if (!writeRule('configs')(user)) throw forbidden();
      return updateMissionConfig(db, user, auditSource(request), request.params.id, request.body, (riskManager) => recordSlaBreaches(db, now(), riskManager));
    }),
    // Each catalogue at its own path, from its registry entry: its own body and answer in the document.
    // The full city list is the big one (the budget in docs/performance.md), and the same for every
    // signed-in user: the browser may keep it and revalidate it (304 while unchanged).
    catalogues: Object.entries(catalogues).flatMap(([type, handlers]) =>
      catalogueHandlers(handlers, { base: 'admin', path: type, label: entries[type]?.label ?? type, revalidate: type === 'cities' }),
    ),
    shipperFranchises: serves(SHIPPER_FRANCHISES_CONTRACT, (request) => shipperPlansOf(db, request, request.params.id, request.query)),
  };
}

/**
 * Any other catalogue name: the same 400 'invalid admin sub' as ever, after the same checks of the
 * id and body; no catalogue answers there, so the document leaves these out. Fastify prefers the
 * catalogues' own static paths over these.
 */
export const UNKNOWN_CATALOGUE = {
  routes: ['GET /:type', 'GET /:type/:id', 'POST /:type', 'PUT /:type/:id', 'DELETE /:type/:id'],
  mount: (app: TypedApp): void => {
    const unknownType = () => {
      throw badRequest(INVALID_ADMIN_SUB);
    };
    const hidden = { hide: true };
    app.get('/:type', { schema: { ...hidden, params: typeParams, querystring: tenantQuery } }, unknownType);
    app.get('/:type/:id', { schema: { ...hidden, params: typeIdParams } }, unknownType);
    app.post('/:type', { schema: { ...hidden, params: typeParams, body: objectBody } }, unknownType);
    app.put('/:type/:id', { schema: { ...hidden, params: typeIdParams, body: objectBody } }, unknownType);
    app.delete('/:type/:id', { schema: { ...hidden, params: typeIdParams } }, unknownType);
  },
};
