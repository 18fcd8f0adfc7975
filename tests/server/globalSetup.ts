import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';
import { migrateDatabase } from '../../server/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data directory dump; '' on PostgreSQL (npm run test:pg). */
    pgliteTemplate: string;
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
 * Every server test file starts from its own database. On PGlite, creating one runs initdb
 * (seconds of WASM each time), so the cluster is created and migrated once per run and each file
 * loads a copy of it (tests/server/helpers.ts); the last project to finish deletes it.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
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
