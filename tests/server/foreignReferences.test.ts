import { and, eq, ne, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missionAlarms, missionBillings, serviceProviders } from '../../server/db/schema';
import { CATALOGUE_IDS, fixedId } from '../../server/demo/seedCatalogues';
import { MISSION_IDS } from '../../server/demo/seedMissions';
import { DEMO_ROSTER_IDS } from '../../server/demo/seedRosters';
import { CATALOGUES } from '../../src/domain/catalogues';
import { RECORDS } from '../../src/domain/recordSchemas';
import { DEMO_IDS } from '../../server/demo/seed';
import { ACCOUNTS, clientFor, type Account, type Client } from './catalogueClient';
import { createTestApp, login, type TestApp } from './helpers';
import { operationsOf, type OpenApiDocument } from './fuzz/document';
import { missionBody } from './missionsClient';
import { multipart, PNG } from './missionFixtures';

/**
 * The tenant boundary on every write (docs/rules/tenancy-and-roles.md): a write of Gerenciadora Demo's
 * record — by its
 * own manager, or by the platform admin on its behalf — that names a row of Gerenciadora Norte
 * (its service 'Pronta resposta fluvial', its shipper, its lookups, a provider of its own, its
 * mission) is refused with 400 or 404 in Portuguese, and nothing is written.
 *
 * The table is the list of the API's writes: every write operation of the OpenAPI document is
 * either in FOREIGN_REFERENCES (the writes that take the id of another row, each with its cases) or
 * in WITHOUT_REFERENCE (with why it takes none), so a new write route fails here until it is sorted.
 */

const NORTE_PROVIDER = '5f0000000000000000000199';
const NORTE_PLAN = fixedId(0x41, 4);
const NORTE_REQUESTER = CATALOGUE_IDS.requesterNorte;
const NORTE_CAUSE = CATALOGUE_IDS.causeNorte;

const planBody = (extra: Record<string, unknown>) => ({
  franchise_plan: CATALOGUE_IDS.serviceArmada,
  name: 'Plano de outra gerenciadora',
  price: 50000,
  limits: { distance: 80, intervalType: 'start_place', hourIntervalType: 'arrivalOnPlace_endOnPlace', time: '02:30' },
  overages: { chargeType: 'full_time', distancePrice: 300, hourPrice: 9000 },
  toll: { toCharge: false },
  active: true,
  ...extra,
});
const billingBody = { franchise: NORTE_PLAN, others: { toll: 0, expenses: 0, additions: 0, discounts: 0 } };
const vehicle = { driver: 'João', driverPIN: '529.982.247-25', type: 'car', plate: 'abc1d23', year: 2020 };

/** What a case sends: as whom, the path (with ids filled in) and the body. */
interface Case {
  name: string;
  as: Account;
  url: string | ((ids: Ids) => string);
  body?: object;
  /** A multipart form instead of JSON (the chat). */
  form?: Record<string, string>;
  /** The tables the write would have written (the audit trail is always watched too). */
  tables: string[];
}

/** Ids the cases need that the demo seed does not fix: a billing side of Gerenciadora Demo, an alarm of Norte. */
interface Ids {
  demoBillingSide: string;
  /** An open SOS on Gerenciadora Norte's mission. */
  norteAlarm: string;
}

/** The registry's generic catalogues the admin service serves, each at /api/admin/{name}. */
const ADMIN_CATALOGUES = Object.entries(CATALOGUES)
  .filter(([name, entry]) => name in RECORDS && entry.endpoint.base === 'admin' && entry.endpoint.list === name)
  .map(([name]) => name);

const plans = ['franchise_plans'];
const missionTables = ['missions', 'mission_events'];

