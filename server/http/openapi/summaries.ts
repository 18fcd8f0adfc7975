import { CATALOGUES } from '../../../src/domain/catalogues';
import { API_BASES, type EndpointPaths } from '../../../src/domain/endpointPaths';

/**
 * The Portuguese summary of each operation in the API description, keyed `METHOD /api/path` with
 * OpenAPI's `{param}` segments. The catalogues' calls are named from their declaration's label
 * (src/domain/catalogues.ts), so a catalogue added there is described without a line here; an
 * endpoint declared by a contract (src/domain/contract.ts) carries its own.
 */

const CATALOGUE_VERBS = {
  list: ['GET', 'Lista'],
  one: ['GET', 'Lê um registro'],
  create: ['POST', 'Cria'],
  update: ['PUT', 'Altera'],
  remove: ['DELETE', 'Exclui'],
} as const satisfies Record<keyof Omit<EndpointPaths, 'base'>, readonly [string, string]>;

/** `shipper/:parentId` → `/api/v1/billing/shipper/{id}` (the server names a parent `:id` too). */
const openapiPath = (endpoint: EndpointPaths, path: string) =>
  `${API_BASES[endpoint.base]}/${path.replaceAll(/:(parentId|id)\b/g, '{id}')}`;

const catalogueSummaries = Object.values(CATALOGUES).flatMap((entry) => {
  const endpoint: EndpointPaths = entry.endpoint;
  return Object.entries(CATALOGUE_VERBS).flatMap(([call, [method, verb]]) => {
    const path = endpoint[call as keyof typeof CATALOGUE_VERBS];
    return path === undefined ? [] : [[`${method} ${openapiPath(endpoint, path)}`, `${verb}: ${entry.label}`] as const];
  });
});

/** The admin service's generic calls (`/api/admin/{type}`): one of the catalogues below, by name. */
export const ADMIN_TYPES_DESCRIPTION =
  'Cadastro pelo nome: ' +
  Object.entries(CATALOGUES)
    .filter(([, entry]) => entry.endpoint.base === 'admin' && entry.endpoint.list !== 'mission/configs')
    .map(([name, entry]) => `\`${name}\` (${entry.label})`)
    .join(', ') +
  '.';

