import type { FastifyInstance } from 'fastify';
import { API_BASES } from '../../src/domain/endpointPaths';
import { canUseMissions } from '../../src/domain/permissions';
import { forbidden } from '../errors/httpErrors';
import type { AdminCatalogues } from '../catalogues/records';
import type { FeatureDeps } from '../shared/deps';
import type { SchemaTypes, TypedApp } from '../shared/schemaTypes';
import { currentUser } from '../shared/session';
import { acceptsApiKey, requiresToken } from './openapi/plugin';
import { routeTable, type Access, type Row } from './routeTable';

/**
 * Registers the route table (routeTable.ts), and only it: each row in the scope of its access, under
 * its base, beside the rows that share its set-up. The authenticated scope's single onRequest hook
 * authenticates (401 before any handler), so no route can forget it; inside it the missions area
 * refuses the tech profile (docs/rules/screens.md), whose menu has no Missões either. A row with an
 * API key scope also takes `Authorization: Bearer prk_…` with that scope; every other row refuses
 * keys (docs/rules/integrations.md).
 */
export async function registerRoutes(app: FastifyInstance, deps: FeatureDeps & { catalogues?: AdminCatalogues }): Promise<void> {
  const table = Object.values(await routeTable(app.withTypeProvider<SchemaTypes>(), deps));

  /** The rows of one access, in one plugin per base and set-up, in the table's order. */
  const mount = async (scope: FastifyInstance, access: Access) => {
    const groups: { base: Row['base']; setup: Row['setup']; rows: Row[] }[] = [];
    for (const row of table.filter((one) => one.access === access)) {
      const group = groups.find((one) => one.base === row.base && one.setup === row.setup);
      if (group) group.rows.push(row);
      else groups.push({ base: row.base, setup: row.setup, rows: [row] });
    }
    for (const { base, setup, rows } of groups) {
      await scope.register(
        async (plugin: TypedApp) => {
          await setup?.(plugin);
          for (const row of rows) {
            const { apiKeyScope } = row;
            if (apiKeyScope === undefined) row.mount(plugin);
            else {
              // Its own scope, so the hook that lets keys in touches this row's routes only.
              await plugin.register(async (keyed: TypedApp) => {
                keyed.addHook('onRoute', acceptsApiKey(apiKeyScope));
                row.mount(keyed);
              });
            }
          }
        },
        { prefix: API_BASES[base] },
      );
    }
  };

  await mount(app, 'public');
  await app.register(async function authenticated(api) {
    api.addHook('onRequest', api.authenticate);
    api.addHook('onRoute', requiresToken);
    await mount(api, 'session');
    await api.register(async function missionsArea(area) {
      area.addHook('onRequest', async (request) => {
        if (!canUseMissions(currentUser(request).role)) throw forbidden();
      });
      await mount(area, 'missions');
    });
  });
}
