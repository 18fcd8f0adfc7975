import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { detectFileType, EXTENSION_OF, MIME_OF, type FileType } from './fileTypes';

/**
 * Files kept by the server (DESIGN 2): under DATA_DIR/storage/<folder>/, each under a generated
 * name (never the client's), checked by content and size before it is written. The folders are
 * the storage kinds of storageRoutes (riskmanager now; mission attachments and chat files later).
 */
export interface StoredFile {
  name: string;
  type: FileType;
  mime: string;
  size: number;
}

export interface SaveRules {
  /** The types accepted by content; anything else is refused. */
  types: readonly FileType[];
  maxBytes: number;
}

export type SaveRefusal = 'empty' | 'tooLarge' | 'badType';

/** Generated names: 24 random hex characters and the extension of the detected type. */
export const STORED_NAME = /^[0-9a-f]{24}\.(png|jpg|webp|gif|pdf|svg)$/;

const TYPE_OF_EXTENSION: Record<string, FileType> = Object.fromEntries(
  Object.entries(EXTENSION_OF).map(([type, ext]) => [ext, type as FileType]),
);

export interface Storage {
  save(folder: string, bytes: Buffer, rules: SaveRules): Promise<StoredFile | SaveRefusal>;
  /** The file, or null when the name is not one we generate or nothing is stored under it. */
  read(folder: string, name: string): Promise<{ bytes: Buffer; type: FileType; mime: string } | null>;
  remove(folder: string, name: string): Promise<void>;
}

/** Folders are fixed by the code (no request picks one), lower-case words joined by '/'. */
const FOLDER = /^[a-z]+(\/[a-z]+)*$/;

export function createStorage(dataDir: string): Storage {
  const root = join(dataDir, 'storage');
  const dirOf = (folder: string) => {
    if (!FOLDER.test(folder)) throw new Error(`pasta de armazenamento inválida: ${folder}`);
    return join(root, ...folder.split('/'));
  };
  return {
    async save(folder, bytes, rules) {
      if (bytes.length === 0) return 'empty';
      if (bytes.length > rules.maxBytes) return 'tooLarge';
      const type = detectFileType(bytes);
      if (!type || !rules.types.includes(type)) return 'badType';
      const dir = dirOf(folder);
      await mkdir(dir, { recursive: true });
      const name = `${randomBytes(12).toString('hex')}.${EXTENSION_OF[type]}`;
      // Written aside and renamed: a reader never sees half a file.
      const temporary = join(dir, `.${name}.tmp`);
      await writeFile(temporary, bytes, { flag: 'wx' });
      await rename(temporary, join(dir, name));
      return { name, type, mime: MIME_OF[type], size: bytes.length };
    },
    async read(folder, name) {
      if (!STORED_NAME.test(name)) return null;
      const type = TYPE_OF_EXTENSION[name.slice(name.lastIndexOf('.') + 1)];
      if (!type) return null;
      try {
        return { bytes: await readFile(join(dirOf(folder), name)), type, mime: MIME_OF[type] };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(folder, name) {
      if (!STORED_NAME.test(name)) return;
      await rm(join(dirOf(folder), name), { force: true });
    },
  };
}
