import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Mailer } from './mailer';
import errorsPlugin from './plugins/errors';
import authPlugin from './plugins/auth';
import idempotencyPlugin from './plugins/idempotency';
import { registerRoutes } from './routes';

export interface AppDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  /** Injected so tests can move time (reset-code expiry, rate-limit windows). */
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
}

/** Log redaction: tokens, passwords and reset codes never reach the log. */
export const REDACT = [
  'req.headers["x-access-token"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'body.password',
  'body.newPassword',
  'body.confirmPassword',
  'body.resetCode',
  'body.verificationCode',
  'body.token',
];

/** Builds the app without listening, so tests drive it through app.inject. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: deps.config.bodyLimit,
    requestTimeout: deps.config.requestTimeoutMs,
    connectionTimeout: deps.config.requestTimeoutMs,
    trustProxy: true,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: true } },
  });
  const now = deps.now ?? (() => new Date());

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(errorsPlugin);
  await app.register(authPlugin, { db: deps.db, secret: deps.config.jwtSecret, ttlSeconds: deps.config.jwtTtl });
  await app.register(idempotencyPlugin, { db: deps.db });
  await registerRoutes(app, { ...deps, now });
  return app;
}
