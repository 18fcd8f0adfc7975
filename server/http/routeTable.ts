import { ROSTER_CONTRACTS } from '../../src/domain/agents/contracts';
import { rosterHandlers } from '../agents/handlers';
import type { Contract } from '../../src/domain/contract';
import type { ServiceBase } from '../../src/domain/endpointPaths';
import type { ApiKeyScope } from '../../src/domain/integrations/apiKeys';
import { INTEGRATION_CONTRACTS } from '../../src/domain/integrations/contracts';
import { HEALTH_CONTRACTS } from '../../src/domain/healthContracts';
import { ADDRESS_CONTRACTS } from '../../src/domain/address';
import { ALARM_CONTRACTS } from '../../src/domain/alarms/contracts';
import { AUDIT_CONTRACTS } from '../../src/domain/audit/contracts';
import { PRIVACY_CONTRACTS } from '../../src/domain/privacy/contracts';
import { AUTH_CONTRACTS, TWO_FACTOR_CONTRACTS } from '../../src/domain/auth/contracts';
import { BILLING_CONTRACTS } from '../../src/domain/billing/contracts';
import { RISK_MANAGER_CONTRACTS, SERVICE_PROVIDER_CONTRACTS } from '../../src/domain/companies/contracts';
import { CONTACT_CONTRACT } from '../../src/domain/company';
import { LIST_EXPORT_CONTRACT } from '../../src/domain/listExport';
import { LIVE_CONTRACTS } from '../../src/domain/live/contracts';
import { ATTACHMENT_CONTRACTS } from '../../src/domain/missionDetails/attachmentContracts';
import { CHAT_CONTRACTS } from '../../src/domain/missionDetails/chatContracts';
import { DETAILS_CONTRACTS } from '../../src/domain/missionDetails/itemContracts';
import { MISSION_CONFIG_CONTRACTS } from '../../src/domain/missionConfigContracts';
import { MISSION_CONTRACTS } from '../../src/domain/missions/contracts';
import { FISCAL_KEY_CONTRACTS } from '../../src/domain/missions/fiscalKeyContracts';
import { PROVIDER_PLAN_CONTRACTS, RISK_MANAGER_PROVIDERS_CONTRACT, SHIPPER_FRANCHISES_CONTRACT, SHIPPER_PLAN_CONTRACTS } from '../../src/domain/planContracts';
import { POSITION_CONTRACTS } from '../../src/domain/positions/contracts';
import { PUSH_CONTRACTS } from '../../src/domain/push/contracts';
import { REPORT_CONTRACTS, SCORECARD_CONTRACTS } from '../../src/domain/reports/contracts';
import { STORAGE_CONTRACTS } from '../../src/domain/storageContracts';
import { THEME_CONTRACTS } from '../../src/domain/themeContracts';
import { TRACKING_CONTRACTS } from '../../src/domain/tracking/contracts';
import { WEBHOOK_CONTRACTS } from '../../src/domain/webhooks/contracts';
import { addressHandlers, addressSessionScope } from '../address/handlers';
import { alarmHandlers } from '../alarms/handlers';
import { auditHandlers } from '../audit/handlers';
import { privacyHandlers } from '../privacy/handlers';
import { authHandlers } from '../auth/handlers';
import { twoFactorHandlers } from '../auth/twoFactorHandlers';
import { billingHandlers } from '../billing/handlers';
import { missionBillingHandlers } from '../billing/missionBilling/handlers';
import { adminHandlers, UNKNOWN_CATALOGUE } from '../catalogues/adminHandlers';
import { listExportHandlers, listExportScope } from '../catalogues/listExport';
import type { AdminCatalogues } from '../catalogues/records';
import { riskManagerHandlers } from '../companies/riskManagerHandlers';
import { serviceProviderHandlers } from '../companies/serviceProviderHandlers';
import { contactHandlers } from '../contact/handlers';
import { liveStreamHandlers, liveTicketHandlers } from '../live/handlers';
import { attachmentHandlers } from '../missions/attachmentHandlers';
import { chatHandlers } from '../missions/chatHandlers';
import { detailsHandlers } from '../missions/detailsHandlers';
import { fiscalKeyHandlers } from '../missions/fiscalKeyHandlers';
import { missionHandlers } from '../missions/handlers';
import { multipartScope } from '../missions/uploads';
import { missionTeamsHandlers, osmandFormScope, osmandHandlers, trackerDeviceHandlers } from '../positions/handlers';
import { pushHandlers } from '../push/handlers';
import { billingReportHandlers } from '../reports/billingReportHandlers';
import { dashboardHandlers } from '../reports/dashboardHandlers';
import { missionReportHandlers } from '../reports/missionReportHandlers';
import { scorecardHandlers } from '../reports/scorecardHandlers';
import type { FeatureDeps } from '../shared/deps';
import { neverReplayed } from '../shared/neverReplayed';
import type { TypedApp } from '../shared/schemaTypes';
import type { Served } from '../shared/serves';
import { storageHandlers } from '../storage/handlers';
import { publicThemeHandlers, themeWriteHandlers, themeWriteScope } from '../themes/handlers';
import { trackingLinkHandlers, trackingPublicHandlers } from '../tracking/handlers';
import { webhookHandlers } from '../webhooks/handlers';
import { healthHandlers } from './health';
import { apiKeyHandlers, inboundMissionHandlers } from '../integrations/handlers';

