import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, newDataDir, spawnServer, startServer, stopServer, waitForHealth, type Launch } from '../tests/e2e/harness';
import { groupRssKiB, median, ms, report, requireBuild, type Figure } from './common';

async function lockReleased(dataDir: string): Promise<void> {
  const lock = join(dataDir, 'server.lock');
  for (let i = 0; i < 100 && existsSync(lock); i++) await new Promise((r) => setTimeout(r, 100));
  if (existsSync(lock)) throw new Error(`${lock} still held 10 s after SIGTERM`);
}

/** How long after the first answer the memory is read: the start's last work (the first SLA sweep) is done by then. */
const SETTLE_MS = 2000;

const STARTS: { launch: Launch; name: string; target?: boolean }[] = [
  { launch: 'npmStart', name: 'npm start', target: true },
  { launch: 'startScript', name: 'node scripts/start.mjs', target: true },
  { launch: 'compiled', name: 'node dist-server/main.js (compilado)' },
  { launch: 'tsx', name: 'node --import tsx server/main.ts (fontes)' },
];

/**
 * (a) Cold start: a new server process on an existing data dir (migrated and seeded by a first
 * start) until the first 200 from /api/health, then its memory (RSS of the process group) once
 * idle. Each run is a fresh process tree. `npm start` (npm, the build freshness checks, the compiled
 * server) is what a user runs and has the budget; the compiled server alone and the sources under
 * tsx (how development and the tests run them) show what the compiled JavaScript saves.
 */
export async function benchStartup(runs = 3): Promise<Figure[]> {
  console.log('\n(a) Partida a frio até /api/health (diretório de dados existente) e memória depois dela');
  await requireBuild();
  const dataDir = newDataDir();
  await stopServer(await startServer(dataDir)); // creates, migrates and seeds the data dir

  // The ways take turns, run after run: a machine busier during one part of the bench slows them all alike.
  const times = new Map<Launch, number[]>(STARTS.map(({ launch }) => [launch, []]));
  const rss = new Map<Launch, number[]>(STARTS.map(({ launch }) => [launch, []]));
  for (let i = 0; i < runs; i++) {
    for (const { launch } of STARTS) {
      const started = performance.now();
      const server = spawnServer(dataDir, await freePort(), {}, launch);
      await waitForHealth(server);
      times.get(launch)!.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, SETTLE_MS));
      rss.get(launch)!.push(await groupRssKiB(server.child.pid!));
      // npm start: the group gets SIGTERM (as from a terminal) and npm itself dies of it; what matters
      // is that the server shut down cleanly, which releases the data dir lock.
      const viaNpm = launch === 'npmStart';
      const code = await stopServer(server, 15_000, viaNpm);
      if (!viaNpm && code !== 0) throw new Error(`server exited with ${code} after SIGTERM:\n${server.output()}`);
      await lockReleased(dataDir);
    }
  }

  const figures: Figure[] = [];
  for (const { launch, name, target } of STARTS) {
    const taken = times.get(launch)!;
    const kib = rss.get(launch)!;
    const worst = Math.max(...taken);
    figures.push(
      report({
        name: `${name} → /api/health`,
        value: `mediana ${ms(median(taken))}, pior ${ms(worst)} (${taken.map((t) => Math.round(t)).join(', ')} ms)`,
        ...(target ? { target: '< 4 s', ok: worst < 4000 } : {}),
      }),
      report({
        name: `${name}: memória (RSS do grupo de processos) ${SETTLE_MS / 1000} s após a partida`,
        value: `mediana ${Math.round(median(kib) / 1024)} MiB (${kib.map((k) => Math.round(k / 1024)).join(', ')} MiB)`,
      }),
    );
  }
  rmSync(dataDir, { recursive: true, force: true });
  return figures;
}
