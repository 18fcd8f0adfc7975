// npm run backup -- FILE: a consistent, compressed copy of DATA_DIR's database and stored files.
import { createWriteStream, existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { join, resolve } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { openDatabase } from '../db/client';
import { backupStream } from './backup/archive';
import { controlSocketPath } from './backup/controlSocket';
import { progressLine } from './backup/progress';
import { DataDirLockedError, lockDataDir } from './lock';

const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

/** The running server's archive, over its control socket (controlSocket.ts says why). */
function fromServer(socketPath: string): Promise<Readable> {
  return new Promise((resolve, reject) => {
    request({ socketPath, path: '/backup', method: 'GET' }, (response) => {
      if (response.statusCode === 200) resolve(response);
      else reject(new Error(`o servidor respondeu ${response.statusCode} ao pedido de cópia`));
    })
      .on('error', reject)
      .end();
  });
}

async function main() {
  const target = process.argv[2];
  if (!target) fail('Uso: npm run backup -- ARQUIVO (p. ex. npm run backup -- backup-2026-01-31.tar.gz), com o DATA_DIR do servidor.');
  if (process.env.DATABASE_URL) {
    fail('Com DATABASE_URL o banco é um PostgreSQL: faça a cópia com as ferramentas dele (pg_dump; veja "Cópias de segurança" no README).');
  }
  const file = resolve(target as string);
  const dataDir = resolve(process.env.DATA_DIR || './data');
  if (!existsSync(join(dataDir, 'db'))) fail(`Não há banco em ${join(dataDir, 'db')}: confira o DATA_DIR.`);
  const s3 = Boolean(process.env.S3_ENDPOINT);

  let source: Readable;
  let finish = async () => {};
  let unlock: () => void;
  try {
    unlock = lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    // A server holds DATA_DIR: it makes the copy.
    const pid = readFileSync(join(dataDir, 'server.lock'), 'utf8').trim();
    source = await fromServer(controlSocketPath(dataDir)).catch((reason: Error) =>
      fail(`O servidor (PID ${pid}) usa ${dataDir}, mas não atendeu o pedido de cópia pelo socket ${controlSocketPath(dataDir)}: ${reason.message}`),
    );
    unlock = () => {};
  }
  if (!source!) {
    // No server: this process opens the database itself, holding the lock so none starts meanwhile.
    const database = await openDatabase({ dataDir: join(dataDir, 'db') });
    source = backupStream({ dataDir, dumpDatabase: () => database.dump!(), localFiles: !s3 });
    finish = () => database.close();
  }

  const progress = progressLine('Cópia de segurança');
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      progress.update(bytes);
      done(null, chunk);
    },
  });
  // Written aside and renamed at the end: an interrupted copy never looks like a whole one.
  const partial = `${file}.parcial`;
  try {
    await pipeline(source, counter, createWriteStream(partial, { mode: 0o600 }));
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    await finish();
    unlock();
  }
  const where = s3 ? ' — os arquivos ficam no bucket S3 (veja o README)' : '';
  progress.done(`Cópia de segurança gravada em ${file}: ${(bytes / 1024 / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB${where}`);
}

main().catch((error: unknown) => fail(`A cópia de segurança falhou: ${error instanceof Error ? error.message : String(error)}`));
