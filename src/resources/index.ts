/**
 * Every catalogue declaration, in the order of the admin home's tiles, and the endpoint of each
 * react-admin resource for the data provider (App.tsx passes `resourceEndpoints` to it).
 */
import type { ResourceEndpoint } from '../dataProvider/endpoints';
import { carriers } from './carriers';
import { causes } from './causes';
import { cities } from './cities';
import { configs } from './configs';
import { franchiseProviders } from './franchiseProviders';
import { franchises } from './franchises';
import type { ResourceDeclaration } from './framework/types';
import { leaderships } from './leaderships';
import { places } from './places';
import { providers } from './providers';
import { providersLogin } from './providersLogin';
import { requesters } from './requesters';
import { shippers } from './shippers';
import { shippersFranchise } from './shippersFranchise';
import { states } from './states';
import { users } from './users';
import { ENDPOINTS } from '../domain/endpoints';

export { carriers, causes, cities, configs, franchiseProviders, franchises, leaderships, places };
export { providers, providersLogin, requesters, shippers, shippersFranchise, states, users };

/** The admin home's catalogues, in tile order; each declaration's `tile` says its group, label and rule. */
export const adminDeclarations: ResourceDeclaration[] = [
  causes,
  carriers,
  places,
  leaderships,
  requesters,
  configs,
  states,
  cities,
  shippers,
  providers,
  franchises,
];

/** Child lists, by name (the route builder resolves a parent's children here). */
export const childDeclarations: Record<string, ResourceDeclaration> = {
  shippersFranchise,
  providersLogin,
  franchiseProviders,
};

export const allDeclarations: ResourceDeclaration[] = [
  ...adminDeclarations,
  ...Object.values(childDeclarations),
  users,
];

/** Reference lists that are not screens of their own. */
const referenceEndpoints: Record<string, ResourceEndpoint> = {
  riskManagers: ENDPOINTS.riskManagers,
  riskManagerProviders: ENDPOINTS.riskManagerProviders,
};

export const resourceEndpoints: Record<string, ResourceEndpoint> = {
  ...Object.fromEntries(allDeclarations.map((d) => [d.name, d.endpoint])),
  ...referenceEndpoints,
};