const FOREIGN_REFERENCES: Record<string, Case[]> = {
  'POST /api/v1/billing/shipper': [
    { name: "admin: plano de embarcador da Demo com o serviço 'Pronta resposta fluvial' da Norte", as: 'admin', url: '/api/v1/billing/shipper', body: planBody({ riskManager: DEMO_IDS.riskManager, shipper: CATALOGUE_IDS.shipperAndrade, franchise_plan: CATALOGUE_IDS.serviceNorte }), tables: plans },
    { name: "gestor Demo: o serviço 'Pronta resposta fluvial' da Norte", as: 'gestor', url: '/api/v1/billing/shipper', body: planBody({ shipper: CATALOGUE_IDS.shipperAndrade, franchise_plan: CATALOGUE_IDS.serviceNorte }), tables: plans },
    { name: 'gestor Demo: o embarcador da Norte', as: 'gestor', url: '/api/v1/billing/shipper', body: planBody({ shipper: CATALOGUE_IDS.shipperNorte }), tables: plans },
  ],
  'PUT /api/v1/billing/shipper/{id}': [
    { name: "admin: a franquia de Andrade Alimentos passa ao serviço 'Pronta resposta fluvial'", as: 'admin', url: `/api/v1/billing/shipper/${CATALOGUE_IDS.planAndrade}`, body: planBody({ shipper: CATALOGUE_IDS.shipperAndrade, franchise_plan: CATALOGUE_IDS.serviceNorte }), tables: plans },
    { name: "gestor Demo: a franquia de Andrade Alimentos passa ao serviço 'Pronta resposta fluvial'", as: 'gestor', url: `/api/v1/billing/shipper/${CATALOGUE_IDS.planAndrade}`, body: planBody({ shipper: CATALOGUE_IDS.shipperAndrade, franchise_plan: CATALOGUE_IDS.serviceNorte }), tables: plans },
    { name: 'admin: a franquia de Andrade Alimentos passa ao embarcador da Norte', as: 'admin', url: `/api/v1/billing/shipper/${CATALOGUE_IDS.planAndrade}`, body: planBody({ shipper: CATALOGUE_IDS.shipperNorte, franchise_plan: CATALOGUE_IDS.serviceNorte }), tables: plans },
  ],
  'POST /api/v1/billing/serviceProvider': [
    { name: 'admin: plano de prestador de um serviço da Demo para a prestadora da Norte', as: 'admin', url: '/api/v1/billing/serviceProvider', body: planBody({ serviceProvider: NORTE_PROVIDER }), tables: plans },
    { name: 'gestor Demo: a prestadora da Norte', as: 'gestor', url: '/api/v1/billing/serviceProvider', body: planBody({ serviceProvider: NORTE_PROVIDER }), tables: plans },
    { name: "gestor Demo: o serviço 'Pronta resposta fluvial' da Norte", as: 'gestor', url: '/api/v1/billing/serviceProvider', body: planBody({ franchise_plan: CATALOGUE_IDS.serviceNorte, serviceProvider: null }), tables: plans },
  ],
  'PUT /api/v1/billing/serviceProvider/{id}': [
    { name: 'admin: a tabela geral da Demo passa à prestadora da Norte', as: 'admin', url: `/api/v1/billing/serviceProvider/${CATALOGUE_IDS.planProvidersAll}`, body: planBody({ serviceProvider: NORTE_PROVIDER }), tables: plans },
    { name: "admin: a tabela geral da Demo passa ao serviço 'Pronta resposta fluvial'", as: 'admin', url: `/api/v1/billing/serviceProvider/${CATALOGUE_IDS.planProvidersAll}`, body: planBody({ franchise_plan: CATALOGUE_IDS.serviceNorte, serviceProvider: null }), tables: plans },
  ],
  'POST /api/v1/billing/mission/{id}/calculus': [
    { name: 'gestor Demo: o cálculo com a franquia da Norte', as: 'gestor', url: (ids) => `/api/v1/billing/mission/${ids.demoBillingSide}/calculus`, body: billingBody, tables: ['mission_billings'] },
  ],
  'PUT /api/v1/billing/mission/{id}': [
    { name: 'gestor Demo: faturamento com a franquia da Norte', as: 'gestor', url: (ids) => `/api/v1/billing/mission/${ids.demoBillingSide}`, body: billingBody, tables: ['mission_billings'] },
  ],
  'POST /api/v1/billing/mission/{id}/finalize': [
    { name: 'gestor Demo: faturamento finalizado com a franquia da Norte', as: 'gestor', url: (ids) => `/api/v1/billing/mission/${ids.demoBillingSide}/finalize`, body: billingBody, tables: ['mission_billings'] },
  ],
  'POST /api/service-providers/login': [
    { name: 'gestor Demo: login para a prestadora da Norte', as: 'gestor', url: '/api/service-providers/login', body: { email: 'intruso@demo.com.br', name: 'Intruso', password: 'Senha@1234', role: { perfil: 'operational' }, active: true, serviceProvider: NORTE_PROVIDER }, tables: ['users'] },
  ],
  'POST /api/missions/request': [
    { name: 'gestor Demo: o embarcador e a franquia da Norte', as: 'gestor', url: '/api/missions/request', body: missionBody({ shipper: CATALOGUE_IDS.shipperNorte, franchise_plan: NORTE_PLAN }), tables: missionTables },
    { name: 'gestor Demo: a franquia da Norte para Andrade Alimentos', as: 'gestor', url: '/api/missions/request', body: missionBody({ franchise_plan: NORTE_PLAN }), tables: missionTables },
    { name: 'admin: missão da Demo com o solicitante e o motivo da Norte', as: 'admin', url: '/api/missions/request', body: missionBody({ riskManager: DEMO_IDS.riskManager, requester: NORTE_REQUESTER, cause: NORTE_CAUSE }), tables: missionTables },
  ],
  'PUT /api/missions/request/{id}/status': [
    { name: 'gestor Demo: aceitar a prestadora da Norte', as: 'gestor', url: `/api/missions/request/${MISSION_IDS.openWithProposals}/status`, body: { missionRequest: MISSION_IDS.openWithProposals, status: 'accepted', serviceProvider: NORTE_PROVIDER }, tables: missionTables },
    { name: 'gestor Demo: a missão da Norte', as: 'gestor', url: `/api/missions/request/${MISSION_IDS.norte}/status`, body: { missionRequest: MISSION_IDS.norte, status: 'canceled' }, tables: missionTables },
  ],
  'POST /api/missions/{id}/askfinish': [
    { name: 'prestador Demo: a missão da Norte', as: 'prestador', url: `/api/missions/${MISSION_IDS.norte}/askfinish`, tables: missionTables },
  ],
  'DELETE /api/missions/{id}/askfinish': [
    { name: 'gestor Demo: a missão da Norte', as: 'gestor', url: `/api/missions/${MISSION_IDS.norte}/askfinish`, tables: missionTables },
  ],
  'POST /api/missions/proposals': [
    { name: 'prestador Demo: proposta na missão da Norte', as: 'prestador', url: '/api/missions/proposals', body: { missionRequest: MISSION_IDS.norte, status: 'pending' }, tables: ['proposals'] },
  ],
  'POST /api/missions/{id}/{crudOption}': [
    { name: 'gestor Demo: veículo na missão da Norte', as: 'gestor', url: `/api/missions/${MISSION_IDS.norte}/vehicles`, body: vehicle, tables: ['mission_vehicles'] },
    { name: 'prestador Demo: veículo na missão da Norte', as: 'prestador', url: `/api/missions/${MISSION_IDS.norte}/vehicles`, body: vehicle, tables: ['mission_vehicles'] },
    {
      name: 'prestador Demo: agente do cadastro da Escolta Sul',
      as: 'prestador',
      url: `/api/missions/${MISSION_IDS.startedFinishAsked}/securityagents`,
      body: { name: 'Ricardo', rosterAgent: DEMO_ROSTER_IDS.valid, odometer: { start: { km: 1, time: '2024-01-01T00:00:00.000Z' } } },
      tables: ['mission_agents'],
    },
  ],
  'PUT /api/missions/{id}/{crudOption}': [
    { name: 'gestor Demo: veículo na missão da Norte', as: 'gestor', url: `/api/missions/${MISSION_IDS.norte}/vehicles?createdAt=2024-01-01T00:00:00.000Z`, body: { ...vehicle, createdAt: '2024-01-01T00:00:00.000Z' }, tables: ['mission_vehicles'] },
  ],
  'DELETE /api/missions/{id}/{crudOption}': [
    { name: 'gestor Demo: veículo na missão da Norte', as: 'gestor', url: `/api/missions/${MISSION_IDS.norte}/vehicles?createdAt=2024-01-01T00:00:00.000Z`, tables: ['mission_vehicles'] },
  ],
  'POST /api/missions/{id}/attachments': [
    { name: 'prestador Demo: anexo na missão da Norte', as: 'prestador', url: `/api/missions/${MISSION_IDS.norte}/attachments`, form: { description: 'Foto' }, tables: ['mission_attachments'] },
  ],
  'PUT /api/missions/{id}/attachments': [
    { name: 'prestador Demo: anexo na missão da Norte', as: 'prestador', url: `/api/missions/${MISSION_IDS.norte}/attachments`, body: { description: 'Foto', createdAt: '2024-01-01T00:00:00.000Z' }, tables: ['mission_attachments'] },
  ],
  'DELETE /api/missions/{id}/attachments': [
    { name: 'prestador Demo: anexo na missão da Norte', as: 'prestador', url: `/api/missions/${MISSION_IDS.norte}/attachments?createdAt=2024-01-01T00:00:00.000Z`, tables: ['mission_attachments'] },
  ],
  'POST /api/missions/chat': [
    { name: 'gestor Demo: mensagem na missão da Norte', as: 'gestor', url: '/api/missions/chat', form: { missionRequest: MISSION_IDS.norte, type: 'mission_chat', message: 'Olá' }, tables: ['mission_messages'] },
  ],
  'POST /api/missions/{id}/tracking': [
    { name: 'gestor Demo: link de acompanhamento da missão da Norte', as: 'gestor', url: `/api/missions/${MISSION_IDS.norte}/tracking`, tables: ['tracking_links'] },
  ],
  'DELETE /api/missions/{id}/tracking': [
    { name: 'gestor Demo: link de acompanhamento da missão da Norte', as: 'gestor', url: `/api/missions/${MISSION_IDS.norte}/tracking`, tables: ['tracking_links'] },
  ],
  'PUT /api/missions/request/{id}/fiscal-keys': [
    { name: 'gestor Demo: chaves fiscais da missão da Norte', as: 'gestor', url: `/api/missions/request/${MISSION_IDS.norte}/fiscal-keys`, body: { nfe: [], cte: [], mdfe: [] }, tables: ['mission_fiscal_keys', 'mission_events'] },
  ],
  'POST /api/missions/{id}/sos': [
    { name: 'prestador Demo: SOS na missão da Norte', as: 'prestador', url: `/api/missions/${MISSION_IDS.norte}/sos`, body: {}, tables: ['mission_alarms', 'mission_events'] },
  ],
  'POST /api/missions/alarms/{id}/acknowledge': [
    { name: 'gestor Demo: ciente no alarme da Norte', as: 'gestor', url: (ids) => `/api/missions/alarms/${ids.norteAlarm}/acknowledge`, body: {}, tables: ['mission_alarms', 'mission_events'] },
  ],
};

