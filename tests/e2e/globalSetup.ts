import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { newDataDir, startServer, stopServer } from './harness';
import { startServerPool } from './serverPool';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR that `npm start` has created, migrated and seeded with the demo data, then left cleanly. */
    e2eSeededDataDir: string;
    /** Where the browser suites ask for their servers (serverPool.ts). */
    e2eServerPool: string;
  }
}

/**
 * Every browser suite starts its own `npm start` on its own DATA_DIR. A first start runs initdb,
 * every migration and the demo seed (about 15 s on the CI's 2 cores; a restart on a seeded DATA_DIR
 * takes about 4 s), so that first start is done once here and each file starts on a copy of it
 * (harness.ts seededDataDir); the servers of useE2eServer come from a pool started here, the next
 * one booting while a file runs (serverPool.ts). What that first start must print is checked here.
 */
export default async function setup(project: TestProject) {
  const server = await startServer(newDataDir());
  // Every file copies this DATA_DIR: a stop that was not clean would leave its lock and control socket in each copy.
  const code = await stopServer(server);
  if (code !== 0) throw new Error(`a primeira execução de npm start não parou de forma limpa (código ${code}):\n${server.output()}`);
  // The README's promise of a first `npm start`: the URL, the demo data and its logins printed.
  for (const line of [`pronto em http://localhost:${server.port}`, 'dados de demonstração criados', 'Logins de demonstração (senha Demo@123):', 'gestor@demo.com.br']) {
    if (!server.output().includes(line)) throw new Error(`a primeira execução de npm start não imprimiu '${line}':\n${server.output()}`);
  }
  project.provide('e2eSeededDataDir', server.dataDir);
  const pool = await startServerPool(server.dataDir);
  project.provide('e2eServerPool', pool.url);
  return async () => {
    await pool.close();
    rmSync(server.dataDir, { recursive: true, force: true });
  };
}
