import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../server/http/app';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, type Database, type OpenOptions } from '../../server/db/client';
import { migrateDatabase } from '../../server/db/migrate';
import { seedDemo, DEMO_PASSWORD } from '../../server/demo/seed';
import type { MailMessage, Mailer } from '../../server/mail/mailer';

export { DEMO_PASSWORD };

/**
 * One migrated database per test file: in-memory PGlite by default, or a fresh database on the
 * PostgreSQL server named by TEST_DATABASE_URL (npm run test:pg), dropped at close.
 */
export async function createTestDatabase(onQuery?: OpenOptions['onQuery']): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    // A copy of the migrated cluster tests/server/globalSetup.ts made (migrating again below is then
    // a no-op); the benches (bench/pdf.ts) run outside vitest and start from an empty cluster.
    const templateFile = process.env.VITEST ? inject('pgliteTemplate') : undefined;
    const template = templateFile ? new Blob([readFileSync(templateFile)]) : undefined;
    const database = await openDatabase({ onQuery, template });
    await migrateDatabase(database);
    return database;
  }
  const name = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = await openDatabase({ databaseUrl: serverUrl });
  // A copy of the database tests/server/globalSetup.ts migrated once (migrating again below is then a no-op).
  const template = process.env.VITEST ? inject('postgresTemplate') : '';
  await admin.db.execute(sql.raw(`create database ${name}${template ? ` template ${template}` : ''}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), onQuery });
  await migrateDatabase(database);
  return {
    ...database,
    async close() {
      await database.close();
      // pool.end() resolves before its sockets are closed; a forced drop would then kill those
      // sessions mid-goodbye and pg reports an unhandled FATAL 57P01. Let them go first.
      for (let i = 0; i < 100; i++) {
        const result = await admin.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where datname = ${name}`,
        );
        if ((result as { rows: { n: number }[] }).rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await admin.close();
    },
  };
}

/** Empties every application table (between tests); migrations stay. */
export async function truncateAll(database: Database): Promise<void> {
  const result = await database.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  const rows = (result as { rows: { tablename: string }[] }).rows;
  if (rows.length === 0) return;
  const list = rows.map((r) => `"${r.tablename}"`).join(', ');
  await database.db.execute(sql.raw(`truncate ${list} cascade`));
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Every e-mail the app sent, newest last. */
  outbox: MailMessage[];
  /** The app's clock; move it with `clock.advance(ms)`. */
  clock: { now: Date; advance(ms: number): void };
  /** Truncates everything and seeds the demo data again. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Runs after buildApp and before ready: add test-only routes or hooks here. */
  setup?: (app: FastifyInstance) => void | Promise<void>;
  /** A pino instance for tests that inspect the log. */
  logger?: FastifyBaseLogger;
  /** Also hands every message to this mailer (the outbox array still receives it). */
  mailer?: Mailer;
  /** Sees every statement the app (and the seed) runs. */
  onQuery?: OpenOptions['onQuery'];
  /** The catalogues the admin service serves (default: the app's registry), with SQL creating extra tables. */
  catalogues?: AppDeps['catalogues'] & { createTables?: string };
  /** Live stream settings (a short heartbeat). */
  live?: AppDeps['live'];
  /** Push dispatcher settings (a short retry, the stub push service's TLS agent). */
  push?: AppDeps['push'];
  /** Webhook worker settings (on for the tests that deliver webhooks). */
  webhooks?: AppDeps['webhooks'];
}

export async function createTestApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase(options.onQuery);
  if (options.catalogues?.createTables) await database.db.execute(sql.raw(options.catalogues.createTables));
  const dataDir = mkdtempSync(join(tmpdir(), 'pr-test-'));
  const config = loadConfig({ dataDir, jwtSecret: 'test-secret-0123456789abcdef0123456789', ...overrides });
  const outbox: MailMessage[] = [];
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const app = await buildApp({
    config,
    db: database.db,
    mailer: {
      send: async (message) => {
        outbox.push(message);
        await options.mailer?.send(message);
      },
    },
    now: () => clock.now,
    logger: options.logger,
    catalogues: options.catalogues,
    live: options.live,
    // Without the dispatcher unless the test looks at pushes: its own polls would share the test's
    // connections, statements and table locks (a truncate between tests deadlocked with it on PostgreSQL).
    push: options.push ?? { dispatch: false },
    // The webhook worker likewise, unless the test delivers webhooks.
    webhooks: options.webhooks ?? { worker: false },
    poolStats: database.poolStats,
  });
  await options.setup?.(app);
  await app.ready();
  await seedDemo(database.db);
  return {
    app,
    database,
    config,
    outbox,
    clock,
    async reset() {
      outbox.length = 0;
      clock.now = new Date();
      await truncateAll(database);
      await seedDemo(database.db);
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Logs a demo user in through the real endpoint and returns the token. */
export async function login(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/', payload: { username: email, password } });
  if (response.statusCode !== 200) throw new Error(`login ${email} → ${response.statusCode} ${response.body}`);
  return response.json<{ token: string }>().token;
}
