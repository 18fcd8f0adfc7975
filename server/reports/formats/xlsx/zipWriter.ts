import type { Writable } from 'node:stream';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * A ZIP archive written front to back onto a stream (PKWARE APPNOTE 6.3): every entry deflated,
 * a streamed entry's CRC and sizes in a data descriptor after its data, the central directory at
 * the end. Enough for an .xlsx package. No ZIP64: an entry or an archive past 4 GiB fails instead
 * of writing a file no spreadsheet opens (the billing export reaches that near 3 million rows).
 */

const MAX_32 = 0xffff_ffff;
/** Bit 3: CRC and sizes follow the data. Bit 11: names are UTF-8. */
const FLAG_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;
const DEFLATE = 8;
const VERSION = 20;

interface Entry {
  name: Buffer;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** Resolves when `stream` takes writes again, or at once when `out` is gone. */
function writable(stream: Writable, out: Writable): Promise<void> {
  if (!stream.writableNeedDrain || out.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      out.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    out.on('close', done);
  });
}

function dosDateTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
    date: (Math.max(0, at.getFullYear() - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

function checked(value: number, what: string): number {
  if (value > MAX_32) throw new Error(`zip: ${what} passa de 4 GiB`);
  return value;
}

export class ZipWriter {
  private written = 0;
  private readonly entries: Entry[] = [];
  private readonly stamp: { time: number; date: number };

  constructor(
    private readonly out: Writable,
    at = new Date(),
  ) {
    this.stamp = dosDateTime(at);
  }

  /** The client went away: whoever fills an entry stops. */
  get gone(): boolean {
    return this.out.destroyed;
  }

  private async put(chunk: Buffer): Promise<void> {
    this.written += chunk.length;
    if (!this.out.write(chunk)) await writable(this.out, this.out);
  }

  /** What a local header and a central directory header share, in the same order from `at`. */
  private entryFields(header: Buffer, at: number, entry: Entry): void {
    header.writeUInt16LE(entry.flags, at);
    header.writeUInt16LE(DEFLATE, at + 2);
    header.writeUInt16LE(this.stamp.time, at + 4);
    header.writeUInt16LE(this.stamp.date, at + 6);
    header.writeUInt32LE(entry.crc, at + 8);
    header.writeUInt32LE(entry.compressed, at + 12);
    header.writeUInt32LE(entry.size, at + 16);
    header.writeUInt16LE(entry.name.length, at + 20);
  }

  /** A streamed entry's CRC and sizes are still zero here: its data descriptor carries them. */
  private localHeader(entry: Entry): Buffer {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(VERSION, 4);
    this.entryFields(header, 6, entry);
    // Extra field length: zero.
    return Buffer.concat([header, entry.name]);
  }

  /** An entry held whole in memory (the package's small parts). */
  async file(name: string, text: string): Promise<void> {
    const data = Buffer.from(text, 'utf8');
    const packed = deflateRawSync(data);
    const entry: Entry = { name: Buffer.from(name, 'utf8'), flags: FLAG_UTF8, crc: crc32(data), compressed: packed.length, size: data.length, offset: this.written };
    await this.put(this.localHeader(entry));
    await this.put(packed);
    this.entries.push(entry);
  }

  /**
   * An entry whose text `fill` hands over piece by piece: each piece is deflated as it comes, so
   * only a piece and the compressor's window are in memory. A write waits while the client is slow;
   * once the client is gone it returns at once and `gone` says so.
   */
  async stream(name: string, fill: (write: (text: string) => Promise<void>) => Promise<void>): Promise<void> {
    const entry: Entry = { name: Buffer.from(name, 'utf8'), flags: FLAG_UTF8 | FLAG_DESCRIPTOR, crc: 0, compressed: 0, size: 0, offset: this.written };
    await this.put(this.localHeader(entry));
    const deflate = createDeflateRaw();
    let paused = false;
    deflate.on('data', (chunk: Buffer) => {
      entry.compressed += chunk.length;
      this.written += chunk.length;
      if (!this.out.write(chunk) && !paused) {
        paused = true;
        deflate.pause();
        this.out.once('drain', () => {
          paused = false;
          deflate.resume();
        });
      }
    });
    // A client gone while the compressor waits for it would otherwise leave this pending forever.
    let settle = () => {};
    const ended = new Promise<void>((resolve, reject) => {
      settle = resolve;
      deflate.once('end', resolve);
      deflate.once('error', reject);
      this.out.once('close', settle);
    });
    // Awaited below, once the text is all written; an error before then must not go unhandled.
    ended.catch(() => undefined);
    let filled = false;
    try {
      await fill(async (text) => {
        if (this.gone) return;
        const data = Buffer.from(text, 'utf8');
        entry.crc = crc32(data, entry.crc);
        entry.size = checked(entry.size + data.length, name);
        if (!deflate.write(data)) await writable(deflate, this.out);
      });
      filled = true;
    } finally {
      // A filler that failed (the caller then cuts the download) or a client gone: the compressor's
      // memory goes now, not whenever the collector finds it.
      if (!filled || this.gone) deflate.destroy();
    }
    if (this.gone) return;
    deflate.end();
    await ended.finally(() => this.out.off('close', settle));
    if (this.gone) return;
    checked(entry.compressed, name);
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc, 4);
    descriptor.writeUInt32LE(entry.compressed, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    await this.put(descriptor);
    this.entries.push(entry);
  }

  /** The central directory and its end record; the stream is ended. */
  async finish(): Promise<void> {
    const start = checked(this.written, 'o arquivo');
    for (const entry of this.entries) {
      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(VERSION, 4);
      header.writeUInt16LE(VERSION, 6);
      this.entryFields(header, 8, entry);
      // Extra field, comment, disk number, internal and external attributes: all zero.
      header.writeUInt32LE(checked(entry.offset, 'o arquivo'), 42);
      await this.put(Buffer.concat([header, entry.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(checked(this.written - start, 'o diretório'), 12);
    end.writeUInt32LE(start, 16);
    this.out.write(end);
    this.out.end();
  }
}
