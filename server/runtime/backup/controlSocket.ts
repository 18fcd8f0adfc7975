import { chmodSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import { backupStream, type BackupSource } from './archive';

/** The running server's control socket, inside DATA_DIR (`npm run backup` talks to it). */
export const controlSocketPath = (dataDir: string) => join(dataDir, 'control.sock');

/**
 * Why the backup goes through the running server: PGlite is one process's database
 * (docs/decisions/one-process-per-data-dir.md), so
 * while the server runs no other process may open DATA_DIR/db — a second opener would corrupt it.
 * The server therefore takes the image itself (dumpDataDir, between two statements, so consistent)
 * and streams the archive to `npm run backup` over a Unix socket in DATA_DIR: reachable only by
 * whoever may read DATA_DIR anyway (the socket is 0600), never from the network, no token to leak.
 * When no server runs, the command opens DATA_DIR itself under the server's lock (backupCommand.ts).
 */
export function listenForBackups(source: BackupSource, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  const path = controlSocketPath(source.dataDir);
  // The data-dir lock is ours: a socket file left here is a dead server's.
  rmSync(path, { force: true });
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/backup') {
      response.writeHead(404).end();
      return;
    }
    log.info('backup: cópia de segurança pedida pelo socket de controle');
    response.writeHead(200, { 'content-type': 'application/gzip' });
    pipeline(backupStream(source), response).then(
      () => log.info('backup: cópia de segurança enviada'),
      (error: unknown) => {
        log.error({ err: error }, 'backup: falha ao gerar a cópia de segurança');
        response.destroy();
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      chmodSync(path, 0o600);
      resolve(
        () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
            rmSync(path, { force: true });
          }),
      );
    });
  });
}
