import type { Readable } from 'node:stream';

/**
 * Where stored files' bytes live: the local disk (localDriver.ts) or S3-compatible object storage
 * (s3Driver.ts). Names and folders reach a driver already checked (store.ts); a driver only moves
 * bytes, streamed both ways.
 */
export interface StorageDriver {
  /** Starts writing `folder/name`; no reader finds the file before `finish` resolves. */
  create(folder: string, name: string, mime: string): Promise<DriverWrite>;
  /** The file's bytes as a stream and its size, or null when nothing is stored under the name. */
  open(folder: string, name: string): Promise<{ stream: Readable; size: number } | null>;
  remove(folder: string, name: string): Promise<void>;
  close(): void;
}

export interface DriverWrite {
  /** Resolves when the chunk may be followed by the next (the destination took it). */
  write(chunk: Buffer): Promise<void>;
  /** Every byte was written: the file is complete, still aside (local) or whole under its name (S3). */
  finish(): Promise<void>;
  /** Puts a finished file under its name (a no-op where finishing already did). */
  commit(): Promise<void>;
  /** Removes what was written, finished or not (a no-op once committed). */
  discard(): Promise<void>;
}
