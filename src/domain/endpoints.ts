/**
 * Where every catalogue call goes, declared once for both sides (docs/api.md): the browser's data
 * provider fills these paths, the server mounts its services at API_BASES, and a server test checks
 * that every path here has a route (tests/server/endpoints.test.ts), so a path the server does not
 * have fails a test instead of a person's click.
 *
 * Paths are relative to their service's base. ':id' is a record id; ':parentId' the id of the
 * record a child list belongs to (the shipper of its franchise plans, the provider of its logins).
 */

import { CATALOGUES, type CatalogueName } from './catalogues';
import { crudEndpoint, type EndpointPaths } from './endpointPaths';

export { API_BASES, crudEndpoint, fillPath, needsParent, type EndpointPaths, type ServiceBase } from './endpointPaths';

const catalogueEndpoints = Object.fromEntries(
  Object.entries(CATALOGUES).map(([name, entry]) => [name, entry.endpoint]),
) as { [K in CatalogueName]: (typeof CATALOGUES)[K]['endpoint'] };

/** The catalogues' endpoints (from the registry, catalogues.ts) and the calls that are no catalogue. */
export const ENDPOINTS = {
  ...catalogueEndpoints,
  users: crudEndpoint('riskManagers', 'login'),
  /** Risk managers visible to the caller (the riskManager selects). */
  riskManagers: { base: 'riskManagers', list: 'info' },
  /** Providers of one risk manager, for the providers' franchise plans. */
  riskManagerProviders: { base: 'billing', list: 'riskManager/:parentId/serviceProviders' },
} as const satisfies Record<string, EndpointPaths>;

export type EndpointName = keyof typeof ENDPOINTS;