const OWN_ROW = 'the id in the path is the written row itself (another tenant’s: 404, in its resource’s tests)';
const OWNER = 'riskManager names the owner, which only an admin chooses; a tenant’s body never widens its scope (tenancy.ts)';

/** The writes that take no id of another tenant's row, and why. */
const WITHOUT_REFERENCE: Record<string, string> = {
  'POST /api/auth/': 'login: credentials only',
  'POST /api/auth/two-factor/enrolment': 'credentials only',
  'POST /api/auth/forget': 'an e-mail address',
  'POST /api/auth/forget/validate': 'an e-mail address and a code',
  'POST /api/auth/forget/reset': 'an e-mail address, a code and a password',
  'POST /api/auth/two-factor/setup': 'the caller’s own account',
  'POST /api/auth/two-factor/confirm': 'the caller’s own account',
  'POST /api/auth/two-factor/disable': 'the caller’s own account',
  'PUT /api/auth/two-factor/policy': 'a flag of the platform',
  'PUT /api/themes/': OWNER,
  'POST /api/themes/images/{kind}': OWNER,
  'DELETE /api/themes/images/{kind}': OWNER,
  'POST /api/contact/': 'a message to the company, no record',
  'PUT /api/admin/mission/configs/{id}': `${OWN_ROW}; flags and minutes`,
  // Each catalogue of the registry at its own /api/admin/{name} (server/catalogues/adminHandlers.ts).
  ...Object.fromEntries(
    ADMIN_CATALOGUES.flatMap((name) => [
      [`POST /api/admin/${name}`, `${OWNER}; a city's state is a platform row shared by every tenant (cities.test)`],
      [`PUT /api/admin/${name}/{id}`, `${OWN_ROW}; a city's state is a platform row`],
      [`DELETE /api/admin/${name}/{id}`, OWN_ROW],
    ]),
  ),
  'POST /api/v1/billing/franchise': OWNER,
  'PUT /api/v1/billing/franchise/{id}': OWN_ROW,
  'DELETE /api/v1/billing/franchise/{id}': OWN_ROW,
  'DELETE /api/v1/billing/shipper/{id}': OWN_ROW,
  'DELETE /api/v1/billing/serviceProvider/{id}': OWN_ROW,
  'POST /api/risk-managers/login': OWNER,
  'PUT /api/risk-managers/login/{id}': OWN_ROW,
  'DELETE /api/risk-managers/login/{id}': OWN_ROW,
  'POST /api/risk-managers/login/{id}/two-factor/reset': OWN_ROW,
  'POST /api/service-providers/info': OWNER,
  'PUT /api/service-providers/info/{id}': OWN_ROW,
  'DELETE /api/service-providers/info/{id}': OWN_ROW,
  'PUT /api/service-providers/login/{id}': OWN_ROW,
  'DELETE /api/service-providers/login/{id}': OWN_ROW,
  'PUT /api/missions/proposals/{id}': `${OWN_ROW}; only the proposing provider's own`,
  'DELETE /api/missions/proposals/{id}': `${OWN_ROW}; only the proposing provider's own`,
  'DELETE /api/missions/chat/{id}': OWN_ROW,
  'POST /api/missions/live/ticket': 'the caller’s own stream',
  'POST /api/admin/lists/excel': 'rows as the caller’s screen shows them, written to a file; it reads and stores nothing',
  // Privacidade (docs/rules/privacy.md): a person looked for within the tenant the session (or the platform admin) names.
  'POST /api/admin/privacy/search': `${OWNER}; a person searched, nothing stored`,
  'POST /api/admin/privacy/export/pdf': `${OWNER}; a person searched, nothing stored`,
  'POST /api/admin/privacy/anonymise': `${OWNER}; a person searched, anonymised within that tenant only`,
  'POST /api/admin/privacy/requests': OWNER,
  'PUT /api/admin/privacy/requests/{id}': OWN_ROW,
  'PUT /api/admin/privacy/retention': OWNER,
  'POST /api/admin/privacy/incidents': OWNER,
  'PUT /api/admin/privacy/incidents/{id}': OWN_ROW,
  'DELETE /api/admin/privacy/incidents/{id}': OWN_ROW,
  // A device names only its push service's address and keys: no record of any tenant (docs/rules/notifications.md).
  'POST /api/auth/push/devices': 'the caller’s own device',
  'PUT /api/auth/push/devices/{id}': 'the caller’s own device, found among its own (another user’s answers 404)',
  'DELETE /api/auth/push/devices/{id}': 'the caller’s own device, found among its own (another user’s answers 404)',
  'POST /api/service-providers/agents': 'an agent of the caller’s own provider, from the session',
  'PUT /api/service-providers/agents/{id}': 'the caller’s provider’s own agent, found among its own (a competitor’s answers 404)',
  'POST /api/positions/devices': 'a device of the caller’s own provider, from the session',
  'DELETE /api/positions/devices/{id}': 'the caller’s provider’s own device, found among its own (a competitor’s answers 404)',
  'POST /api/positions/osmand': 'the device named by its identifier, the credential; its provider is the device’s',
  // The risk manager's webhooks (docs/rules/webhooks.md): found among the caller's tenant's own (another's answers 404).
  'POST /api/v1/integrations/webhooks': OWNER,
  'PUT /api/v1/integrations/webhooks/{id}': OWN_ROW,
  'DELETE /api/v1/integrations/webhooks/{id}': OWN_ROW,
  'POST /api/v1/integrations/webhooks/{id}/rotate': OWN_ROW,
  'POST /api/v1/integrations/webhooks/{id}/test': OWN_ROW,
  'POST /api/v1/integrations/webhooks/messages/{id}/resend': `${OWN_ROW}: a message of one of the caller’s tenant’s endpoints`,
  'POST /api/v1/integrations/keys': OWNER,
  'DELETE /api/v1/integrations/keys/{id}': OWN_ROW,
  // No id at all: the shipper by CNPJ and the rest by name, looked up only in the key's own tenant
  // (another tenant's CNPJ or name is a 400, tests/server/apiKeys.test.ts).
  'POST /api/v1/integrations/missions': 'names and a CNPJ, resolved in the caller’s own tenant only',
};

