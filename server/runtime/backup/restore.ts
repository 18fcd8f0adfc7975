import { createReadStream, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { open, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createGunzip } from 'node:zlib';
import { openDatabase } from '../../db/client';
import { storageRoot } from '../../files/localDriver';
import { STORED_NAME } from '../../files/store';
import { BACKUP_ENTRIES, KEPT_FILES } from './archive';
import { readTar } from './tar';

export class RestoreRefusedError extends Error {}

/** A stored file's path under storage/: folders of lower-case words, a generated name. */
const STORED_PATH = /^([a-z]+\/)+[^/]+$/;

/**
 * Brings a backup (archive.ts) back into `dataDir`, which must be empty or absent: restoring over a
 * live database would mix two histories. The stored files are written as they stream out of the
 * archive; the database image is collected (PGlite loads it whole) and loaded into DATA_DIR/db.
 */
export async function restoreBackup(file: string, dataDir: string, onEntry: (name: string, size: number) => void = () => {}): Promise<{ files: number }> {
  if (!existsSync(file)) throw new RestoreRefusedError(`Arquivo de cópia não encontrado: ${file}`);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new RestoreRefusedError(
      `O DATA_DIR ${dataDir} não está vazio: a restauração só grava num diretório vazio, para não misturar a cópia com outro banco. ` +
        'Aponte DATA_DIR para um diretório novo (ou vazio) e rode de novo.',
    );
  }
  mkdirSync(dataDir, { recursive: true });
  let image: Buffer | null = null;
  let files = 0;
  await readTar(createReadStream(file).pipe(createGunzip()), async (entry, bytes) => {
    if (entry.name === BACKUP_ENTRIES.database) {
      const chunks: Buffer[] = [];
      for await (const chunk of bytes) chunks.push(chunk);
      image = Buffer.concat(chunks);
    } else if (KEPT_FILES.includes(entry.name)) {
      const chunks: Buffer[] = [];
      for await (const chunk of bytes) chunks.push(chunk);
      await writeFile(join(dataDir, entry.name), Buffer.concat(chunks), { mode: 0o600 });
    } else if (entry.name.startsWith(BACKUP_ENTRIES.storage)) {
      const path = entry.name.slice(BACKUP_ENTRIES.storage.length);
      if (!STORED_PATH.test(path) || !STORED_NAME.test(path.slice(path.lastIndexOf('/') + 1))) throw new Error(`arquivo inesperado na cópia: ${entry.name}`);
      const target = join(storageRoot(dataDir), path);
      mkdirSync(dirname(target), { recursive: true });
      const handle = await open(target, 'wx', 0o600);
      try {
        for await (const chunk of bytes) await handle.write(chunk);
      } finally {
        await handle.close();
      }
      files++;
    } else return;
    onEntry(entry.name, entry.size);
  });
  const loaded = image as Buffer | null;
  if (!loaded) throw new Error(`A cópia ${file} não tem o banco (${BACKUP_ENTRIES.database}): não é uma cópia de segurança deste sistema.`);
  const database = await openDatabase({ dataDir: join(dataDir, 'db'), template: new Blob([new Uint8Array(loaded)]) });
  await database.close();
  return { files };
}
