import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { seedDemo } from '../server/demo/seed';
import { REPORT_ROWS_HEADER } from '../src/domain/reports/excel';
import { newDataDir, startServer, stopServer } from '../tests/e2e/harness';
import { groupRssKiB, loginToken, median, ms, report, type Figure } from './common';
import { freshPostgres } from './freshPostgres';
import { seedBillingLoad } from './seedBillings';
import { seedMissionLoad } from './seedMissions';

/**
 * docs/performance.md: the billing report over 100,000 missions (seedMissions.ts's five tenants, with both
 * billing sides of every mission that reached billing: seedBillings.ts), on PGlite and — when
 * DATABASE_URL or TEST_DATABASE_URL is set — on PostgreSQL (a fresh database, dropped after).
 *
 * - a page: GET /api/reports/billing one request at a time, rotating the filters a person uses
 *   (the last 30 days, 90 days, the whole year, page 2 and 20, one status, the provider side, a
 *   company), as the risk manager of the largest tenant and as the platform admin; p50/p99;
 * - the export: GET billing/excel of every tenant's year as the admin (~90,000 rows), read to the
 *   end; its time and the server's RSS growth (process group, sampled every 50 ms, peak minus idle;
 *   PGlite runs inside the server process, so its memory counts).
 */
const PAGE_REQUESTS = 240;
const PAGE_TARGET_MS = 100;
const EXPORT_TARGET_S = 15;
const RSS_TARGET_MIB = 150;

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? Number.NaN;

function pageQueries(now: number): string[] {
  const iso = (days: number) => new Date(now - days * 86400_000).toISOString();
  const end = new Date(now + 86400_000).toISOString();
  const q = (extra: Record<string, string>) => new URLSearchParams({ end, ...extra }).toString();
  return [
    q({ start: iso(30) }),
    q({ start: iso(90) }),
    q({ start: iso(366) }),
    q({ start: iso(366), page: '2' }),
    q({ start: iso(366), page: '20' }),
    q({ start: iso(90), status: 'billed' }),
    q({ start: iso(90), billingTarget: 'serviceProvider' }),
    `${q({ start: iso(366) })}&status=finished&status=billed_shipper`,
  ];
}

async function pageLatencies(url: string, token: string, queries: string[]): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < PAGE_REQUESTS; i++) {
    const started = performance.now();
    const response = await fetch(`${url}/api/reports/billing?${queries[i % queries.length]}`, { headers: { 'x-access-token': token } });
    if (response.status !== 200) throw new Error(`relatório → ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  return times;
}

async function benchOn(kind: 'PGlite' | 'PostgreSQL', total: number, serverUrl?: string): Promise<Figure[]> {
  const dataDir = newDataDir();
  const pg = kind === 'PostgreSQL' && serverUrl ? await freshPostgres(serverUrl, `bench_reports_${process.pid}`) : null;
  const database = await openDatabase(pg ? { databaseUrl: pg.url } : { dataDir: join(dataDir, 'db') });
  let billings = 0;
  const seeding = performance.now();
  try {
    await migrateDatabase(database);
    await seedDemo(database.db);
    await seedMissionLoad(database.db, total);
    billings = await seedBillingLoad(database.db);
    await database.db.execute(sql`vacuum analyze`);
  } finally {
    await database.close();
  }
  console.log(`  ${kind}: ${total} missões, ${billings} linhas de faturamento semeadas em ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
  const server = await startServer(dataDir, pg ? { DATABASE_URL: pg.url } : {}).catch(async (error: unknown) => {
    await pg?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  try {
    const now = Date.now();
    const queries = pageQueries(now);
    const gestor = await loginToken(server.url, 'gestor@demo.com.br');
    const admin = await loginToken(server.url, 'admin@demo.com.br');
    await pageLatencies(server.url, gestor, queries.slice(0, 3)); // warm-up: JIT and caches
    const asGestor = await pageLatencies(server.url, gestor, queries);
    const asAdmin = await pageLatencies(server.url, admin, queries);
    const figures = [
      report({
        name: `${kind}: página do relatório (gestor da maior gerenciadora, ${PAGE_REQUESTS} pedidos, filtros variados)`,
        value: `p50 ${ms(median(asGestor))}, p99 ${ms(percentile(asGestor, 0.99))}`,
        target: `p99 < ${PAGE_TARGET_MS} ms`,
        ok: percentile(asGestor, 0.99) < PAGE_TARGET_MS,
      }),
      report({
        name: `${kind}: página do relatório (admin, todas as gerenciadoras)`,
        value: `p50 ${ms(median(asAdmin))}, p99 ${ms(percentile(asAdmin, 0.99))}`,
        target: `p99 < ${PAGE_TARGET_MS} ms`,
        ok: percentile(asAdmin, 0.99) < PAGE_TARGET_MS,
      }),
    ];

    const pgid = server.child.pid;
    if (!pgid) throw new Error('servidor sem pid');
    const idle = await groupRssKiB(pgid);
    let peak = idle;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await groupRssKiB(pgid));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const started = performance.now();
    let bytes = 0;
    let rows = 0;
    try {
      const response = await fetch(`${server.url}/api/reports/billing/excel?${new URLSearchParams({ start: new Date(now - 400 * 86400_000).toISOString(), end: new Date(now + 86400_000).toISOString() })}`, {
        headers: { 'x-access-token': admin },
      });
      if (response.status !== 200 || !response.body) throw new Error(`excel → ${response.status} ${await response.text()}`);
      rows = Number(response.headers.get(REPORT_ROWS_HEADER));
      const reader = response.body.getReader();
      for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.byteLength;
    } finally {
      sampling = false;
      await sampler;
    }
    const seconds = (performance.now() - started) / 1000;
    const growthMiB = (Math.max(peak, await groupRssKiB(pgid)) - idle) / 1024;
    figures.push(
      report({
        name: `${kind}: Excel de ${rows} linhas (admin, o ano todo), tempo até o último byte`,
        value: `${seconds.toFixed(1)} s, ${(bytes / 1024 / 1024).toFixed(1)} MB (${Math.round(bytes / Math.max(1, rows))} bytes/linha)`,
        target: `< ${EXPORT_TARGET_S} s`,
        ok: seconds < EXPORT_TARGET_S,
      }),
      report({
        name: `${kind}: Excel de ${rows} linhas, crescimento do RSS do servidor`,
        value: `${growthMiB.toFixed(0)} MiB (ocioso ${(idle / 1024).toFixed(0)} MiB)`,
        target: `< ${RSS_TARGET_MIB} MiB`,
        ok: growthMiB < RSS_TARGET_MIB,
      }),
    );
    return figures;
  } finally {
    try {
      await stopServer(server);
    } finally {
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

/**
 * About nine in ten seeded missions reach billing (seedMissions.ts's status mix), so 111,200
 * missions give the export the 100,000 rows and the page more than 100,000 missions.
 */
export async function benchReports(total = Number(process.env.BENCH_MISSIONS ?? 111_200)): Promise<Figure[]> {
  console.log(`\n(f) Relatório de faturamento: ${total} missões`);
  const figures = await benchOn('PGlite', total);
  const serverUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (serverUrl) figures.push(...(await benchOn('PostgreSQL', total, serverUrl)));
  else console.log('  PostgreSQL: não medido (defina DATABASE_URL ou TEST_DATABASE_URL)');
  return figures;
}
