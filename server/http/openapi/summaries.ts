import { CATALOGUES } from '../../../src/domain/catalogues';
import { CATALOGUE_VERBS } from '../../../src/domain/catalogueContracts';
import { API_BASES, type EndpointPaths } from '../../../src/domain/endpointPaths';

/**
 * The Portuguese summary of each operation in the API description, keyed `METHOD /api/path` with
 * OpenAPI's `{param}` segments. The catalogues' calls are named from their declaration's label
 * (src/domain/catalogues.ts), so a catalogue added there is described without a line here; an
 * endpoint declared by a contract (src/domain/contract.ts) carries its own.
 */

const CATALOGUE_METHODS = {
  list: 'GET',
  one: 'GET',
  create: 'POST',
  update: 'PUT',
  remove: 'DELETE',
} as const satisfies Record<keyof Omit<EndpointPaths, 'base'>, string>;

/** `shipper/:parentId` → `/api/v1/billing/shipper/{id}` (the server names a parent `:id` too). */
const openapiPath = (endpoint: EndpointPaths, path: string) =>
  `${API_BASES[endpoint.base]}/${path.replaceAll(/:(parentId|id)\b/g, '{id}')}`;

const catalogueSummaries = Object.values(CATALOGUES).flatMap((entry) => {
  const endpoint: EndpointPaths = entry.endpoint;
  return Object.entries(CATALOGUE_METHODS).flatMap(([call, method]) => {
    const path = endpoint[call as keyof typeof CATALOGUE_METHODS];
    return path === undefined ? [] : [[`${method} ${openapiPath(endpoint, path)}`, `${CATALOGUE_VERBS[call as keyof typeof CATALOGUE_METHODS]}: ${entry.label}`] as const];
  });
});

const OTHER_SUMMARIES: Record<string, string> = {
  'GET /api/metrics': 'Métricas no formato de texto do Prometheus (Authorization: Bearer METRICS_TOKEN)',
};

const SUMMARIES: ReadonlyMap<string, string> = new Map([...catalogueSummaries, ...Object.entries(OTHER_SUMMARIES)]);

/** The summary of `METHOD url` (url with Fastify's `:param`s), or undefined for an undescribed call. */
export const summaryOf = (method: string, url: string): string | undefined =>
  SUMMARIES.get(`${method} ${url.replaceAll(/:(\w+)/g, '{$1}')}`);
