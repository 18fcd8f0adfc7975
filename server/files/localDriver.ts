import { mkdir, open, rename, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { DriverWrite, StorageDriver } from './driver';

/** The folder of the local disk that holds the stored files (the backup copies it whole). */
export const storageRoot = (dataDir: string) => join(dataDir, 'storage');

/**
 * Files on the local disk, under DATA_DIR/storage/<folder>/<name>. A file is written aside (a
 * temporary name in its folder, starting with a dot) and renamed on commit: a reader never sees
 * half a file.
 */
export function localDriver(dataDir: string): StorageDriver {
  const root = storageRoot(dataDir);
  const pathOf = (folder: string, name: string) => join(root, ...folder.split('/'), name);
  return {
    async create(folder, name) {
      const dir = join(root, ...folder.split('/'));
      await mkdir(dir, { recursive: true });
      const temporary = join(dir, `.${name.slice(0, name.lastIndexOf('.'))}.tmp`);
      const handle: FileHandle = await open(temporary, 'wx');
      let closed = false;
      let committed = false;
      const close = async () => {
        if (!closed) {
          closed = true;
          await handle.close();
        }
      };
      return {
        async write(chunk) {
          await handle.write(chunk);
        },
        finish: close,
        async commit() {
          await close();
          await rename(temporary, join(dir, name));
          committed = true;
        },
        async discard() {
          await close();
          if (!committed) await rm(temporary, { force: true });
        },
      } satisfies DriverWrite;
    },
    async open(folder, name) {
      let handle: FileHandle;
      try {
        handle = await open(pathOf(folder, name), 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      const { size } = await handle.stat();
      return { stream: handle.createReadStream(), size };
    },
    async remove(folder, name) {
      await rm(pathOf(folder, name), { force: true });
    },
    close() {},
  };
}
