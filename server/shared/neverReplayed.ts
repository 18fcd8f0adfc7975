import type { TypedApp } from './schemaTypes';

/**
 * The scope of the routes whose answer is a secret — a session token, a second factor's key,
 * recovery codes — and so must never rest in the database for an Idempotency-Key replay
 * (server/http/plugins/idempotency.ts). route() (server/shared/route.ts) takes no route option, so
 * the scope's onRoute hook says it for each route the route table (server/http/routeTable.ts)
 * registers in it.
 */
export function neverReplayed(scope: TypedApp): void {
  scope.addHook('onRoute', (options) => {
    options.config = { ...options.config, idempotency: false };
  });
}
