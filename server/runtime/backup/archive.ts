import { createReadStream, existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { storageRoot } from '../../files/localDriver';
import { TAR_END, tarHeader, tarPadding } from './tar';

/**
 * What a backup holds (a gzip'd tar): the PGlite data directory dump, the stored files, the embedded
 * JWT secret and the generated VAPID keys (docs/operations/notifications.md: a new pair would silence
 * every subscribed device).
 */
export const BACKUP_ENTRIES = { manifest: 'pronta-resposta-backup.json', database: 'db.tar', secret: 'jwt-secret', vapidKeys: 'vapid-keys.json', storage: 'storage/' } as const;

/** The DATA_DIR files a backup carries as they are, when present. */
export const KEPT_FILES: readonly string[] = [BACKUP_ENTRIES.secret, BACKUP_ENTRIES.vapidKeys];

export interface BackupSource {
  dataDir: string;
  /** PGlite's dumpDataDir: a consistent image of the database taken between two statements. */
  dumpDatabase: () => Promise<Blob>;
  /** Files on the local disk are copied; on S3 they stay in the bucket (docs/operations/backups.md). */
  localFiles: boolean;
  /** Defers file removals until the copy ends (Storage.holdRemovals); absent when no server runs. */
  holdRemovals?: () => () => Promise<void>;
}

/** Every stored file under DATA_DIR/storage, by its path there; files still being written (dot names) left out. */
async function storedFiles(root: string, dir = root): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { withFileTypes: true });
  const found: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await storedFiles(root, path)));
    else if (entry.isFile()) found.push(relative(root, path).split(sep).join('/'));
  }
  return found;
}

/**
 * The backup as a gzip'd tar stream. Order is what makes it consistent: the database image first,
 * then the files. A file is stored before the row that names it is written (storeThenWrite), so
 * every file a row of the image names is already on disk when the files are copied; removals wait
 * until the copy ends, so none of them disappears meanwhile. Files stored after the image are
 * copied too and simply named by no row.
 */
export function backupStream(source: BackupSource, onEntry: (name: string) => void = () => {}): Readable {
  const tar = new PassThrough();
  const gzip = createGzip();
  tar.pipe(gzip);
  const put = async (chunk: Buffer) => {
    if (!tar.write(chunk)) await new Promise((resolve) => tar.once('drain', resolve));
  };
  const release = source.holdRemovals?.();
  const run = async () => {
    const image = Buffer.from(await (await source.dumpDatabase()).arrayBuffer());
    const manifest = Buffer.from(JSON.stringify({ format: 1, createdAt: new Date().toISOString(), files: source.localFiles ? 'local' : 's3' }));
    for (const [name, bytes] of [
      [BACKUP_ENTRIES.manifest, manifest],
      [BACKUP_ENTRIES.database, image],
    ] as const) {
      await put(tarHeader(name, bytes.length));
      await put(bytes);
      await put(tarPadding(bytes.length));
      onEntry(name);
    }
    for (const name of KEPT_FILES) {
      const kept = join(source.dataDir, name);
      if (!existsSync(kept)) continue;
      const bytes = await readFile(kept);
      await put(Buffer.concat([tarHeader(name, bytes.length), bytes, tarPadding(bytes.length)]));
    }
    if (source.localFiles) {
      const root = storageRoot(source.dataDir);
      for (const path of await storedFiles(root)) {
        const file = join(root, path);
        const { size } = await stat(file);
        await put(tarHeader(`${BACKUP_ENTRIES.storage}${path}`, size));
        let written = 0;
        for await (const chunk of size > 0 ? createReadStream(file, { end: size - 1 }) : []) {
          written += (chunk as Buffer).length;
          await put(chunk as Buffer);
        }
        if (written !== size) throw new Error(`arquivo mudou durante a cópia: ${path}`);
        await put(tarPadding(size));
        onEntry(path);
      }
    }
    tar.end(TAR_END);
  };
  run()
    .catch((error: unknown) => gzip.destroy(error instanceof Error ? error : new Error(String(error))))
    .finally(() => void release?.());
  return gzip;
}
