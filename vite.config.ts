import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/vite-precompress.mjs';
import { serviceWorker } from './scripts/vite-service-worker.mjs';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  plugins: [react(), serviceWorker({ root: import.meta.dirname }), precompress()],
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
  test: {
    // Vitest's default is one worker fewer than the cores: on the 2-core CI machine that is a single
    // worker for the whole suite while vitest's own process mostly waits.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        // Pure functions, no module state: the files share their workers' loaded modules (docs/performance.md).
        test: { name: 'domain', include: ['tests/domain/**/*.test.ts'], environment: 'node', isolate: false },
      },
      {
        extends: true,
        // The repository itself: lint arrows, declared dependencies, the Node engines of the lock.
        test: { name: 'repo', include: ['tests/repo/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          include: ['tests/ui/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/ui/fileStart.ts', 'tests/ui/setup.ts'],
          // Screens are tested over the real server (tests/ui/uiServer.tsx, contractHarness.tsx): each
          // file loads the migrated PGlite cluster made once, instead of running initdb and every migration.
          globalSetup: ['tests/server/globalSetup.ts'],
          testTimeout: 20000,
          // The files share their worker's jsdom and the packages it loaded (React, MUI, react-admin,
          // Fastify); tests/ui/fileStart.ts starts each file with the project's modules evaluated
          // again and the globals as found (docs/performance.md).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/globalSetup.ts'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // The first start of `npm start` (initdb, migrations, demo seed) is done once per run.
          globalSetup: ['tests/e2e/globalSetup.ts'],
          environment: 'node',
          testTimeout: 120000,
          hookTimeout: 180000,
          fileParallelism: false,
          // The files share their worker and the modules it loaded (playwright-core, ExcelJS, axe-core;
          // docs/performance.md): a file's server, browser and pages live in the file itself, and the
          // harness keeps only the address stub, the same for every file.
          isolate: false,
        },
      },
    ],
  },
});
