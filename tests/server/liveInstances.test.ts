import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { LiveTicket } from '../../src/domain/live';
import type { MissionDetail, MonitoringPage, Proposal } from '../../src/domain/missions';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { migrateDatabase, openDatabase, type Database } from '../../server/db/client';
import { DEMO_IDS } from '../../server/db/demoIds';
import { DEMO_PASSWORD, seedDemo } from '../../server/db/seed';
import { missionBody, proposalBody } from './missionsClient';
import { openStream, type SseStream } from './liveClient';

/**
 * Two server instances on one PostgreSQL, no sticky sessions (issue 8, DESIGN 2 "Beyond one
 * machine"): what one instance writes, the other's stream announces. Runs wherever a PostgreSQL
 * answers (npm run test:pg in CI); skipped only when none does.
 */
const SERVER = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

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
const available = await answers(SERVER);

interface Instance {
  app: FastifyInstance;
  database: Database;
  base: string;
}

const name = `t_live_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const instances: Instance[] = [];
let admin: pg.Client | undefined;

async function startInstance(url: string): Promise<Instance> {
  const database = await openDatabase({ databaseUrl: url });
  const config = loadConfig({ dataDir: mkdtempSync(join(tmpdir(), 'pr-live-')), jwtSecret: 'test-secret-shared-by-both-instances-0123' });
  const app = await buildApp({ config, db: database.db, mailer: { send: () => Promise.resolve() } });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, database, base };
}

async function call<T>(instance: Instance, method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; json: T }> {
  const response = await fetch(`${instance.base}${path}`, {
    method,
    headers: { ...(token ? { 'x-access-token': token } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as T };
}

async function signIn(instance: Instance, email: string): Promise<string> {
  const { status, json } = await call<{ token: string }>(instance, 'POST', '/api/auth/', undefined, { username: email, password: DEMO_PASSWORD });
  expect(status).toBe(200);
  return json.token;
}

async function streamAt(instance: Instance, ticketFrom: Instance, token: string): Promise<SseStream> {
  const { json } = await call<LiveTicket>(ticketFrom, 'POST', '/api/missions/live/ticket', token);
  return openStream(instance.base, `ticket=${json.ticket}`);
}

/** The next frame of `stream` about `action` (the earlier ones, e.g. the creation, are passed over). */
async function until(stream: SseStream, action: string) {
  let frame = await stream.next();
  while (frame.data?.action !== action) frame = await stream.next();
  return frame;
}

describe.skipIf(!available)('two instances on one PostgreSQL', () => {
  let a: Instance;
  let b: Instance;
  const streams: SseStream[] = [];

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: SERVER });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(SERVER);
    url.pathname = `/${name}`;
    const setup = await openDatabase({ databaseUrl: url.toString() });
    await migrateDatabase(setup);
    await seedDemo(setup.db);
    await setup.close();
    a = await startInstance(url.toString());
    b = await startInstance(url.toString());
    instances.push(a, b);
  }, 60_000);

  afterAll(async () => {
    for (const s of streams) s.close();
    for (const instance of instances) {
      await instance.app.close();
      await instance.database.close();
    }
    // As in helpers.ts: pool.end() resolves before its sockets close; let them go before the drop.
    for (let i = 0; i < 100; i++) {
      const result = await admin?.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
      if (!result || result.rows[0]?.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await admin?.query(`drop database if exists ${name} with (force)`);
    await admin?.end();
  });

  it('signs in on one, lists and accepts on either, and each stream hears the other instance', async () => {
    const gestor = await signIn(a, 'gestor@demo.com.br');
    const prestador = await signIn(b, 'prestador@demo.com.br');

    // Tickets are redeemed on the other instance than the one that issued them.
    const providerOnB = await streamAt(b, a, prestador);
    const managerOnA = await streamAt(a, b, gestor);
    streams.push(providerOnB, managerOnA);
    expect([providerOnB.status, managerOnA.status]).toEqual([200, 200]);

    const sent = Date.now();
    const created = await call<MissionDetail>(a, 'POST', '/api/missions/request', gestor, missionBody({ processNumber: 'PR-LIVE' }));
    expect(created.status).toBe(201);
    const heard = await providerOnB.next();
    expect(heard.data).toMatchObject({ mission: created.json._id, action: 'created', status: 'open' });
    expect(heard.at - sent).toBeLessThan(1000);

    const list = await call<MonitoringPage>(b, 'GET', '/api/missions/request/monitoring?page=1', gestor);
    expect(list.status).toBe(200);
    expect(list.json.data.map((m) => m._id)).toContain(created.json._id);

    const proposal = await call<Proposal>(b, 'POST', '/api/missions/proposals', prestador, proposalBody(created.json._id));
    expect(proposal.status).toBe(201);
    expect((await until(managerOnA, 'proposal_completed')).data).toMatchObject({ mission: created.json._id });

    const accepted = await call<MissionDetail>(a, 'PUT', `/api/missions/request/${created.json._id}/status`, gestor, {
      missionRequest: created.json._id,
      status: 'started',
      serviceProvider: DEMO_IDS.provider,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.json).toMatchObject({ status: 'started', serviceProvider: DEMO_IDS.provider });
    const acceptedAt = Date.now();
    const news = await until(providerOnB, 'accepted');
    expect(news.data).toMatchObject({ mission: created.json._id, status: 'started' });
    expect(news.at - acceptedAt).toBeLessThan(1000);
  });

  it('a dropped LISTEN connection comes back, its clients are told to refetch, and events flow again', async () => {
    const gestor = await signIn(a, 'gestor@demo.com.br');
    const onB = await streamAt(b, b, gestor);
    streams.push(onB);
    const killed = await admin!.query<{ ok: boolean }>(
      `select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = $1 and query = 'LISTEN mission_events'`,
      [name],
    );
    expect(killed.rows.length).toBe(2);
    expect((await onB.next(5000)).event).toBe('resync');

    const created = await call<MissionDetail>(a, 'POST', '/api/missions/request', gestor, missionBody({ processNumber: 'PR-VOLTA' }));
    expect(created.status).toBe(201);
    expect((await until(onB, 'created')).data).toMatchObject({ mission: created.json._id });
  });
});
