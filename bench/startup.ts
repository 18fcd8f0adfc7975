import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, newDataDir, spawnServer, startServer, stopServer, waitForHealth } from '../tests/e2e/harness';
import { median, ms, report, requireBuild, type Figure } from './common';

async function lockReleased(dataDir: string): Promise<void> {
  const lock = join(dataDir, 'server.lock');
  for (let i = 0; i < 100 && existsSync(lock); i++) await new Promise((r) => setTimeout(r, 100));
  if (existsSync(lock)) throw new Error(`${lock} still held 10 s after SIGTERM`);
}

/**
 * (a) Cold start: a new `npm start` process on an existing data dir (migrated and seeded by a first
 * start) until the first 200 from /api/health. Each run is a fresh process tree; the time includes
 * npm, the dist/ freshness check, tsx, opening PGlite and the migration check.
 */
export async function benchStartup(runs = 3): Promise<Figure[]> {
  console.log('\n(a) Partida a frio até /api/health (diretório de dados existente)');
  await requireBuild();
  const dataDir = newDataDir();
  await stopServer(await startServer(dataDir)); // creates, migrates and seeds the data dir

  const figures: Figure[] = [];
  for (const viaNpm of [true, false]) {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const server = spawnServer(dataDir, await freePort(), {}, viaNpm);
      await waitForHealth(server);
      times.push(performance.now() - started);
      // npm start: the group gets SIGTERM (as from a terminal) and npm itself dies of it; what matters
      // is that the server shut down cleanly, which releases the data dir lock.
      const code = await stopServer(server, 15_000, viaNpm);
      if (!viaNpm && code !== 0) throw new Error(`server exited with ${code} after SIGTERM:\n${server.output()}`);
      await lockReleased(dataDir);
    }
    const worst = Math.max(...times);
    figures.push(
      report({
        name: viaNpm ? 'npm start → /api/health' : 'node scripts/start.mjs → /api/health',
        value: `mediana ${ms(median(times))}, pior ${ms(worst)} (${times.map((t) => Math.round(t)).join(', ')} ms)`,
        target: '< 4 s',
        ok: worst < 4000,
      }),
    );
  }
  rmSync(dataDir, { recursive: true, force: true });
  return figures;
}
