/**
 * Where every catalogue call goes, declared once for both sides (issue 6): the browser's data
 * provider fills these paths, the server mounts its services at API_BASES, and a server test checks
 * that every path here has a route (tests/server/endpoints.test.ts), so a path the server does not
 * have fails a test instead of a person's click.
 *
 * Paths are relative to their service's base. ':id' is a record id; ':parentId' the id of the
 * record a child list belongs to (the shipper of its franchise plans, the provider of its logins).
 */

/** Each service's base path (DESIGN section 3). */
export const API_BASES = {
  auth: '/api/auth',
  admin: '/api/admin',
  billing: '/api/v1/billing',
  missions: '/api/missions',
  reports: '/api/reports',
  riskManagers: '/api/risk-managers',
  serviceProviders: '/api/service-providers',
  storage: '/api/storage',
  themes: '/api/themes',
  address: '/api/address',
  contact: '/api/contact',
} as const;

export type ServiceBase = keyof typeof API_BASES;

/** The calls of one resource; a missing call is one the resource does not offer. */
export interface EndpointPaths {
  base: ServiceBase;
  /** GET → the whole list (client-paged) or one page (server-paged). */
  list: string;
  /** GET one record. */
  one?: string;
  /** POST a new record. */
  create?: string;
  /** PUT a record. */
  update?: string;
  /** DELETE a record. */
  remove?: string;
}

/** The usual set: list and create at `path`, one record at `path/:id`. */
export const crudEndpoint = (base: ServiceBase, path: string) =>
  ({ base, list: path, one: `${path}/:id`, create: path, update: `${path}/:id`, remove: `${path}/:id` }) satisfies EndpointPaths;

export const ENDPOINTS = {
  causes: crudEndpoint('admin', 'causes'),
  carriers: crudEndpoint('admin', 'carriers'),
  places: crudEndpoint('admin', 'places'),
  leaderships: crudEndpoint('admin', 'leaderships'),
  requesters: crudEndpoint('admin', 'requesters'),
  states: crudEndpoint('admin', 'states'),
  cities: crudEndpoint('admin', 'cities'),
  shippers: crudEndpoint('admin', 'shippers'),
  /** One record per risk manager, created by the server: never created or deleted here. */
  configs: { base: 'admin', list: 'mission/configs', one: 'mission/configs/:id', update: 'mission/configs/:id' },
  providers: crudEndpoint('serviceProviders', 'info'),
  franchises: crudEndpoint('billing', 'franchise'),
  /** GET shipper/{id} lists a shipper's plans (spec 7), so one plan is read at shipper/plan/{id}. */
  shippersFranchise: {
    base: 'billing',
    list: 'shipper/:parentId',
    one: 'shipper/plan/:id',
    create: 'shipper',
    update: 'shipper/:id',
    remove: 'shipper/:id',
  },
  franchiseProviders: {
    base: 'billing',
    list: 'franchise/:parentId/serviceProviders',
    one: 'serviceProvider/:id',
    create: 'serviceProvider',
    update: 'serviceProvider/:id',
    remove: 'serviceProvider/:id',
  },
  providersLogin: {
    base: 'serviceProviders',
    list: ':parentId/logins',
    one: 'login/:id',
    create: 'login',
    update: 'login/:id',
    remove: 'login/:id',
  },
  users: crudEndpoint('riskManagers', 'login'),
  /** Risk managers visible to the caller (the riskManager selects). */
  riskManagers: { base: 'riskManagers', list: 'info' },
  /** Providers of one risk manager, for the providers' franchise plans. */
  riskManagerProviders: { base: 'billing', list: 'riskManager/:parentId/serviceProviders' },
} as const satisfies Record<string, EndpointPaths>;

export type EndpointName = keyof typeof ENDPOINTS;

/** True when the path needs a parent id (a child list). */
export const needsParent = (path: string): boolean => path.split('/').includes(':parentId');

/** The path with its ':id' and ':parentId' segments filled (URI-encoded). */
export function fillPath(path: string, params: { id?: string; parentId?: string }): string {
  return path
    .split('/')
    .map((segment) => {
      if (segment !== ':id' && segment !== ':parentId') return segment;
      const value = segment === ':id' ? params.id : params.parentId;
      if (value === undefined) throw new Error(`${path}: falta ${segment.slice(1)}`);
      return encodeURIComponent(value);
    })
    .join('/');
}
