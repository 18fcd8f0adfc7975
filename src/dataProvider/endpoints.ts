/**
 * Where each service lives (DESIGN section 3) and how a catalogue resource maps onto its calls.
 * The browser reads each base from Vite env (VITE_API_<SERVICE>), defaulting to same-origin paths,
 * so the front end can point at another deployment of the same API.
 */
export const SERVICE_BASES = {
  auth: import.meta.env?.VITE_API_AUTH ?? '/api/auth',
  admin: import.meta.env?.VITE_API_ADMIN ?? '/api/admin',
  billing: import.meta.env?.VITE_API_BILLING ?? '/api/v1/billing',
  missions: import.meta.env?.VITE_API_MISSIONS ?? '/api/missions',
  reports: import.meta.env?.VITE_API_REPORTS ?? '/api/reports',
  riskManagers: import.meta.env?.VITE_API_RISK_MANAGERS ?? '/api/risk-managers',
  serviceProviders: import.meta.env?.VITE_API_SERVICE_PROVIDERS ?? '/api/service-providers',
  storage: import.meta.env?.VITE_API_STORAGE ?? '/api/storage',
  themes: import.meta.env?.VITE_API_THEMES ?? '/api/themes',
  address: import.meta.env?.VITE_API_ADDRESS ?? '/api/address',
  contact: import.meta.env?.VITE_API_CONTACT ?? '/api/contact',
} as const;

export type ServiceBase = keyof typeof SERVICE_BASES;

export const serviceUrl = (base: ServiceBase, path: string): string =>
  `${SERVICE_BASES[base].replace(/\/$/, '')}/${path.replace(/^\//, '')}`;

/** A record as the API sends it: `_id` (the data provider exposes it to react-admin as `id`). */
export type ApiRecord = { _id: string } & Record<string, unknown>;

/**
 * How one catalogue resource maps onto the bespoke endpoints. Lists answer the whole array
 * (spec section 7: "Response is a list"); sorting, filtering and paging happen in the browser.
 * Child resources (shippers → shippersFranchise) receive the parent's id through `meta.parentId`.
 */
export interface ResourceEndpoint {
  base: ServiceBase;
  /** GET → array of ApiRecord. */
  list: string | ((parentId: string) => string);
  /** GET one record; when absent the record is found in the list. */
  one?: (id: string) => string;
  /** POST; defaults to the list path. */
  create?: string | ((parentId: string) => string);
  /** PUT; defaults to `${list}/${id}`. */
  update?: (id: string) => string;
  /** DELETE; defaults to `${list}/${id}`. */
  remove?: (id: string) => string;
  /** Reshapes the form values before POST (spec: provider login create adds provider name and id). */
  toCreateBody?: (values: Record<string, unknown>, ctx: { parentId?: string }) => unknown;
  /** Reshapes the form values before PUT (spec: provider login update sends id + role). */
  toUpdateBody?: (values: Record<string, unknown>, ctx: { parentId?: string }) => unknown;
  /** Reshapes each API record after GET (e.g. flattening for list columns). */
  fromApi?: (record: ApiRecord) => ApiRecord;
}