/**
 * The server's route table (docs/architecture.md, "De uma URL ao código"): every endpoint of the
 * API, by service base, keyed by its method and URL, with the contract it answers by and the
 * handler that serves it (kept in its feature's module). server/http/routes.ts registers exactly
 * these rows and nothing else (tests/server/routeTable.test.ts).
 *
 * A row's access is the scope it is registered in: `public`; `session`, behind the token;
 * `missions`, behind the token and not for the tech profile, whose menu has no Missões
 * (docs/rules/screens.md). A row's scope set-up is what its routes need apart from the others: the
 * multipart parser of the details' uploads, the theme images' body parser, the list export's body
 * limit, geocoding's own session check, or no replay of an answer that is a secret.
 */

export type Access = 'public' | 'session' | 'missions';

/** What a scope needs before its routes are registered in it. */
export type ScopeSetup = (scope: TypedApp) => void | Promise<void>;

export interface Row {
  readonly access: Access;
  readonly base: ServiceBase;
  /** The contracts the row serves (one, or a catalogue's generated set). */
  readonly contracts: readonly Contract[];
  /** Routes registered without a contract, below the base: only the catalogues' hidden catch-all. */
  readonly uncontracted?: readonly string[];
  readonly setup?: ScopeSetup;
  /**
   * The scope that lets an API key call the row's endpoints (docs/rules/integrations.md); without
   * one, a key is refused with 403 and only a person's session gets in.
   */
  readonly apiKeyScope?: ApiKeyScope;
  /** Registers the row's routes in a scope of its access and set-up, prefixed by its base. */
  readonly mount: (scope: TypedApp) => void;
}

export type RouteTable = Readonly<Record<string, Row>>;

/** One endpoint: its contract and the handler serving it, which must serve that very contract. */
function row<C extends Contract>(access: Access, contract: C, handler: Served<C>, setup?: ScopeSetup): Row {
  if (handler.contract !== contract) throw new Error(`${contract.method} ${contract.path}: o handler serve outro contrato`);
  return { access, base: contract.base, contracts: [contract], setup, mount: handler.mount };
}

/** A row that API keys with `scope` may also call (docs/rules/integrations.md). */
const keyed = (scope: ApiKeyScope, one: Row): Row => ({ ...one, apiKeyScope: scope });

/** A generated set of endpoints under one base (a catalogue's five calls). */
function rows(access: Access, base: ServiceBase, served: readonly Served[]): Row {
  return { access, base, contracts: served.map((one) => one.contract), mount: (scope) => served.forEach((one) => one.mount(scope)) };
}

