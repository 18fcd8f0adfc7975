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
  'GET /api/health': 'O processo está no ar (liveness)',
  'GET /api/ready': 'Pronto para atender: banco respondendo e migrações aplicadas (readiness)',
  'GET /api/metrics': 'Métricas no formato de texto do Prometheus (Authorization: Bearer METRICS_TOKEN)',
  'GET /api/storage/riskmanager/{file}': 'Arquivo de uma gerenciadora (logotipo)',
  'GET /api/storage/mission/attachments/{file}': 'Anexo de uma missão',
  'GET /api/storage/mission/chat/{file}': 'Arquivo enviado no chat de uma missão',
  'GET /api/themes/': 'Tema da gerenciadora (cores e imagens)',
  'PUT /api/themes/': 'Altera o tema da gerenciadora',
  'POST /api/themes/images/{kind}': 'Envia uma imagem do tema',
  'DELETE /api/themes/images/{kind}': 'Remove uma imagem do tema',
  'GET /api/risk-managers/login': 'Lista: Usuários',
  'POST /api/missions/{id}/attachments': 'Envia anexos da missão',
  'PUT /api/missions/{id}/attachments': 'Altera a descrição de um anexo',
  'DELETE /api/missions/{id}/attachments': 'Exclui um anexo da missão',
  'GET /api/missions/{id}/chat': 'Mensagens do chat de uma missão',
  'POST /api/missions/chat': 'Envia uma mensagem no chat',
  'DELETE /api/missions/chat/{id}': 'Apaga uma mensagem do chat',
};

const SUMMARIES: ReadonlyMap<string, string> = new Map([...catalogueSummaries, ...Object.entries(OTHER_SUMMARIES)]);

/** The summary of `METHOD url` (url with Fastify's `:param`s), or undefined for an undescribed call. */
export const summaryOf = (method: string, url: string): string | undefined =>
  SUMMARIES.get(`${method} ${url.replaceAll(/:(\w+)/g, '{$1}')}`);
