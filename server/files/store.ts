import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { binaryType, isSafeSvg, EXTENSION_OF, MIME_OF, type FileType } from './fileTypes';

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

/**
 * A file written aside (a temporary name in its folder) while it streamed in: `commit` gives it
 * its generated name, `discard` removes it (a no-op once committed).
 */
export interface StagedFile {
  file: StoredFile;
  commit(): Promise<void>;
  discard(): Promise<void>;
}

export interface Storage {
  save(folder: string, bytes: Buffer, rules: SaveRules): Promise<StoredFile | SaveRefusal>;
  /**
   * Streams `source` to a temporary file, checking the type on the first bytes and the size as
   * it goes: at most a chunk is held in memory (an SVG, whose safety is judged on the whole text,
   * is the exception, bounded by rules.maxBytes). A refused or failed upload leaves no file.
   */
  stage(folder: string, source: AsyncIterable<Buffer> | Iterable<Buffer>, rules: SaveRules): Promise<StagedFile | SaveRefusal>;
  /** The file, or null when the name is not one we generate or nothing is stored under it. */
  read(folder: string, name: string): Promise<{ bytes: Buffer; type: FileType; mime: string } | null>;
  remove(folder: string, name: string): Promise<void>;
}

/** Folders are fixed by the code (no request picks one), lower-case words joined by '/'. */
const FOLDER = /^[a-z]+(\/[a-z]+)*$/;

/** Bytes needed to tell the binary types apart (WEBP's mark is at offset 8). */
const HEAD_BYTES = 16;

/** The checks of one streamed file: its type from the first bytes, its size as chunks arrive. */
class Upload {
  size = 0;
  type: FileType | null = null;
  refusal: SaveRefusal | null = null;
  private head: Buffer[] = [];
  /** The whole text of a candidate SVG (judged at the end); null once the type is known. */
  private text: Buffer[] | null = null;

  constructor(private readonly rules: SaveRules) {}

  add(chunk: Buffer) {
    this.size += chunk.length;
    if (this.size > this.rules.maxBytes) {
      this.refusal = 'tooLarge';
      this.head = [];
      this.text = null;
      return;
    }
    if (this.text) this.text.push(chunk);
    else if (!this.type) {
      this.head.push(chunk);
      if (this.size >= HEAD_BYTES) this.decide();
    }
  }

  finish() {
    if (this.refusal) return;
    if (this.size === 0) {
      this.refusal = 'empty';
      return;
    }
    if (!this.type && !this.text) this.decide();
    if (this.text) {
      this.type = isSafeSvg(Buffer.concat(this.text)) ? 'svg' : null;
      this.text = null;
    }
    if (!this.type || !this.rules.types.includes(this.type)) this.refusal = 'badType';
  }

  private decide() {
    const head = Buffer.concat(this.head);
    this.head = [];
    const type = binaryType(head);
    if (type) this.type = type;
    else if (this.rules.types.includes('svg') && !head.includes(0)) this.text = [head];
    if (!this.text && (!this.type || !this.rules.types.includes(this.type))) this.refusal = 'badType';
  }
}

export function createStorage(dataDir: string): Storage {
  const root = join(dataDir, 'storage');
  const dirOf = (folder: string) => {
    if (!FOLDER.test(folder)) throw new Error(`pasta de armazenamento inválida: ${folder}`);
    return join(root, ...folder.split('/'));
  };
  return {
    async save(folder, bytes, rules) {
      const staged = await this.stage(folder, [bytes], rules);
      if (typeof staged === 'string') return staged;
      await staged.commit();
      return staged.file;
    },
    async stage(folder, source, rules) {
      const dir = dirOf(folder);
      await mkdir(dir, { recursive: true });
      const id = randomBytes(12).toString('hex');
      const temporary = join(dir, `.${id}.tmp`);
      const upload = new Upload(rules);
      let handle: FileHandle | null = null;
      try {
        handle = await open(temporary, 'wx');
        for await (const chunk of source) {
          // Past a refusal the rest is read and dropped: the sender's body must still be consumed.
          if (upload.refusal) continue;
          upload.add(chunk);
          if (!upload.refusal) await handle.write(chunk);
        }
        upload.finish();
      } catch (error) {
        await handle?.close();
        await rm(temporary, { force: true });
        throw error;
      }
      await handle.close();
      const { refusal, type } = upload;
      if (refusal || !type) {
        await rm(temporary, { force: true });
        return refusal ?? 'badType';
      }
      const name = `${id}.${EXTENSION_OF[type]}`;
      let committed = false;
      return {
        file: { name, type, mime: MIME_OF[type], size: upload.size },
        async commit() {
          // Renamed within its folder: a reader never sees half a file.
          await rename(temporary, join(dir, name));
          committed = true;
        },
        async discard() {
          if (!committed) await rm(temporary, { force: true });
        },
      };
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
