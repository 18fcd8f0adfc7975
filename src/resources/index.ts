/**
 * Every catalogue declaration, in the order of the admin home's tiles, and the endpoint of each
 * react-admin resource for the data provider (App.tsx passes `resourceEndpoints` to it). The
 * simple lookups' declarations come from the registry (src/domain/catalogues.ts) alone.
 */
import type { ResourceEndpoint } from '../dataProvider/endpoints';
import { CATALOGUES, type CatalogueRegistry } from '../domain/catalogues';
import { cities } from './cities';
import { configs } from './configs';
import { franchiseProviders } from './franchiseProviders';
import { franchises } from './franchises';
import type { ResourceDeclaration } from './framework/types';
import { lookupDeclarationsOf } from './lookup';
import { providers } from './providers';
import { providersLogin } from './providersLogin';
import { shippers } from './shippers';
import { shippersFranchise } from './shippersFranchise';
import { states } from './states';
import { users } from './users';
import { ENDPOINTS } from '../domain/endpoints';

export { cities, configs, franchiseProviders, franchises, providers, providersLogin, shippers, shippersFranchise, states, users };

/**
 * The admin home's catalogues of a registry, in tile order; each declaration's `tile` says its
 * group, label and rule. Tests pass a registry with an entity of their own.
 */
export const adminDeclarationsOf = (registry: CatalogueRegistry): ResourceDeclaration[] => [
  ...lookupDeclarationsOf(registry),
  configs,
  states,
  cities,
  shippers,
  providers,
  franchises,
];

export const adminDeclarations = adminDeclarationsOf(CATALOGUES);

/** Child lists, by name (the route builder resolves a parent's children here). */
export const childDeclarations: Record<string, ResourceDeclaration> = {
  shippersFranchise,
  providersLogin,
  franchiseProviders,
};

export const allDeclarationsOf = (registry: CatalogueRegistry): ResourceDeclaration[] => [
  ...adminDeclarationsOf(registry),
  ...Object.values(childDeclarations),
  users,
];

export const allDeclarations = allDeclarationsOf(CATALOGUES);

/** Reference lists that are not screens of their own. */
const referenceEndpoints: Record<string, ResourceEndpoint> = {
  riskManagers: ENDPOINTS.riskManagers,
  riskManagerProviders: ENDPOINTS.riskManagerProviders,
};

export const resourceEndpointsOf = (registry: CatalogueRegistry): Record<string, ResourceEndpoint> => ({
  ...Object.fromEntries(allDeclarationsOf(registry).map((d) => [d.name, d.endpoint])),
  ...referenceEndpoints,
});

export const resourceEndpoints = resourceEndpointsOf(CATALOGUES);