/** A digest of a table's rows: equal before and after means the refused write changed nothing. */
async function digest(t: TestApp, table: string): Promise<string> {
  const result = await t.database.db.execute(sql.raw(`select count(*)::text || ':' || coalesce(md5(string_agg(r::text, '|' order by r::text)), '') as d from "${table}" r`));
  return (result as { rows: { d: string }[] }).rows[0]?.d ?? '';
}

let t: TestApp;
let tokens: Record<Account, string>;
let as: Record<Account, Client>;
let document: OpenApiDocument;
let ids: Ids;

beforeAll(async () => {
  t = await createTestApp();
  const accounts = Object.keys(ACCOUNTS) as Account[];
  tokens = Object.fromEntries(await Promise.all(accounts.map(async (account) => [account, await login(t.app, ACCOUNTS[account])]))) as Record<Account, string>;
  as = Object.fromEntries(accounts.map((account) => [account, clientFor(t.app, tokens[account])])) as Record<Account, Client>;
  document = (await t.app.inject({ url: '/api/openapi.json' })).json();
  // Gerenciadora Norte's own provider, so a Demo write can name a provider of another tenant.
  await t.database.db.insert(serviceProviders).values({ id: NORTE_PROVIDER, riskManager: DEMO_IDS.riskManagerNorte, name: 'Prestadora Norte', legalName: 'Prestadora Norte Ltda', cnpj: '11444777000161', phone1: '92987654321' });
  const [side] = await t.database.db
    .select({ id: missionBillings.id })
    .from(missionBillings)
    .where(and(eq(missionBillings.riskManager, DEMO_IDS.riskManager), eq(missionBillings.type, 'shipper'), ne(missionBillings.status, 'billed')))
    .limit(1);
  if (!side) throw new Error('demo seed without an open billing side of Gerenciadora Demo');
  const [alarm] = await t.database.db
    .insert(missionAlarms)
    .values({ mission: MISSION_IDS.norte, kind: 'sos', raisedAt: new Date(), raisedByName: 'Equipe da Norte' })
    .returning({ id: missionAlarms.id });
  ids = { demoBillingSide: side.id, norteAlarm: alarm?.id ?? '' };
}, 120_000);
afterAll(() => t.close());

