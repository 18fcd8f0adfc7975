import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { migrateDatabase } from '../../server/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data directory dump; '' on PostgreSQL (npm run test:pg). */
    pgliteTemplate: string;
    /** On PostgreSQL (npm run test:pg), the migrated, empty database each file's is created from; '' on PGlite. */
    postgresTemplate: string;
  }
}

/** The cluster created and migrated once, with how many projects of the run still use it. */
interface SharedTemplate {
  file: Promise<string>;
  users: number;
}

/**
 * The ui and server projects both name this setup, and vitest runs it once per project, each time
 * from a module of its own, in its one main process: the template is kept on the process, so the
 * second project takes the first one's instead of running initdb and every migration again
 * (docs/development.md).
 */
const SHARED = Symbol.for('pronta-resposta.pgliteTemplate');
const processWide = globalThis as typeof globalThis & { [SHARED]?: SharedTemplate };

async function createTemplate(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'pr-pglite-template-'));
  const database = await openDatabase({});
  await migrateDatabase(database);
  const dump = await database.dump!();
  await database.close();
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return file;
}

/**
 * On PostgreSQL, every test file's database is a copy of one migrated once per run (CREATE DATABASE
 * … TEMPLATE copies its files): each file no longer runs every migration, statement by statement.
 * A template must have no session open while it is copied, so this one is closed right after.
 */
async function createPostgresTemplate(serverUrl: string): Promise<string> {
  const name = `t_template_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = await openDatabase({ databaseUrl: serverUrl });
  try {
    await admin.db.execute(sql.raw(`create database ${name}`));
  } finally {
    await admin.close();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const template = await openDatabase({ databaseUrl: url.toString() });
  try {
    await migrateDatabase(template);
  } finally {
    await template.close();
  }
  return name;
}

async function dropPostgresTemplate(serverUrl: string, name: string): Promise<void> {
  const admin = await openDatabase({ databaseUrl: serverUrl });
  try {
    await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
  } finally {
    await admin.close();
  }
}

/**
 * Every server test file starts from its own database. On PGlite, creating one runs initdb
 * (seconds of WASM each time), so the cluster is created and migrated once per run and each file
 * loads a copy of it (tests/server/helpers.ts); the last project to finish deletes it.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  project.provide('postgresTemplate', '');
  if (serverUrl) {
    project.provide('pgliteTemplate', '');
    const name = await createPostgresTemplate(serverUrl);
    project.provide('postgresTemplate', name);
    return () => dropPostgresTemplate(serverUrl, name);
  }
  const shared = (processWide[SHARED] ??= { file: createTemplate(), users: 0 });
  shared.users += 1;
  const file = await shared.file;
  project.provide('pgliteTemplate', file);
  return () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete processWide[SHARED];
    rmSync(dirname(file), { recursive: true, force: true });
  };
}