/** Every row, with its handlers made from the app's dependencies (`app`: the root, for its decorators and hooks). */
export async function routeTable(app: TypedApp, deps: FeatureDeps & { catalogues?: AdminCatalogues }): Promise<RouteTable> {
  const missions = await missionHandlers(deps);
  const fiscalKeys = fiscalKeyHandlers(deps);
  const health = healthHandlers(deps);
  const auth = authHandlers(deps, app);
  const twoFactor = twoFactorHandlers(deps);
  const push = pushHandlers(deps, app);
  const address = addressHandlers(deps, app);
  const storage = storageHandlers(deps, app);
  const publicTheme = publicThemeHandlers(deps);
  const themeWrite = themeWriteHandlers(deps);
  const contact = contactHandlers(deps);
  const admin = adminHandlers(deps);
  const listExport = listExportHandlers();
  const audit = auditHandlers(deps);
  const privacy = privacyHandlers(deps);
  const billing = billingHandlers(deps);
  const missionBilling = missionBillingHandlers(deps);
  const riskManagers = riskManagerHandlers(deps);
  const serviceProviders = serviceProviderHandlers(deps);
  const roster = rosterHandlers(deps);
  const details = detailsHandlers(deps);
  const attachments = attachmentHandlers(deps);
  const alarms = alarmHandlers(deps);
  const chat = chatHandlers(deps);
  const liveTicket = liveTicketHandlers(deps);
  const liveStream = liveStreamHandlers(deps, app);
  const trackingLink = trackingLinkHandlers(deps);
  const trackingPublic = trackingPublicHandlers(deps, app);
  const dashboard = dashboardHandlers(deps);
  const scorecards = scorecardHandlers(deps);
  const missionReport = missionReportHandlers(deps);
  const billingReport = billingReportHandlers(deps);
  const trackerDevices = trackerDeviceHandlers(deps);
  const osmand = osmandHandlers(deps, app);
  const teams = missionTeamsHandlers(deps);
  const webhooks = webhookHandlers(deps, app);
  const keys = apiKeyHandlers(deps);
  const inbound = inboundMissionHandlers(deps);

  return {
    // /api: the process's own health (docs/operations/metrics.md).
    'GET /api/health': row('public', HEALTH_CONTRACTS.health, health.health),
    'GET /api/ready': row('public', HEALTH_CONTRACTS.ready, health.ready),

    // /api/auth: sign-in and password reset (public), the account's own second factor and devices.
    'POST /api/auth/': row('public', AUTH_CONTRACTS.login, auth.login, neverReplayed),
    'POST /api/auth/two-factor/enrolment': row('public', AUTH_CONTRACTS.enrolment, auth.enrolment, neverReplayed),
    'POST /api/auth/forget': row('public', AUTH_CONTRACTS.forget, auth.forget),
    'POST /api/auth/forget/validate': row('public', AUTH_CONTRACTS.validate, auth.validate),
    'POST /api/auth/forget/reset': row('public', AUTH_CONTRACTS.reset, auth.reset),
    'GET /api/auth/two-factor': row('session', TWO_FACTOR_CONTRACTS.status, twoFactor.status),
    'GET /api/auth/two-factor/': row('session', TWO_FACTOR_CONTRACTS.statusWithSlash, twoFactor.statusWithSlash),
    'POST /api/auth/two-factor/setup': row('session', TWO_FACTOR_CONTRACTS.setup, twoFactor.setup, neverReplayed),
    'POST /api/auth/two-factor/confirm': row('session', TWO_FACTOR_CONTRACTS.confirm, twoFactor.confirm, neverReplayed),
    'POST /api/auth/two-factor/disable': row('session', TWO_FACTOR_CONTRACTS.disable, twoFactor.disable, neverReplayed),
    'PUT /api/auth/two-factor/policy': row('session', TWO_FACTOR_CONTRACTS.policy, twoFactor.policy),
    'GET /api/auth/push/key': row('session', PUSH_CONTRACTS.key, push.key),
    'GET /api/auth/push/devices': row('session', PUSH_CONTRACTS.devices, push.devices),
    'POST /api/auth/push/devices': row('session', PUSH_CONTRACTS.subscribe, push.subscribe),
    'PUT /api/auth/push/devices/:id': row('session', PUSH_CONTRACTS.update, push.update),
    'DELETE /api/auth/push/devices/:id': row('session', PUSH_CONTRACTS.remove, push.remove),

    // /api/address: the public CEP look-up; geocoding needs a session (its own check).
    'GET /api/address/:cep/json': row('public', ADDRESS_CONTRACTS.cep, address.cep),
    'GET /api/address/geocode': row('public', ADDRESS_CONTRACTS.geocode, address.geocode, addressSessionScope),
    'GET /api/address/reverse': row('public', ADDRESS_CONTRACTS.reverse, address.reverse, addressSessionScope),

    // /api/storage: public theme images; mission files checked by each kind's own access.
    'GET /api/storage/riskmanager/:file': row('public', STORAGE_CONTRACTS.themeImage, storage.themeImage),
    'GET /api/storage/mission/attachments/:file': row('public', STORAGE_CONTRACTS.attachment, storage.attachment),
    'GET /api/storage/mission/chat/:file': row('public', STORAGE_CONTRACTS.chat, storage.chat),

    // /api/themes: read before anyone logs in; written behind the token.
    'GET /api/themes/': row('public', THEME_CONTRACTS.get, publicTheme.get),
    'PUT /api/themes/': row('session', THEME_CONTRACTS.save, themeWrite.save, themeWriteScope),
    'POST /api/themes/images/:kind': row('session', THEME_CONTRACTS.uploadImage, themeWrite.uploadImage, themeWriteScope),
    'DELETE /api/themes/images/:kind': row('session', THEME_CONTRACTS.removeImage, themeWrite.removeImage, themeWriteScope),

    // /api/contact: the landing page's 'Fale conosco'.
    'POST /api/contact/': row('public', CONTACT_CONTRACT, contact.send),

    // /api/admin: the catalogues (one generated set each, from the registry), the mission
    // parameters, the list export and the audit trail.
    'GET /api/admin/mission/configs': row('session', MISSION_CONFIG_CONTRACTS.list, admin.configs),
    'GET /api/admin/mission/configs/:id': row('session', MISSION_CONFIG_CONTRACTS.one, admin.config),
    'PUT /api/admin/mission/configs/:id': row('session', MISSION_CONFIG_CONTRACTS.update, admin.updateConfig),
    'GET POST /api/admin/<cadastro>, GET PUT DELETE /api/admin/<cadastro>/:id': rows('session', 'admin', admin.catalogues),
    'GET /api/admin/shippers/:id/franchises': row('session', SHIPPER_FRANCHISES_CONTRACT, admin.shipperFranchises),
    'GET POST /api/admin/:type, GET PUT DELETE /api/admin/:type/:id': { access: 'session', base: 'admin', contracts: [], uncontracted: UNKNOWN_CATALOGUE.routes, mount: UNKNOWN_CATALOGUE.mount },
    'POST /api/admin/lists/excel': row('session', LIST_EXPORT_CONTRACT, listExport.excel, listExportScope),
    'GET /api/admin/audit': row('session', AUDIT_CONTRACTS.list, audit.list),
    'GET /api/admin/audit/excel': row('session', AUDIT_CONTRACTS.excel, audit.excel),
    // Administração → Privacidade (docs/rules/privacy.md).
    'POST /api/admin/privacy/search': row('session', PRIVACY_CONTRACTS.search, privacy.search),
    'POST /api/admin/privacy/export/pdf': row('session', PRIVACY_CONTRACTS.exportPdf, privacy.exportPdf),
    'POST /api/admin/privacy/anonymise': row('session', PRIVACY_CONTRACTS.anonymise, privacy.anonymise),
    'GET /api/admin/privacy/requests': row('session', PRIVACY_CONTRACTS.requests, privacy.requests),
    'POST /api/admin/privacy/requests': row('session', PRIVACY_CONTRACTS.createRequest, privacy.createRequest),
    'PUT /api/admin/privacy/requests/:id': row('session', PRIVACY_CONTRACTS.answerRequest, privacy.answerRequest),
    'GET /api/admin/privacy/retention': row('session', PRIVACY_CONTRACTS.retention, privacy.retention),
    'PUT /api/admin/privacy/retention': row('session', PRIVACY_CONTRACTS.saveRetention, privacy.saveRetention),
    'GET /api/admin/privacy/incidents': row('session', PRIVACY_CONTRACTS.incidents, privacy.incidents),
    'POST /api/admin/privacy/incidents': row('session', PRIVACY_CONTRACTS.createIncident, privacy.createIncident),
    'PUT /api/admin/privacy/incidents/:id': row('session', PRIVACY_CONTRACTS.updateIncident, privacy.updateIncident),
    'DELETE /api/admin/privacy/incidents/:id': row('session', PRIVACY_CONTRACTS.removeIncident, privacy.removeIncident),

    // /api/v1/billing: services and franchise plans; a mission's billing (missions area).
    'GET POST /api/v1/billing/franchise, GET PUT DELETE /api/v1/billing/franchise/:id': rows('session', 'billing', billing.franchise),
    'GET /api/v1/billing/shipper/:id': row('session', SHIPPER_PLAN_CONTRACTS.list, billing.shipperPlans),
    'GET /api/v1/billing/shipper/plan/:id': row('session', SHIPPER_PLAN_CONTRACTS.one, billing.shipperPlan),
    'POST /api/v1/billing/shipper': row('session', SHIPPER_PLAN_CONTRACTS.create, billing.createShipperPlan),
    'PUT /api/v1/billing/shipper/:id': row('session', SHIPPER_PLAN_CONTRACTS.update, billing.updateShipperPlan),
    'DELETE /api/v1/billing/shipper/:id': row('session', SHIPPER_PLAN_CONTRACTS.remove, billing.removeShipperPlan),
    'GET /api/v1/billing/franchise/:id/serviceProviders': row('session', PROVIDER_PLAN_CONTRACTS.list, billing.providerPlans),
    'GET /api/v1/billing/serviceProvider/:id': row('session', PROVIDER_PLAN_CONTRACTS.one, billing.providerPlan),
    'POST /api/v1/billing/serviceProvider': row('session', PROVIDER_PLAN_CONTRACTS.create, billing.createProviderPlan),
    'PUT /api/v1/billing/serviceProvider/:id': row('session', PROVIDER_PLAN_CONTRACTS.update, billing.updateProviderPlan),
    'DELETE /api/v1/billing/serviceProvider/:id': row('session', PROVIDER_PLAN_CONTRACTS.remove, billing.removeProviderPlan),
    'GET /api/v1/billing/riskManager/:id/serviceProviders': row('session', RISK_MANAGER_PROVIDERS_CONTRACT, billing.riskManagerProviders),
    'GET /api/v1/billing/mission/id/:id': row('missions', BILLING_CONTRACTS.byMission, missionBilling.byMission),
    'POST /api/v1/billing/mission/:id/calculus': row('missions', BILLING_CONTRACTS.calculus, missionBilling.calculus),
    'PUT /api/v1/billing/mission/:id': row('missions', BILLING_CONTRACTS.save, missionBilling.save),
    'POST /api/v1/billing/mission/:id/finalize': row('missions', BILLING_CONTRACTS.finalize, missionBilling.finalize),
    'GET /api/v1/billing/mission/:id/meter': row('missions', BILLING_CONTRACTS.meter, missionBilling.meter),
    'GET /api/v1/billing/priceTables/riskManager/:id': row('missions', BILLING_CONTRACTS.riskManagerPriceTables, missionBilling.riskManagerPriceTables),
    'GET /api/v1/billing/priceTables/shipper/:id': row('missions', BILLING_CONTRACTS.shipperPriceTables, missionBilling.shipperPriceTables),

    // /api/risk-managers: the tenants a caller sees and the users screen.
    'GET /api/risk-managers/info': row('session', RISK_MANAGER_CONTRACTS.info, riskManagers.info),
    'GET /api/risk-managers/login': row('session', RISK_MANAGER_CONTRACTS.users, riskManagers.users),
    'GET /api/risk-managers/login/:id': row('session', RISK_MANAGER_CONTRACTS.user, riskManagers.user),
    'POST /api/risk-managers/login': row('session', RISK_MANAGER_CONTRACTS.createUser, riskManagers.createUser),
    'PUT /api/risk-managers/login/:id': row('session', RISK_MANAGER_CONTRACTS.updateUser, riskManagers.updateUser),
    'POST /api/risk-managers/login/:id/two-factor/reset': row('session', RISK_MANAGER_CONTRACTS.resetTwoFactor, riskManagers.resetTwoFactor, neverReplayed),
    'DELETE /api/risk-managers/login/:id': row('session', RISK_MANAGER_CONTRACTS.removeUser, riskManagers.removeUser),

    // /api/service-providers: the providers catalogue, their logins and a provider's own base (missions area: the proposal form's).
    'GET POST /api/service-providers/info, GET PUT DELETE /api/service-providers/info/:id': rows('session', 'serviceProviders', serviceProviders.info),
    'GET /api/service-providers/base': row('missions', SERVICE_PROVIDER_CONTRACTS.ownBase, serviceProviders.ownBase),
    'GET /api/service-providers/:id/logins': row('session', SERVICE_PROVIDER_CONTRACTS.logins, serviceProviders.logins),
    'GET /api/service-providers/login/:id': row('session', SERVICE_PROVIDER_CONTRACTS.login, serviceProviders.login),
    'POST /api/service-providers/login': row('session', SERVICE_PROVIDER_CONTRACTS.createLogin, serviceProviders.createLogin),
    'PUT /api/service-providers/login/:id': row('session', SERVICE_PROVIDER_CONTRACTS.updateLogin, serviceProviders.updateLogin),
    'DELETE /api/service-providers/login/:id': row('session', SERVICE_PROVIDER_CONTRACTS.removeLogin, serviceProviders.removeLogin),
    // The provider's roster of security agents (docs/rules/agents.md), in the missions area.
    'GET /api/service-providers/agents': row('missions', ROSTER_CONTRACTS.list, roster.list),
    'POST /api/service-providers/agents': row('missions', ROSTER_CONTRACTS.create, roster.create),
    'PUT /api/service-providers/agents/:id': row('missions', ROSTER_CONTRACTS.update, roster.update),

    // /api/missions: the live stream (its ticket is the credential) and the shipper's tracking page
    // (its link's token is), public; everything else in the missions area.
    'GET /api/missions/live': row('public', LIVE_CONTRACTS.stream, liveStream.stream),
    'GET /api/missions/tracking/:token': row('public', TRACKING_CONTRACTS.view, trackingPublic.view),
    'GET /api/missions/tracking/:token/live': row('public', TRACKING_CONTRACTS.live, trackingPublic.live),
    'GET /api/missions/request/monitoring': keyed('missions:read', row('missions', MISSION_CONTRACTS.monitoring, missions.monitoring)),
    'GET /api/missions/request/id/:id': keyed('missions:read', row('missions', MISSION_CONTRACTS.one, missions.one)),
    'POST /api/missions/request': keyed('missions:write', row('missions', MISSION_CONTRACTS.create, missions.create)),
    'PUT /api/missions/request/:id/status': row('missions', MISSION_CONTRACTS.status, missions.status),
    'GET /api/missions/request/:id/fiscal-keys': row('missions', FISCAL_KEY_CONTRACTS.read, fiscalKeys.read),
    'PUT /api/missions/request/:id/fiscal-keys': row('missions', FISCAL_KEY_CONTRACTS.replace, fiscalKeys.replace),
    'POST /api/missions/:id/askfinish': row('missions', MISSION_CONTRACTS.askFinish, missions.askFinish),
    'DELETE /api/missions/:id/askfinish': row('missions', MISSION_CONTRACTS.cancelFinish, missions.cancelFinish),
    'GET /api/missions/:id/proposals': row('missions', MISSION_CONTRACTS.proposals, missions.proposals),
    'POST /api/missions/proposals': row('missions', MISSION_CONTRACTS.proposalCreate, missions.proposalCreate),
    'PUT /api/missions/proposals/:id': row('missions', MISSION_CONTRACTS.proposalUpdate, missions.proposalUpdate),
    'DELETE /api/missions/proposals/:id': row('missions', MISSION_CONTRACTS.proposalDelete, missions.proposalDelete),
    'GET /api/missions/:id/events': keyed('missions:read', row('missions', MISSION_CONTRACTS.events, missions.events)),
    // The details, attachments and chat share the multipart parser, the only multipart calls.
    'GET /api/missions/request/id/:id/details': row('missions', DETAILS_CONTRACTS.details, details.details, multipartScope),
    'POST /api/missions/:id/:crudOption': row('missions', DETAILS_CONTRACTS.addItem, details.addItem, multipartScope),
    'PUT /api/missions/:id/:crudOption': row('missions', DETAILS_CONTRACTS.changeItem, details.changeItem, multipartScope),
    'DELETE /api/missions/:id/:crudOption': row('missions', DETAILS_CONTRACTS.removeItem, details.removeItem, multipartScope),
    'POST /api/missions/:id/attachments': row('missions', ATTACHMENT_CONTRACTS.add, attachments.add, multipartScope),
    'PUT /api/missions/:id/attachments': row('missions', ATTACHMENT_CONTRACTS.update, attachments.update, multipartScope),
    'DELETE /api/missions/:id/attachments': row('missions', ATTACHMENT_CONTRACTS.remove, attachments.remove, multipartScope),
    'GET /api/missions/:id/chat': row('missions', CHAT_CONTRACTS.list, chat.list, multipartScope),
    'POST /api/missions/chat': row('missions', CHAT_CONTRACTS.send, chat.send, multipartScope),
    'DELETE /api/missions/chat/:id': row('missions', CHAT_CONTRACTS.remove, chat.remove, multipartScope),
    'POST /api/missions/live/ticket': row('missions', LIVE_CONTRACTS.ticket, liveTicket.ticket),
    'GET /api/missions/:id/tracking': row('missions', TRACKING_CONTRACTS.link, trackingLink.link),
    'POST /api/missions/:id/tracking': row('missions', TRACKING_CONTRACTS.create, trackingLink.create),
    'DELETE /api/missions/:id/tracking': row('missions', TRACKING_CONTRACTS.revoke, trackingLink.revoke),
    // SOS and check-in (docs/rules/alarms.md).
    'POST /api/missions/:id/sos': row('missions', ALARM_CONTRACTS.raise, alarms.raise),
    'GET /api/missions/:id/sos': row('missions', ALARM_CONTRACTS.sosState, alarms.sosState),
    'GET /api/missions/alarms': row('missions', ALARM_CONTRACTS.open, alarms.open),
    'POST /api/missions/alarms/:id/acknowledge': row('missions', ALARM_CONTRACTS.acknowledge, alarms.acknowledge),

    // /api/positions: the OsmAnd intake, public (the device's identifier is its credential; its
    // own form parser); the provider's tracking devices in the missions area.
    'GET /api/positions/osmand': row('public', POSITION_CONTRACTS.osmandGet, osmand.get, osmandFormScope),
    'POST /api/positions/osmand': row('public', POSITION_CONTRACTS.osmandPost, osmand.post, osmandFormScope),
    'GET /api/positions/devices': row('missions', POSITION_CONTRACTS.devices, trackerDevices.list),
    'POST /api/positions/devices': row('missions', POSITION_CONTRACTS.createDevice, trackerDevices.create),
    'DELETE /api/positions/devices/:id': row('missions', POSITION_CONTRACTS.revokeDevice, trackerDevices.revoke),
    'GET /api/positions/missions/:id': row('missions', POSITION_CONTRACTS.missionTeams, teams.read),

    // /api/reports: the dashboard and scorecards; the mission report and billing report read
    // missions (missions area).
    'GET /api/reports/dashboard': keyed('reports:read', row('session', REPORT_CONTRACTS.dashboard, dashboard.dashboard)),
    'GET /api/reports/scorecards': row('session', SCORECARD_CONTRACTS.ranking, scorecards.ranking),
    'GET /api/reports/scorecards/excel': row('session', SCORECARD_CONTRACTS.rankingExcel, scorecards.rankingExcel),
    'GET /api/reports/scorecards/:id': row('session', SCORECARD_CONTRACTS.one, scorecards.one),
    'GET /api/reports/scorecards/:id/excel': row('session', SCORECARD_CONTRACTS.oneExcel, scorecards.oneExcel),
    'GET /api/reports/missionDetail/verify': keyed('reports:read', row('missions', REPORT_CONTRACTS.missionVerify, missionReport.missionVerify)),
    'GET /api/reports/missionDetail/pdf': keyed('reports:read', row('missions', REPORT_CONTRACTS.missionPdf, missionReport.missionPdf)),
    'GET /api/reports/billing': keyed('reports:read', row('missions', REPORT_CONTRACTS.billing, billingReport.billing)),
    'GET /api/reports/billing/excel': keyed('reports:read', row('missions', REPORT_CONTRACTS.billingExcel, billingReport.billingExcel)),

    // /api/v1/integrations: the tenant's API keys (a person's session: 'Integrações'), and the
    // missions other systems open and read with a key (docs/integrations.md).
    'GET /api/v1/integrations/keys': row('session', INTEGRATION_CONTRACTS.keys, keys.list),
    'POST /api/v1/integrations/keys': row('session', INTEGRATION_CONTRACTS.createKey, keys.create, neverReplayed),
    'DELETE /api/v1/integrations/keys/:id': row('session', INTEGRATION_CONTRACTS.revokeKey, keys.revoke),
    'POST /api/v1/integrations/missions': keyed('missions:write', row('missions', INTEGRATION_CONTRACTS.createMission, inbound.create)),
    'GET /api/v1/integrations/missions/:id': keyed('missions:read', row('missions', INTEGRATION_CONTRACTS.mission, inbound.one)),
    'GET /api/v1/integrations/missions': keyed('missions:read', row('missions', INTEGRATION_CONTRACTS.missions, inbound.list)),

    // /api/v1/integrations: the risk manager's webhooks (docs/rules/webhooks.md).
    'GET /api/v1/integrations/webhooks': keyed('webhooks:manage', row('session', WEBHOOK_CONTRACTS.list, webhooks.list)),
    'POST /api/v1/integrations/webhooks': keyed('webhooks:manage', row('session', WEBHOOK_CONTRACTS.create, webhooks.create, neverReplayed)),
    'PUT /api/v1/integrations/webhooks/:id': keyed('webhooks:manage', row('session', WEBHOOK_CONTRACTS.update, webhooks.update)),
    'DELETE /api/v1/integrations/webhooks/:id': keyed('webhooks:manage', row('session', WEBHOOK_CONTRACTS.remove, webhooks.remove)),
    'POST /api/v1/integrations/webhooks/:id/rotate': keyed('webhooks:manage', row('session', WEBHOOK_CONTRACTS.rotate, webhooks.rotate, neverReplayed)),
    'POST /api/v1/integrations/webhooks/:id/test': keyed('webhooks:manage', row('session', WEBHOOK_CONTRACTS.test, webhooks.test)),
    'GET /api/v1/integrations/webhooks/:id/deliveries': keyed('webhooks:manage', row('session', WEBHOOK_CONTRACTS.deliveries, webhooks.deliveries)),
    'POST /api/v1/integrations/webhooks/messages/:id/resend': keyed('webhooks:manage', row('session', WEBHOOK_CONTRACTS.resend, webhooks.resend)),
  };
}
