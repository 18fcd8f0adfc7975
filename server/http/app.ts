import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db, PoolStats } from '../db/client';
import type { Mailer } from '../mail/mailer';
import { createStorage, type Storage } from '../files/store';
import errorsPlugin, { clientErrorHandler, frameworkErrors } from './plugins/errors';
import authPlugin from './plugins/auth';
import jsonBodyPlugin from './plugins/jsonBody';
import securityHeadersPlugin from './plugins/securityHeaders';
import settlePlugin from './plugins/settle';
import { ChangeStamps } from '../cache/changeStamps';
import { openNotifications } from '../db/notifications';
import idempotencyPlugin from './plugins/idempotency';
import openapiPlugin from './openapi/plugin';
import { registerRoutes } from './routes';
import metricsPlugin from './metrics';
import type { AdminCatalogues } from '../catalogues/records';
import type { FeatureDeps, RuntimeGauges } from '../shared/deps';
import { validatorCompiler } from './schemaValidators';

export interface AppDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  /** Injected so tests can move time (reset-code expiry, rate-limit windows). */
  now?: () => Date;
  /** The server's logger (logger.ts createLogger: secrets redacted); absent → no logging. */
  logger?: FastifyBaseLogger;
  /** The catalogues the admin service serves; absent → the app's registry (tests add an entity here). */
  catalogues?: AdminCatalogues;
  live?: FeatureDeps['live'];
  push?: FeatureDeps['push'];
  webhooks?: FeatureDeps['webhooks'];
  /** The database's connections, for the metrics (server/db/client.ts Database.poolStats). */
  poolStats?: () => PoolStats;
  /** The stored files; absent → the configuration's (createStorage), closed with the app. */
  storage?: Storage;
}

/** Builds the app without listening, so tests drive it through app.inject. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    // Fastify 5 takes a ready-made pino instance only through `loggerInstance`.
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    bodyLimit: deps.config.bodyLimit,
    requestTimeout: deps.config.requestTimeoutMs,
    connectionTimeout: deps.config.requestTimeoutMs,
    // Off by default: trusting X-Forwarded-For from anyone would let a client dodge the per-address limits.
    trustProxy: deps.config.trustProxy,
    // The router's and the HTTP parser's own refusals, in Portuguese like every other error body.
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  const now = deps.now ?? (() => new Date());

  await app.register(securityHeadersPlugin, { publicUrl: deps.config.publicUrl });
  // API answers carry tokens and tenants' records: no browser or proxy may keep them. A route that
  // chose its own policy (the cities list, revalidated by ETag) keeps it.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
  await app.register(errorsPlugin);
  await app.register(jsonBodyPlugin);
  const gauges: RuntimeGauges = { liveStreams: 0, positionsRefused: { invalid_value: 0, future: 0, too_old: 0, no_started_mission: 0 } };
  // Only with METRICS_TOKEN: without it nothing is measured and /api/metrics does not exist.
  if (deps.config.metricsToken) await app.register(metricsPlugin, { token: deps.config.metricsToken, gauges, poolStats: deps.poolStats });
  const notifications = await openNotifications(deps.db, app.log);
  app.addHook('onClose', () => notifications.close());
  const stamps = await ChangeStamps.open(deps.db, notifications);
  await app.register(settlePlugin, { notifications });
  await app.register(authPlugin, { db: deps.db, secret: deps.config.jwtSecret, ttlSeconds: deps.config.jwtTtl, stamps, now, apiKeyCallsPerMinute: deps.config.apiKeyCallsPerMinute });
  await app.register(idempotencyPlugin, { db: deps.db, now });
  // Before the routes: the document is built from every route registered after it.
  await app.register(openapiPlugin);
  const storage = deps.storage ?? createStorage(deps.config);
  if (!deps.storage) app.addHook('onClose', () => storage.close());
  await registerRoutes(app, { ...deps, now, notifications, stamps, gauges, storage });
  return app;
}
