import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite is one process's database: two servers on one DATA_DIR corrupt it
 * (docs/decisions/one-process-per-data-dir.md). The lock
 * file holds the owner's PID; a lock whose process is gone is taken over.
 */
export class DataDirLockedError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (pid && pid !== process.pid && alive(pid)) {
        throw new DataDirLockedError(
          `O diretório de dados ${dataDir} já está em uso por outro servidor (PID ${pid}). ` +
            'Pare-o antes ou use outro DATA_DIR.',
        );
      }
      unlinkSync(file); // stale lock of a dead process
    }
  }
  throw new DataDirLockedError(`Não foi possível obter o lock de ${dataDir}`);
}
