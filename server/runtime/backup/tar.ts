/**
 * The smallest tar (ustar) the backups need, so the archive opens with any `tar xzf`: regular
 * files only, names up to 100 bytes (the backup's own names: `db.tar`, `storage/<folder>/<24 hex>.<ext>`).
 */
const BLOCK = 512;

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

/** The 512-byte header of a regular file. */
export function tarHeader(name: string, size: number, mtime = new Date()): Buffer {
  const header = Buffer.alloc(BLOCK);
  if (Buffer.byteLength(name) > 100) throw new Error(`nome longo demais para o arquivo da cópia: ${name}`);
  header.write(name, 0, 100, 'utf8');
  header.write(octal(0o600, 8), 100, 'ascii');
  header.write(octal(0, 8), 108, 'ascii');
  header.write(octal(0, 8), 116, 'ascii');
  header.write(octal(size, 12), 124, 'ascii');
  header.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  header.write('        ', 148, 'ascii');
  header.write('0', 156, 'ascii');
  header.write('ustar\0' + '00', 257, 'ascii');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(octal(sum, 7) + ' ', 148, 'ascii');
  return header;
}

/** Zeros that complete a file's last block. */
export const tarPadding = (size: number): Buffer => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** Two zero blocks end the archive. */
export const TAR_END = Buffer.alloc(2 * BLOCK);

export interface TarEntry {
  name: string;
  size: number;
}

/**
 * Reads a tar stream entry by entry: `onEntry` receives each file's header and an iterator over its
 * bytes (consumed before the next entry is read), so no file is held whole unless the caller
 * collects it.
 */
export async function readTar(source: AsyncIterable<Buffer>, onEntry: (entry: TarEntry, bytes: AsyncIterable<Buffer>) => Promise<void>): Promise<void> {
  const iterator = source[Symbol.asyncIterator]();
  let buffered: Buffer = Buffer.alloc(0);
  const take = async (length: number): Promise<Buffer | null> => {
    while (buffered.length < length) {
      const next = await iterator.next();
      if (next.done) return null;
      buffered = buffered.length === 0 ? next.value : Buffer.concat([buffered, next.value]);
    }
    const taken = buffered.subarray(0, length);
    buffered = buffered.subarray(length);
    return taken;
  };
  async function* body(size: number) {
    let left = size;
    while (left > 0) {
      if (buffered.length === 0) {
        const next = await iterator.next();
        if (next.done) throw new Error('cópia de segurança truncada');
        buffered = next.value;
      }
      const piece = buffered.subarray(0, Math.min(left, buffered.length));
      buffered = buffered.subarray(piece.length);
      left -= piece.length;
      yield piece;
    }
  }
  for (;;) {
    const header = await take(BLOCK);
    if (!header || header.every((byte) => byte === 0)) return;
    const name = header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    const size = parseInt(header.subarray(124, 136).toString('ascii').replace(/\0.*$/s, '').trim() || '0', 8);
    const type = String.fromCharCode(header[156] ?? 0);
    if (type !== '0' && type !== '\0') throw new Error(`entrada inesperada na cópia de segurança: ${name}`);
    let consumed = 0;
    const counted = (async function* () {
      for await (const piece of body(size)) {
        consumed += piece.length;
        yield piece;
      }
    })();
    await onEntry({ name, size }, counted);
    // Whatever the caller left unread is skipped.
    for await (const piece of body(size - consumed)) void piece;
    if ((await take(tarPadding(size).length)) === null && size % BLOCK !== 0) throw new Error('cópia de segurança truncada');
  }
}
