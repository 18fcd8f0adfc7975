import { mkdirSync, writeFileSync } from 'node:fs';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pino from 'pino';
import { openDatabase, type Database, type Db } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { openNotifications } from '../server/db/notifications';
import { ChangeStamps } from '../server/cache/changeStamps';
import { seedDemo } from '../server/demo/seed';
import { monitoring } from '../server/missions/monitoring';
import { UnreadCounts } from '../server/missions/unreadCounts';
import { viewerOf, rowsOf } from '../server/missions/viewer';
import type { MonitoringQuery } from '../src/domain/schemas';
import type { AuthUser } from '../server/shared/session';
import { growMissionLoad, seedMissionLoad } from './seedMissions';

/**
 * The statements a missed monitoring poll runs, each with its EXPLAIN (ANALYZE, BUFFERS), for the
 * plans of docs/performance/monitoring-poll.md:
 *
 *   node --import tsx bench/monitoringPlans.ts <pglite-dir | postgres://…> <missions> <out.txt> [search]
 *
 * The database is seeded with the monitoring bench's load (bench/seedMissions.ts) when it has no
 * missions yet, and kept: a second run reads the same rows. Every poll is computed with empty
 * caches, as the first poll after a write is. With `search`, a poll with a search typed in too
 * (read from the database on every request, never kept).
 */
const [target, sizeArg, out, withSearch] = process.argv.slice(2);
if (!target || !sizeArg || !out) {
  console.error('uso: bench/monitoringPlans.ts <diretório PGlite | postgres://…> <missões> <saída.txt>');
  process.exit(2);
}
const size = Number(sizeArg);

const LOGINS = ['gestor@demo.com.br', 'prestador@demo.com.br', 'admin@demo.com.br'];
/** The bench's polls (bench/monitoring.ts) and a search, by name. */
const QUERIES: Record<string, MonitoringQuery> = {
  'page 1': { page: 1 },
  'page 2': { page: 2 },
  'page 3': { page: 3 },
  'status=started': { page: 1, status: 'started' },
  'start=-30d': { page: 1, start: new Date(Date.now() - 30 * 86400_000).toISOString() },
  ...(withSearch === 'search' ? { 'q=B-12345': { page: 1, q: 'B-12345' } } : {}),
};

async function open(): Promise<Database> {
  if (target!.startsWith('postgres')) return openDatabase({ databaseUrl: target });
  mkdirSync(target!, { recursive: true });
  return openDatabase({ dataDir: target });
}

const database = await open();
const { db } = database;
await migrateDatabase(database);
// The load's missions (process numbers 'B-…'); the demo seed's own are a handful.
const [count] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from missions where process_number like 'B-%'`);
const seeded = Math.round(Number(count?.n ?? 0) / 1000) * 1000;
if (seeded < size) {
  const started = performance.now();
  if (seeded === 0) {
    await seedDemo(db);
    await seedMissionLoad(db, size, Date.now(), 0);
  } else await growMissionLoad(db, seeded, size);
  await db.execute(sql`vacuum analyze`);
  console.log(`semeadas ${size - seeded} missões em ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** A statement's parameter as SQL text (drizzle sends strings, numbers and dates here). */
const literal = (value: unknown): string => {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : JSON.stringify(value);
  return `'${text.replaceAll("'", "''")}'`;
};
const inline = (text: string, params: unknown[]) => text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));

const dialect = new PgDialect();
const log = pino({ level: 'silent' });
const notifications = await openNotifications(db, log);
const stamps = await ChangeStamps.open(db, notifications);
const unread = await UnreadCounts.open(db, notifications, stamps);
const report: string[] = [`# ${target.startsWith('postgres') ? 'PostgreSQL' : 'PGlite'}, ${size} missões da carga`];
for (const email of LOGINS) {
  const [row] = await rowsOf<{ id: string; role_type: string; risk_manager_id: string | null; service_provider_id: string | null }>(
    db,
    sql`select id, role_type, risk_manager_id, service_provider_id from users where email = ${email}`,
  );
  if (!row) throw new Error(`sem usuário ${email}`);
  const user = { id: row.id, role: { type: row.role_type }, riskManager: row.risk_manager_id, serviceProvider: row.service_provider_id } as unknown as AuthUser;
  const viewer = viewerOf(user);
  for (const [name, query] of Object.entries(QUERIES)) {
    // Fresh caches: every statement of the poll runs.
    const captured: { text: string; params: unknown[] }[] = [];
    const recording = Object.assign(Object.create(db) as Db, {
      execute: (q: SQL) => {
        const built = dialect.sqlToQuery(q);
        captured.push({ text: built.sql, params: built.params });
        return db.execute(q);
      },
    });
    const page = monitoring(recording, stamps, unread);
    await page(viewer, query);
    for (const [i, statement] of captured.entries()) {
      const text = inline(statement.text, statement.params);
      const plan = await rowsOf<Record<string, string>>(db, sql.raw(`explain (analyze, buffers) ${text}`));
      const lines = plan.map((r) => Object.values(r)[0] ?? '');
      report.push(`\n## ${email} ${name} — statement ${i + 1}\n${text}\n${lines.join('\n')}`);
      const time = lines.find((l) => l.startsWith('Execution Time'));
      console.log(`${email} ${name} #${i + 1}: ${time}`);
    }
  }
}
writeFileSync(out, report.join('\n'));
await notifications.close();
await database.close();
