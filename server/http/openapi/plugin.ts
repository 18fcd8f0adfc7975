import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ERROR_SCHEMA_NAME, errorSchema } from './errorShape';
import { summaryOf } from './summaries';
import { API_KEY_SCOPE_LABELS, type ApiKeyScope } from '../../../src/domain/integrations/apiKeys';

/** Where the document and its reader live (both public: they describe the API, they hold no data). */
export const OPENAPI_JSON_URL = '/api/openapi.json';
export const API_DOCS_URL = '/api/docs';
export const API_TITLE = 'Pronta Resposta — API do back-office';

/** The header the session token travels in (server/http/plugins/auth.ts). */
export const TOKEN_SCHEME = 'tokenDeAcesso';
/** Another system's API key, `Authorization: Bearer prk_…` (docs/rules/integrations.md). */
export const API_KEY_SCHEME = 'chaveDeApi';
const securitySchemes = {
  [TOKEN_SCHEME]: {
    type: 'apiKey',
    in: 'header',
    name: 'x-access-token',
    description: 'Token devolvido por POST /api/auth/ (login), enviado em cada chamada autenticada.',
  },
  [API_KEY_SCHEME]: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'prk_…',
    description:
      'Chave de API da gerenciadora (Administração → Integrações), no cabeçalho `Authorization: Bearer prk_…`. ' +
      'Vale só nas operações que dizem aceitá-la, com a permissão indicada; sem ela, 403. Chave revogada ou ' +
      'vencida: 401. Mais de API_KEY_RATE_LIMIT chamadas por minuto: 429 com Retry-After.',
  },
} as const;

const ERROR_RESPONSE = { $ref: `#/components/responses/${ERROR_SCHEMA_NAME}` };
const errorResponses = {
  [ERROR_SCHEMA_NAME]: {
    description: 'Recusa no formato de erro normalizado.',
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_SCHEMA_NAME}` } } },
  },
};

/**
 * Marks the routes of a scope as needing the session token (the /api scope whose onRequest hook
 * authenticates, server/http/routes.ts): the document then says which calls answer 401 without it.
 */
export function requiresToken(route: RouteOptions): void {
  route.schema = { ...route.schema, security: [{ [TOKEN_SCHEME]: [] }] };
}

/**
 * The onRoute hook of a row that API keys may call (server/http/routes.ts): the route's config
 * names the scope the authentication checks, and the document offers the key as the other way in,
 * with the scope the key needs.
 */
export const acceptsApiKey = (scope: ApiKeyScope) => (route: RouteOptions): void => {
  route.config = { ...route.config, apiKeyScope: scope };
  const security = (route.schema?.security as Record<string, string[]>[] | undefined) ?? [];
  route.schema = {
    ...route.schema,
    security: [...security, { [API_KEY_SCHEME]: [scope] }],
    description: `Aceita também uma chave de API com a permissão \`${scope}\` (${API_KEY_SCOPE_LABELS[scope]}).`,
  };
};

type Operation = { responses?: Record<string, unknown> };

/** Every operation answers refusals in the normalised shape: 4XX and 5XX point at the shared component. */
function withErrorResponses(paths: Record<string, Record<string, Operation>>): void {
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      operation.responses = { ...operation.responses, '4XX': ERROR_RESPONSE, '5XX': ERROR_RESPONSE };
    }
  }
}

/**
 * The API's OpenAPI 3.1 description, generated from the route schemas (every route registered
 * after this plugin), at /api/openapi.json, and its reader at /api/docs: Swagger UI served from
 * its own package files, so it works offline and under the app's CSP (script-src 'self').
 * Only /api routes are described: the SPA's catch-all and the reader's own files are hidden.
 */
export default fp(async function openapiPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: API_TITLE,
        version: '1',
        description:
          'Serviços do back-office de despacho de missões de pronta resposta. Cada recusa (4xx/5xx) ' +
          'responde no formato de erro normalizado; as chamadas autenticadas levam o token do login no ' +
          'cabeçalho `x-access-token`.',
      },
      components: { securitySchemes, responses: errorResponses },
    },
    transform({ schema, url, route }) {
      const method = typeof route.method === 'string' ? route.method : route.method.join(',');
      if (!url.startsWith('/api/') || url.startsWith(API_DOCS_URL) || url === OPENAPI_JSON_URL) {
        return { schema: { ...schema, hide: true }, url };
      }
      const summary = schema?.summary ?? summaryOf(method, url);
      // A querystring checked only as `{ type: 'object' }` names no parameter; @fastify/swagger would
      // read its `type` keyword as a parameter called "type".
      const querystring = schema?.querystring as { properties?: object } | undefined;
      const query = querystring && !querystring.properties ? { querystring: undefined } : {};
      return { schema: { ...schema, summary, ...query }, url };
    },
    transformObject(document) {
      if (!('openapiObject' in document)) throw new Error('OpenAPI 3 only');
      const openapi = document.openapiObject;
      withErrorResponses(openapi.paths as Record<string, Record<string, Operation>>);
      // The error schema is plain JSON Schema (ajv checks bodies with it too), not openapi-types' shape.
      const schemas: Record<string, unknown> = { ...openapi.components?.schemas, [ERROR_SCHEMA_NAME]: errorSchema };
      return { ...openapi, components: { ...openapi.components, schemas } } as typeof openapi;
    },
  });
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_URL,
    uiConfig: { deepLinking: true },
    theme: { title: API_TITLE },
  });
  app.get(OPENAPI_JSON_URL, { schema: { hide: true } }, () => app.swagger());
});
