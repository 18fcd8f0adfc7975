/**
 * Every catalogue declaration, in the order of the admin home's tiles, and the endpoint of each
 * react-admin resource for the data provider (App.tsx passes `resourceEndpoints` to it). The
 * screens of the entries declared by their fields come from the registry (src/domain/catalogues.ts)
 * alone (records.ts); the others are written here, one file each. The endpoints, which the first
 * download of every screen needs, are apart (endpoints.ts).
 */
import { CATALOGUES, type CatalogueRegistry } from '../domain/catalogues';
import { cities } from './cities';
import { configs } from './configs';
import { franchiseProviders } from './franchiseProviders';
import type { ResourceDeclaration } from './framework/types';
import { providers } from './providers';
import { providersLogin } from './providersLogin';
import { recordDeclaration } from './records';
import { shippers } from './shippers';
import { shippersFranchise } from './shippersFranchise';
import { users } from './users';

export { cities, configs, franchiseProviders, providers, providersLogin, shippers, shippersFranchise, users };

/** The admin home's screens written by hand, by name (the entries not declared by their fields). */
const writtenScreens: Readonly<Record<string, ResourceDeclaration>> = { configs, cities, shippers, providers };

/**
 * The admin home's catalogues of a registry, in its (tile) order: each entry declared by its fields
 * gets its derived screen, the others their written one; each declaration's `tile` says its group,
 * label and rule. Tests pass a registry with an entity of their own.
 */
export const adminDeclarationsOf = (registry: CatalogueRegistry): ResourceDeclaration[] =>
  Object.entries(registry).flatMap(([name, entry]) => {
    if (entry.record) return [recordDeclaration(name, { ...entry, record: entry.record })];
    const written = writtenScreens[name];
    return written ? [written] : [];
  });

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

export { resourceEndpoints, resourceEndpointsOf } from './endpoints';
