/**
 * Where each service lives and how a resource maps onto its calls. The paths are declared once in
 * src/domain/endpoints.ts (the server's routes are checked against them); the browser reads each
 * base from Vite env (VITE_API_<SERVICE>), defaulting to the same-origin paths, so the front end
 * can point at another deployment of the same API.
 */
import { API_BASES, type EndpointPaths, type ServiceBase } from '../domain/endpointPaths';
import type { ApiRecord } from '../domain/apiRecord';

export type { ServiceBase };

export const SERVICE_BASES: Record<ServiceBase, string> = {
  auth: import.meta.env?.VITE_API_AUTH ?? API_BASES.auth,
  admin: import.meta.env?.VITE_API_ADMIN ?? API_BASES.admin,
  billing: import.meta.env?.VITE_API_BILLING ?? API_BASES.billing,
  missions: import.meta.env?.VITE_API_MISSIONS ?? API_BASES.missions,
  reports: import.meta.env?.VITE_API_REPORTS ?? API_BASES.reports,
  riskManagers: import.meta.env?.VITE_API_RISK_MANAGERS ?? API_BASES.riskManagers,
  serviceProviders: import.meta.env?.VITE_API_SERVICE_PROVIDERS ?? API_BASES.serviceProviders,
  storage: import.meta.env?.VITE_API_STORAGE ?? API_BASES.storage,
  themes: import.meta.env?.VITE_API_THEMES ?? API_BASES.themes,
  address: import.meta.env?.VITE_API_ADDRESS ?? API_BASES.address,
  contact: import.meta.env?.VITE_API_CONTACT ?? API_BASES.contact,
  positions: import.meta.env?.VITE_API_POSITIONS ?? API_BASES.positions,
  integrations: import.meta.env?.VITE_API_INTEGRATIONS ?? API_BASES.integrations,
  // Called by scripts and load balancers, never by the interface: no VITE_API_* of its own.
  health: API_BASES.health,
};

export const serviceUrl = (base: ServiceBase, path: string): string =>
  `${SERVICE_BASES[base].replace(/\/$/, '')}/${path.replace(/^\//, '')}`;


/**
 * How one resource maps onto its endpoints: the paths of src/domain/endpoints.ts plus the body
 * reshaping some calls need. Catalogue lists answer the whole array (docs/api.md: "Response is a
 * list"), sorted, filtered and paged in the browser; a `paging: 'server'` list (those that grow
 * with a tenant) sends page, sort and filter as query parameters and answers one page
 * ({data, page, totalPages, total}).
 * Child resources (shippers → shippersFranchise) receive the parent's id through `meta.parentId`.
 */
export interface ResourceEndpoint extends EndpointPaths {
  paging?: 'client' | 'server';
  /** Reshapes the form values before POST (spec: provider login create adds provider name and id). */
  toCreateBody?: (values: Record<string, unknown>, ctx: { parentId?: string }) => Record<string, unknown>;
  /** Reshapes the form values before PUT (spec: provider login update sends id + role). */
  toUpdateBody?: (values: Record<string, unknown>, ctx: { parentId?: string }) => Record<string, unknown>;
  /** Reshapes each API record after GET (e.g. flattening for list columns). */
  fromApi?: (record: ApiRecord) => ApiRecord;
}
