import { cp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { newDataDir, startServer, stopServer, type PoolAnswer, type PoolRequest, type RunningServer } from './harness';

/**
 * The servers of the browser suites (harness.ts useE2eServer), run by the e2e global setup: each
 * file asks for its server here, and the next file's server (the usual settings) is already
 * starting while the current file runs, so a file does not wait for `npm start` to boot (about
 * 4 s of an idle machine's clock, 5–6 s of CPU, most of it loading packages and opening PGlite;
 * docs/performance.md). Every server is still a fresh `npm start` on its own copy of the seeded
 * DATA_DIR; a file with its own settings (`env`) gets a server started with them on request.
 */
export async function startServerPool(seededDataDir: string): Promise<{ url: string; close(): Promise<void> }> {
  const running = new Map<number, RunningServer>();
  const copy = async () => {
    const dir = newDataDir();
    await cp(seededDataDir, dir, { recursive: true });
    return dir;
  };
  const startFresh = async (env: NodeJS.ProcessEnv) => startServer(await copy(), env);
  // One server with the usual settings waits for the next file; the following one boots once it is taken.
  let ready = startFresh({});
  ready.catch(() => undefined); // a start that failed is answered to the file that asks for it
  const takeReady = () => {
    const taken = ready;
    ready = taken.catch(() => undefined).then(() => startFresh({}));
    ready.catch(() => undefined);
    return taken;
  };

  const answer = async (request: PoolRequest): Promise<PoolAnswer> => {
    if (request.kind === 'start') {
      const server = Object.keys(request.env).length === 0 ? await takeReady() : await startFresh(request.env);
      running.set(server.port, server);
      return { url: server.url, port: server.port, dataDir: server.dataDir };
    }
    const server = running.get(request.port);
    if (!server) throw new Error(`nenhum servidor do conjunto na porta ${request.port}`);
    running.delete(request.port);
    const code = await stopServer(server);
    if (request.kind === 'stop') {
      await rm(server.dataDir, { recursive: true, force: true });
      return { code };
    }
    const again = await startServer(server.dataDir, request.env);
    running.set(again.port, again);
    return { code, url: again.url, port: again.port, dataDir: again.dataDir };
  };

  const control = createServer((incoming: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      answer(JSON.parse(Buffer.concat(chunks).toString()) as PoolRequest).then(
        (body) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
        (error: unknown) => response.writeHead(500).end(error instanceof Error ? error.message : String(error)),
      );
    });
  });
  await new Promise<void>((resolveListen) => control.listen(0, '127.0.0.1', resolveListen));
  const { port } = control.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await new Promise((resolveClose) => control.close(resolveClose));
      const waiting = await ready.catch(() => undefined);
      for (const server of [...running.values(), ...(waiting ? [waiting] : [])]) {
        await stopServer(server).catch(() => undefined);
        await rm(server.dataDir, { recursive: true, force: true });
      }
    },
  };
}
