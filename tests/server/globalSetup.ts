import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';
import { migrateDatabase } from '../../server/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data directory dump; '' on PostgreSQL (npm run test:pg). */
    pgliteTemplate: string;
  }
}

/**
 * Every server test file starts from its own database. On PGlite, creating one runs initdb
 * (seconds of WASM each time), so the cluster is created and migrated once here and each file
 * loads a copy of it (tests/server/helpers.ts).
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'pr-pglite-template-'));
  const database = await openDatabase({});
  await migrateDatabase(database);
  const dump = await database.dump!();
  await database.close();
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
