import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage, type SaveRules, type StagedFile, type Storage } from '../../server/files/store';
import { EVIL_SVG, PDF, PNG } from './missionFixtures';
import { startS3, type TestS3 } from './s3Server';

/**
 * The stored files, the same suite on each driver (server/files): the local disk and an
 * S3-compatible server started here (s3rver). Streamed uploads are checked on the first bytes and
 * while they arrive, nothing is left on refusal, and a file is read back as a stream.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'storage-stream-'));
let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

interface DriverCase {
  storage: () => Storage;
  /** The names a reader could find in `folder`, plus (local disk) the files written aside. */
  names: (folder: string) => Promise<string[]>;
  /** What `names` shows for a staged, not yet committed file. */
  aside: (staged: StagedFile) => RegExp | string;
}

const localNames = (folder: string) => {
  try {
    return Promise.resolve(readdirSync(join(dataDir, 'storage', folder)).sort());
  } catch {
    return Promise.resolve([]);
  }
};

const DRIVERS: [string, DriverCase][] = [
  [
    'disco local',
    {
      storage: () => createStorage({ dataDir, s3: null }),
      names: localNames,
      // Written aside under a temporary name, renamed on commit.
      aside: () => /^\.[0-9a-f]{24}\.tmp$/,
    },
  ],
  [
    'S3 (s3rver)',
    {
      storage: () => createStorage({ dataDir, s3: s3.config }),
      names: (folder) => s3.namesIn(folder),
      // S3 has no half-written objects: a finished upload is the whole object under its generated name, named by no row yet.
      aside: (staged) => staged.file.name,
    },
  ],
];

/** Yields `chunks`, recording how many were pulled (a refused upload still drains its source). */
function source(chunks: Buffer[]) {
  const seen = { pulled: 0 };
  async function* generate() {
    for (const chunk of chunks) {
      seen.pulled++;
      yield await Promise.resolve(chunk);
    }
  }
  return { seen, iterable: generate() };
}

const slices = (bytes: Buffer, size: number) => Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe.each(DRIVERS)('storage on %s', (_name, driver) => {
  const RULES: SaveRules = { types: ['pdf', 'png', 'svg'], maxBytes: 64 * 1024 };
  let storage: Storage;
  beforeAll(() => {
    storage = driver.storage();
  });
  afterAll(() => storage.close());
  // Each driver case writes its own folders (both share the data dir's local folders otherwise).
  const folder = (name: string) => `${_name.startsWith('S3') ? 's' : 'l'}${name}`;

  it('streams a file that arrives in small chunks; commit gives it its generated name; read streams it back', async () => {
    const bytes = Buffer.concat([PNG, Buffer.alloc(20_000, 7)]);
    const { iterable } = source(slices(bytes, 5));
    const staged = await storage.stage(folder('a'), iterable, RULES);
    if (typeof staged === 'string') throw new Error(staged);
    expect(staged.file).toMatchObject({ type: 'png', mime: 'image/png', size: bytes.length });
    const aside = driver.aside(staged);
    expect(await driver.names(folder('a'))).toEqual([typeof aside === 'string' ? aside : expect.stringMatching(aside)]);
    await staged.commit();
    expect(await driver.names(folder('a'))).toEqual([staged.file.name]);
    await staged.discard();
    expect(await driver.names(folder('a'))).toEqual([staged.file.name]);
    const read = await storage.read(folder('a'), staged.file.name);
    expect(read).toMatchObject({ type: 'png', mime: 'image/png', size: bytes.length });
    expect((await bytesOf(read!.stream)).equals(bytes)).toBe(true);
    await storage.remove(folder('a'), staged.file.name);
    expect(await driver.names(folder('a'))).toEqual([]);
    expect(await storage.read(folder('a'), staged.file.name)).toBeNull();
  });

  it('a file larger than one S3 part goes and comes back whole', async () => {
    const bytes = Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024, 0x41), Buffer.from('fim')]);
    const saved = await storage.stage(folder('big'), slices(bytes, 64 * 1024), { types: ['pdf'], maxBytes: 10 * 1024 * 1024 });
    if (typeof saved === 'string') throw new Error(saved);
    await saved.commit();
    const read = await storage.read(folder('big'), saved.file.name);
    expect((await bytesOf(read!.stream)).equals(bytes)).toBe(true);
  });

  it('refuses an oversize stream as it passes the limit, drains the rest and leaves nothing', async () => {
    const { seen, iterable } = source([PDF, ...slices(Buffer.alloc(RULES.maxBytes, 0x20), 4096)]);
    expect(await storage.stage(folder('b'), iterable, RULES)).toBe('tooLarge');
    expect(seen.pulled).toBe(1 + RULES.maxBytes / 4096);
    expect(await driver.names(folder('b'))).toEqual([]);
  });

  it('refuses by the first bytes (an HTML page, a type not in the rules), an unsafe SVG at the end, and an empty stream', async () => {
    expect(await storage.stage(folder('c'), source([Buffer.from('<!doctype html><p>oi</p>')]).iterable, RULES)).toBe('badType');
    expect(await storage.stage(folder('c'), source([PNG]).iterable, { ...RULES, types: ['pdf'] })).toBe('badType');
    expect(await storage.stage(folder('c'), source(slices(EVIL_SVG, 3)).iterable, RULES)).toBe('badType');
    expect(await storage.stage(folder('c'), source([]).iterable, RULES)).toBe('empty');
    expect(await driver.names(folder('c'))).toEqual([]);
  });

  it('a source that fails mid-way leaves no file and passes the error on; discard removes an uncommitted file', async () => {
    async function* failing() {
      yield await Promise.resolve(Buffer.concat([PDF, Buffer.alloc(1000, 0x20)]));
      throw new Error('conexão caiu');
    }
    await expect(storage.stage(folder('d'), failing(), RULES)).rejects.toThrow('conexão caiu');
    expect(await driver.names(folder('d'))).toEqual([]);
    const staged = await storage.stage(folder('d'), [PDF], RULES);
    if (typeof staged === 'string') throw new Error(staged);
    await staged.discard();
    expect(await driver.names(folder('d'))).toEqual([]);
  });

  it('reads nothing for a name it does not generate or a file that is not there', async () => {
    expect(await storage.read(folder('e'), '../../jwt-secret')).toBeNull();
    expect(await storage.read(folder('e'), '0123456789abcdef01234567.pdf')).toBeNull();
  });
});
