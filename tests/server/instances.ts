import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../server/http/app';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { migrateDatabase } from '../../server/db/migrate';
import { DEMO_PASSWORD, seedDemo } from '../../server/demo/seed';
import type { LiveTicket } from '../../src/domain/live/contracts';
import { openStream, type SseStream } from './liveClient';

/**
 * Several server instances on one PostgreSQL, no sticky sessions (docs/operations/several-instances.md),
 * each listening on its own port as behind a load balancer. The tests using them run wherever a
 * PostgreSQL answers (npm run test:pg in CI) and are skipped only when none does.
 */
export const SERVER = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
export const postgresAvailable = await answers(SERVER);

export interface Instance {
  app: FastifyInstance;
  database: Database;
  base: string;
}

/**
 * A fresh database (migrated, demo data) and `count` instances on it, each with `overrides` in its
 * config (and `deps` among its dependencies: the push dispatcher's settings); `stop` ends them and drops it.
 */
export async function startInstances(count: number, overrides: Partial<Config> = {}, deps: Pick<AppDeps, 'push'> = {}): Promise<{ instances: Instance[]; admin: pg.Client; database: string; stop(): Promise<void> }> {
  const name = `t_inst_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  // Under npm run test:pg, a copy of the database tests/server/globalSetup.ts migrated once (migrating below is then a no-op).
  const template = inject('postgresTemplate');
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  const setup = await openDatabase({ databaseUrl: url.toString() });
  await migrateDatabase(setup);
  await seedDemo(setup.db);
  await setup.close();
  const instances: Instance[] = [];
  for (let i = 0; i < count; i++) {
    const database = await openDatabase({ databaseUrl: url.toString() });
    const config = loadConfig({ dataDir: mkdtempSync(join(tmpdir(), 'pr-inst-')), jwtSecret: 'test-secret-shared-by-every-instance-0123', ...overrides });
    const app = await buildApp({ config, db: database.db, mailer: { send: () => Promise.resolve() }, ...deps });
    instances.push({ app, database, base: await app.listen({ port: 0, host: '127.0.0.1' }) });
  }
  return {
    instances,
    admin,
    database: name,
    async stop() {
      for (const instance of instances) {
        await instance.app.close();
        await instance.database.close();
      }
      // As in helpers.ts: pool.end() resolves before its sockets close; let them go before the drop.
      for (let i = 0; i < 100; i++) {
        const result = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (result.rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export async function call<T>(instance: Pick<Instance, 'base'>, method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; json: T }> {
  const response = await fetch(`${instance.base}${path}`, {
    method,
    headers: { ...(token ? { 'x-access-token': token } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : null) as T };
}

export async function signIn(instance: Pick<Instance, 'base'>, email: string, password = DEMO_PASSWORD): Promise<string> {
  const { status, json } = await call<{ token: string }>(instance, 'POST', '/api/auth/', undefined, { username: email, password });
  expect(status).toBe(200);
  return json.token;
}

/**
 * Two instances for the enclosing describe block: started before its tests, stopped after them with
 * the live streams `streamAt` opened. `streamAt` redeems on `instance` a ticket `ticketFrom` issued.
 */
export function useTwoInstances() {
  let running: Awaited<ReturnType<typeof startInstances>> | undefined;
  const streams: SseStream[] = [];
  const held = {
    a: undefined as unknown as Instance,
    b: undefined as unknown as Instance,
    get running() {
      if (!running) throw new Error('the instances are not started');
      return running;
    },
    async streamAt(instance: Instance, token: string, ticketFrom: Instance = instance): Promise<SseStream> {
      const { json } = await call<LiveTicket>(ticketFrom, 'POST', '/api/missions/live/ticket', token);
      const stream = await openStream(instance.base, `ticket=${json.ticket}`);
      streams.push(stream);
      return stream;
    },
  };
  beforeAll(async () => {
    running = await startInstances(2);
    [held.a, held.b] = running.instances as [Instance, Instance];
  }, 60_000);
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await running?.stop();
  });
  return held;
}
