// npm run test:pg: the server suite against a real PostgreSQL. DATABASE_URL names a database the
// tests may connect to (default postgres://postgres@127.0.0.1:5432/test); tests/server/helpers.ts
// creates a fresh database per test file from it and drops it afterwards.
import pg from 'pg';
import { runBin } from './build-if-stale.mjs';

const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const shown = url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

/** Connects once; creates the named database when the server answers but it does not exist yet. */
async function ensureDatabase() {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.end();
    return;
  } catch (error) {
    if (error.code !== '3D000') throw error; // 3D000 = invalid_catalog_name: database missing
  }
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  target.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: target.toString(), connectionTimeoutMillis: 5000 });
  await admin.connect();
  await admin.query(`create database "${name.replaceAll('"', '""')}"`);
  await admin.end();
  console.log(`Banco ${name} criado.`);
}

try {
  await ensureDatabase();
} catch (error) {
  console.error(`PostgreSQL não respondeu em ${shown}: ${error.message}`);
  console.error('Defina DATABASE_URL (ex.: postgres://usuario:senha@host:5432/test) para um servidor acessível.');
  process.exit(1);
}

console.log(`Suíte do servidor no PostgreSQL ${shown}`);
const env = { ...process.env, TEST_DATABASE_URL: url };
// The server under test gets its database from the helpers, never from DATABASE_URL.
delete env.DATABASE_URL;
process.exit(await runBin('vitest', ['run', '--project', 'server'], { env }));
