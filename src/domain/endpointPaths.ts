/**
 * The vocabulary of the endpoint table (endpoints.ts), apart so the catalogue registry
 * (catalogues.ts) can declare its entities' endpoints without an import cycle.
 */

/** Each service's base path (docs/api.md). */
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
  positions: '/api/positions',
  /** What the risk manager's other systems use: API keys, missions through the API, webhooks (docs/integrations.md). */
  integrations: '/api/v1/integrations',
  /** The process's own liveness and readiness (/api/health, /api/ready): no service of the product. */
  health: '/api',
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

/** True when the path needs a parent id (a child list). */
export const needsParent = (path: string): boolean => path.split('/').includes(':parentId');

/** The path with its `:name` segments (':id', ':parentId'…) filled from `params` (URI-encoded). */
export function fillPath(path: string, params: Readonly<Record<string, string | undefined>>): string {
  return path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const value = params[segment.slice(1)];
      if (value === undefined) throw new Error(`${path}: falta ${segment.slice(1)}`);
      return encodeURIComponent(value);
    })
    .join('/');
}