const OTHER_SUMMARIES: Record<string, string> = {
  'GET /api/health': 'O processo está no ar (liveness)',
  'GET /api/ready': 'Pronto para atender: banco respondendo e migrações aplicadas (readiness)',
  'GET /api/metrics': 'Métricas no formato de texto do Prometheus (Authorization: Bearer METRICS_TOKEN)',
  'POST /api/auth/': 'Login: devolve o token da sessão',
  'POST /api/auth/forget': 'Esqueci a senha: envia o código por e-mail',
  'POST /api/auth/forget/validate': 'Esqueci a senha: confere o código',
  'POST /api/auth/forget/reset': 'Esqueci a senha: grava a nova senha',
  'POST /api/auth/two-factor/enrolment': 'Verificação em duas etapas exigida: inicia a configuração no login (com a senha)',
  'GET /api/auth/two-factor/': 'Verificação em duas etapas da própria conta',
  'POST /api/auth/two-factor/setup': 'Verificação em duas etapas: gera a chave e o QR code',
  'POST /api/auth/two-factor/confirm': 'Verificação em duas etapas: confirma com um código e devolve os códigos de recuperação',
  'POST /api/auth/two-factor/disable': 'Verificação em duas etapas: desativa com um código',
  'PUT /api/auth/two-factor/policy': 'Exige a verificação em duas etapas dos perfis Administrador e TI da gerenciadora',
  'GET /api/address/{cep}/json': 'Endereço de um CEP',
  'GET /api/address/geocode': 'Coordenadas de um endereço',
  'GET /api/address/reverse': 'Endereço de umas coordenadas',
  'POST /api/contact/': 'Mensagem do formulário de contato',
  'GET /api/missions/live': 'Eventos ao vivo das missões (stream, autorizado pelo ticket)',
  'GET /api/missions/tracking/{token}': 'Acompanhamento da missão para o embarcador, sem login (o token é a credencial; ?refresh=1 não conta visualização)',
  'GET /api/missions/tracking/{token}/live': 'Eventos ao vivo da missão do link de acompanhamento (stream, autorizado pelo token)',
  'GET /api/admin/{type}': 'Lista os registros de um cadastro',
  'POST /api/admin/{type}': 'Cria um registro num cadastro',
  'GET /api/admin/{type}/{id}': 'Lê um registro de um cadastro',
  'PUT /api/admin/{type}/{id}': 'Altera um registro de um cadastro',
  'DELETE /api/admin/{type}/{id}': 'Exclui um registro de um cadastro',
  'GET /api/admin/shippers/{id}/franchises': 'Franquias de um embarcador',
  'GET /api/v1/billing/riskManager/{id}/serviceProviders': 'Prestadores de uma gerenciadora (planos de franquia)',
  'GET /api/risk-managers/info': 'Gerenciadoras visíveis a quem chama',
  'GET /api/risk-managers/login': 'Lista: Usuários',
  'POST /api/risk-managers/login': 'Cria: Usuários',
  'GET /api/risk-managers/login/{id}': 'Lê um registro: Usuários',
  'PUT /api/risk-managers/login/{id}': 'Altera: Usuários',
  'DELETE /api/risk-managers/login/{id}': 'Exclui: Usuários',
  'POST /api/risk-managers/login/{id}/two-factor/reset': 'Redefine a verificação em duas etapas de um usuário',
  'GET /api/reports/dashboard': 'Painel: indicadores das missões',
  'GET /api/reports/scorecards': 'Desempenho das prestadoras: classificação',
  'GET /api/reports/scorecards/excel': 'Desempenho das prestadoras em Excel',
  'GET /api/reports/scorecards/{id}': 'Desempenho de uma prestadora, mês a mês',
  'GET /api/reports/scorecards/{id}/excel': 'Desempenho de uma prestadora em Excel',
  'GET /api/reports/missionDetail/verify': 'Confere a cadeia de eventos de uma missão',
  'GET /api/reports/missionDetail/pdf': 'Relatório da missão em PDF',
  'GET /api/reports/billing': 'Relatório de faturamento',
  'GET /api/reports/billing/excel': 'Relatório de faturamento em Excel',
  'GET /api/admin/audit': 'Trilha de auditoria (paginada)',
  'GET /api/admin/audit/excel': 'Trilha de auditoria em Excel',
  'GET /api/missions/request/monitoring': 'Monitoramento: missões e totais',
  'GET /api/missions/request/id/{id}': 'Lê uma missão',
  'POST /api/missions/request': 'Cria uma missão',
  'PUT /api/missions/request/{id}/status': 'Muda a situação de uma missão',
  'POST /api/missions/{id}/askfinish': 'Prestador pede o encerramento da missão',
  'DELETE /api/missions/{id}/askfinish': 'Desfaz o pedido de encerramento',
  'GET /api/missions/{id}/proposals': 'Propostas de uma missão',
  'POST /api/missions/proposals': 'Envia uma proposta',
  'PUT /api/missions/proposals/{id}': 'Responde ou altera uma proposta',
  'DELETE /api/missions/proposals/{id}': 'Retira uma proposta',
  'GET /api/missions/{id}/events': 'Eventos de uma missão',
  'GET /api/missions/request/id/{id}/details': 'Detalhes de uma missão (agentes, veículos, ocorrências…)',
  'POST /api/missions/{id}/{crudOption}': 'Inclui um item nos detalhes da missão',
  'PUT /api/missions/{id}/{crudOption}': 'Altera um item dos detalhes da missão',
  'DELETE /api/missions/{id}/{crudOption}': 'Exclui um item dos detalhes da missão',
};

const SUMMARIES: ReadonlyMap<string, string> = new Map([...catalogueSummaries, ...Object.entries(OTHER_SUMMARIES)]);

/** The summary of `METHOD url` (url with Fastify's `:param`s), or undefined for an undescribed call. */
export const summaryOf = (method: string, url: string): string | undefined =>
  SUMMARIES.get(`${method} ${url.replaceAll(/:(\w+)/g, '{$1}')}`);
