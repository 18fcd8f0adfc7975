import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Config } from '../config';
import type { DriverWrite, StorageDriver } from './driver';
import { EXTENSION_OF, MIME_OF, type FileType, type StoredMime } from './fileTypes';
import { localDriver } from './localDriver';
import { s3Driver } from './s3Driver';
import { UploadCheck, type SaveRefusal, type SaveRules } from './uploadCheck';

export type { SaveRefusal, SaveRules };

/**
 * Files kept by the server (docs/architecture.md): each under a generated name (never the client's), checked by
 * content and size as it streams in, in a folder fixed by the code (the storage kinds of
 * storageRoutes: theme images, mission attachments, chat files). Where the bytes live is the
 * driver's business: DATA_DIR/storage on the local disk, or an S3-compatible bucket (S3_ENDPOINT,
 * S3_BUCKET) that every instance shares. Who may read a file is decided before it is opened, by the
 * route that serves it, the same for both.
 */
export interface StoredFile {
  name: string;
  type: FileType;
  mime: StoredMime;
  size: number;
}

/** Generated names: 24 random hex characters and the extension of the detected type. */
export const STORED_NAME = /^[0-9a-f]{24}\.(png|jpg|webp|gif|pdf|svg)$/;

const TYPE_OF_EXTENSION: Record<string, FileType> = Object.fromEntries(
  Object.entries(EXTENSION_OF).map(([type, ext]) => [ext, type as FileType]),
);

/**
 * A file written aside while it streamed in: `commit` gives it its generated name, `discard`
 * removes it (a no-op once committed).
 */
export interface StagedFile {
  file: StoredFile;
  commit(): Promise<void>;
  discard(): Promise<void>;
}

export interface Storage {
  save(folder: string, bytes: Buffer, rules: SaveRules): Promise<StoredFile | SaveRefusal>;
  /**
   * Streams `source` to the driver, checking the type on the first bytes and the size as it goes:
   * at most a chunk (on S3, a part) is held in memory (an SVG, whose safety is judged on the whole
   * text, is the exception, bounded by rules.maxBytes). A refused or failed upload leaves no file.
   */
  stage(folder: string, source: AsyncIterable<Buffer> | Iterable<Buffer>, rules: SaveRules): Promise<StagedFile | SaveRefusal>;
  /** The file as a stream, or null when the name is not one we generate or nothing is stored under it. */
  read(folder: string, name: string): Promise<{ stream: Readable; size: number; type: FileType; mime: StoredMime } | null>;
  remove(folder: string, name: string): Promise<void>;
  /**
   * Defers removals until the returned release is called (and runs them then): while a backup
   * copies the files, none that its database image still names may disappear.
   */
  holdRemovals(): () => Promise<void>;
  /** Lets go of the driver's connections (the S3 client's sockets). */
  close(): void;
}

/** Folders are fixed by the code (no request picks one), lower-case words joined by '/'. */
const FOLDER = /^[a-z]+(\/[a-z]+)*$/;

const checked = (folder: string) => {
  if (!FOLDER.test(folder)) throw new Error(`pasta de armazenamento inválida: ${folder}`);
  return folder;
};

/** The storage the configuration names: S3 when S3_ENDPOINT/S3_BUCKET are set, else the local disk. */
export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): Storage {
  return storageOn(config.s3 ? s3Driver(config.s3) : localDriver(config.dataDir));
}

export function storageOn(driver: StorageDriver): Storage {
  let holds = 0;
  const deferred: [string, string][] = [];
  return {
    async save(folder, bytes, rules) {
      const staged = await this.stage(folder, [bytes], rules);
      if (typeof staged === 'string') return staged;
      await staged.commit();
      return staged.file;
    },
    async stage(folder, source, rules) {
      checked(folder);
      const id = randomBytes(12).toString('hex');
      const check = new UploadCheck(rules);
      // The name's extension comes from the first bytes: until they arrive (at most 16 bytes) the
      // chunks wait here, then the driver's write starts under the generated name.
      const out: { pending: Buffer[]; write: DriverWrite | null } = { pending: [], write: null };
      const begin = async (type: FileType) => {
        const write = await driver.create(folder, `${id}.${EXTENSION_OF[type]}`, MIME_OF[type]);
        out.write = write;
        for (const chunk of out.pending) await write.write(chunk);
        out.pending = [];
        return write;
      };
      const drop = async () => {
        await out.write?.discard();
        out.write = null;
        out.pending = [];
      };
      try {
        for await (const chunk of source) {
          // Past a refusal the rest is read and dropped: the sender's body must still be consumed.
          if (check.refusal) continue;
          check.add(chunk);
          if (check.refusal) await drop();
          else if (out.write) await out.write.write(chunk);
          else {
            out.pending.push(chunk);
            const known = check.knownType;
            if (known) await begin(known);
          }
        }
        check.finish();
        const type = check.refusal ? null : check.type;
        if (!type) {
          await drop();
          return check.refusal ?? 'badType';
        }
        const write = out.write ?? (await begin(type));
        await write.finish();
        return {
          file: { name: `${id}.${EXTENSION_OF[type]}`, type, mime: MIME_OF[type], size: check.size },
          commit: () => write.commit(),
          discard: () => write.discard(),
        };
      } catch (error) {
        await drop();
        throw error;
      }
    },
    async read(folder, name) {
      if (!STORED_NAME.test(name)) return null;
      const type = TYPE_OF_EXTENSION[name.slice(name.lastIndexOf('.') + 1)];
      if (!type) return null;
      const found = await driver.open(checked(folder), name);
      return found && { ...found, type, mime: MIME_OF[type] };
    },
    async remove(folder, name) {
      if (!STORED_NAME.test(name)) return;
      if (holds > 0) deferred.push([checked(folder), name]);
      else await driver.remove(checked(folder), name);
    },
    holdRemovals() {
      holds++;
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        if (--holds > 0) return;
        for (const [folder, name] of deferred.splice(0)) await driver.remove(folder, name);
      };
    },
    close: () => driver.close(),
  };
}