const writeOperations = () => operationsOf(document).filter((op) => op.method !== 'GET').map((op) => op.key);

describe('another tenant’s row in a write', () => {
  it('every write of the API is sorted: it takes a reference (with its cases) or says why it takes none', () => {
    const sorted = new Set([...Object.keys(FOREIGN_REFERENCES), ...Object.keys(WITHOUT_REFERENCE)]);
    expect(writeOperations().filter((key) => !sorted.has(key))).toEqual([]);
    expect([...sorted].filter((key) => !writeOperations().includes(key))).toEqual([]);
    expect(Object.keys(FOREIGN_REFERENCES).filter((key) => key in WITHOUT_REFERENCE)).toEqual([]);
  });

  const cases = Object.entries(FOREIGN_REFERENCES).flatMap(([key, list]) => list.map((c) => ({ key, ...c })));
  it.each(cases)('$key — $name: 400/404 in Portuguese, nothing written', async ({ key, as: account, url, body, form, tables }) => {
    const watched = [...tables, 'audit_log'];
    const before = await Promise.all(watched.map((table) => digest(t, table)));
    const method = key.split(' ')[0] as 'POST' | 'PUT' | 'DELETE';
    const path = typeof url === 'function' ? url(ids) : url;
    let response: LightMyRequestResponse;
    if (form) {
      const { payload: multipartBody, headers } = multipart(form, [{ name: 'file', filename: 'foto.png', type: 'image/png', bytes: PNG }]);
      response = await t.app.inject({ method, url: path, payload: multipartBody, headers: { ...headers, 'x-access-token': tokens[account] } });
    } else if (method === 'POST') response = await as[account].post(path, body);
    else if (method === 'PUT') response = await as[account].put(path, body);
    else response = await as[account].del(path);
    expect([400, 404], response.body).toContain(response.statusCode);
    const answer = response.json<{ error?: string; errors?: { message: string }[] }>();
    const message = answer.error ?? answer.errors?.map((issue) => issue.message).join(' ') ?? '';
    expect(message).toMatch(/[a-zà-ú]{3,}/i);
    expect(message).not.toMatch(/\b(not found|invalid|error|required)\b/i);
    expect(await Promise.all(watched.map((table) => digest(t, table)))).toEqual(before);
  });
});
