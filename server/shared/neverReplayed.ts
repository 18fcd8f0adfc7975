import type { TypedApp } from './schemaTypes';

/**
 * Registers, in a scope of their own, the routes whose answer is a secret — a session token, a
 * second factor's key, recovery codes — and so must never rest in the database for an
 * Idempotency-Key replay (server/http/plugins/idempotency.ts). route() (server/shared/route.ts)
 * takes no route option, so the scope's onRoute hook says it for each of them. Awaited where it
 * stands, so the routes keep their place among the plugin's others.
 */
export async function neverReplayed(app: TypedApp, routes: (scope: TypedApp) => void): Promise<void> {
  await app.register((scope: TypedApp) => {
    scope.addHook('onRoute', (options) => {
      options.config = { ...options.config, idempotency: false };
    });
    routes(scope);
    return Promise.resolve();
  });
}
