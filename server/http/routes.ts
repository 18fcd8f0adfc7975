import type { FastifyInstance } from 'fastify';
import { canUseMissions } from '../../src/domain/permissions';
import { forbidden } from '../errors/httpErrors';
import { API_BASES } from '../../src/domain/endpoints';
import type { AdminCatalogues } from '../catalogues/records';
import type { FeatureDeps } from '../shared/deps';
import healthRoutes from './health';
import addressRoutes from '../address/routes';
import authRoutes from '../auth/routes';
import twoFactorRoutes, { twoFactorStatusRoute } from '../auth/twoFactorRoutes';
import adminRoutes from '../catalogues/adminRoutes';
import listExportRoutes from '../catalogues/listExport';
import auditRoutes from '../audit/routes';
import billingRoutes from '../billing/routes';
import riskManagerRoutes from '../companies/riskManagerRoutes';
import serviceProviderRoutes from '../companies/serviceProviderRoutes';
import missionRoutes from '../missions/routes';
import missionDetailsService from '../missions/missionDetailsRoutes';
import reportsDashboardRoutes from '../reports/dashboardRoutes';
import scorecardRoutes from '../reports/scorecardRoutes';
import missionReportRoutes from '../reports/missionReportRoutes';
import reportRoutes from '../reports/routes';
import storageRoutes from '../storage/routes';
import contactRoutes from '../contact/routes';
import { publicThemeRoutes, themeWriteRoutes } from '../themes/routes';
import { liveStreamRoutes, liveTicketRoutes } from '../live/routes';
import { trackingLinkRoutes, trackingPublicRoutes } from '../tracking/routes';
import { pushRoutes } from '../push/routes';
import { currentUser } from '../shared/session';
import { requiresToken } from './openapi/plugin';

/**
 * Every service of the API (docs/api.md), each at its base path (src/domain/endpoints.ts). Health, auth,
 * the address proxy's CEP look-up, storage (public kinds), the theme read and contact are public;
 * every other service lives in one scope whose single onRequest hook authenticates (401 before any
 * handler), so no route can forget it.
 */
export async function registerRoutes(app: FastifyInstance, deps: FeatureDeps & { catalogues?: AdminCatalogues }): Promise<void> {
  await app.register(healthRoutes, deps);
  await app.register(authRoutes, { ...deps, prefix: API_BASES.auth });
  // Public CEP look-up (docs/api.md) beside geocoding, which authenticates in its own scope (address.ts).
  await app.register(addressRoutes, { ...deps, prefix: API_BASES.address });
  // Public: the landing and login pages use them before anyone logs in.
  await app.register(storageRoutes, { ...deps, prefix: API_BASES.storage });
  await app.register(publicThemeRoutes, { ...deps, prefix: API_BASES.themes });
  await app.register(contactRoutes, { ...deps, prefix: API_BASES.contact });
  // The live stream is authorized by its single-use ticket, not by the header (live.ts).
  await app.register(liveStreamRoutes, { ...deps, prefix: API_BASES.missions });
  // The shipper's tracking page: its link's token is the credential (tracking/routes.ts).
  await app.register(trackingPublicRoutes, { ...deps, prefix: API_BASES.missions });
  await app.register(async function authenticated(api) {
    api.addHook('onRequest', api.authenticate);
    api.addHook('onRoute', requiresToken);
    // The signed-in user's own second factor, beside the public login under the auth base.
    await api.register(twoFactorStatusRoute, { ...deps, prefix: `${API_BASES.auth}/two-factor` });
    await api.register(twoFactorRoutes, { ...deps, prefix: API_BASES.auth });
    // Its notification devices too (docs/rules/notifications.md).
    await api.register(pushRoutes, { ...deps, prefix: API_BASES.auth });
    await api.register(adminRoutes, { ...deps, prefix: API_BASES.admin });
    await api.register(listExportRoutes, { ...deps, prefix: API_BASES.admin });
    await api.register(auditRoutes, { ...deps, prefix: API_BASES.admin });
    await api.register(billingRoutes, { ...deps, prefix: API_BASES.billing });
    await api.register(riskManagerRoutes, { ...deps, prefix: API_BASES.riskManagers });
    await api.register(serviceProviderRoutes, { ...deps, prefix: API_BASES.serviceProviders });
    await api.register(themeWriteRoutes, { ...deps, prefix: API_BASES.themes });
    await api.register(reportsDashboardRoutes, { ...deps, prefix: API_BASES.reports });
    await api.register(scorecardRoutes, { ...deps, prefix: API_BASES.reports });
    // The mission PDF and its chain check; the billing report routes share the base in their own plugin.
    await api.register(missionReportRoutes, { ...deps, prefix: API_BASES.reports });
    // The missions service, its details and chat (docs/rules/missions.md) and the live stream's tickets
    // share one
    // base and one rule: not for the tech profile (docs/rules/screens.md), whose menu has no Missões either.
    await api.register(async function missionsArea(area) {
      area.addHook('onRequest', async (request) => {
        if (!canUseMissions(currentUser(request).role)) throw forbidden();
      });
      await area.register(missionRoutes, { ...deps, prefix: API_BASES.missions });
      await area.register(missionDetailsService, { ...deps, prefix: API_BASES.missions });
      await area.register(liveTicketRoutes, { ...deps, prefix: API_BASES.missions });
      await area.register(trackingLinkRoutes, { ...deps, prefix: API_BASES.missions });
      // The billing report reads missions, under the same rule.
      await area.register(reportRoutes, { ...deps, prefix: API_BASES.reports });
    });
  });
}
