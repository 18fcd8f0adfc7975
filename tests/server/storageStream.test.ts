import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createStorage, type SaveRules } from '../../server/files/store';
import { EVIL_SVG, PDF, PNG } from './missionFixtures';

/** Streamed uploads (storage.stage): checked on the first bytes and while they arrive, written aside, nothing left on refusal. */

const dataDir = mkdtempSync(join(tmpdir(), 'storage-stream-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const storage = createStorage(dataDir);
const RULES: SaveRules = { types: ['pdf', 'png', 'svg'], maxBytes: 64 * 1024 };
const filesIn = (folder: string) => {
  try {
    return readdirSync(join(dataDir, 'storage', folder));
  } catch {
    return [];
  }
};

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

describe('storage.stage', () => {
  it('writes a file that arrives in small chunks aside, and commit gives it its generated name', async () => {
    const bytes = Buffer.concat([PNG, Buffer.alloc(20_000, 7)]);
    const { iterable } = source(slices(bytes, 5));
    const staged = await storage.stage('a', iterable, RULES);
    if (typeof staged === 'string') throw new Error(staged);
    expect(staged.file).toMatchObject({ type: 'png', mime: 'image/png', size: bytes.length });
    expect(filesIn('a')).toEqual([expect.stringMatching(/^\.[0-9a-f]{24}\.tmp$/)]);
    await staged.commit();
    expect(filesIn('a')).toEqual([staged.file.name]);
    expect(readFileSync(join(dataDir, 'storage', 'a', staged.file.name)).equals(bytes)).toBe(true);
    await staged.discard();
    expect(filesIn('a')).toEqual([staged.file.name]);
  });

  it('refuses an oversize stream as it passes the limit, drains the rest and removes the temporary file', async () => {
    const { seen, iterable } = source([PDF, ...slices(Buffer.alloc(RULES.maxBytes, 0x20), 4096)]);
    expect(await storage.stage('b', iterable, RULES)).toBe('tooLarge');
    expect(seen.pulled).toBe(1 + RULES.maxBytes / 4096);
    expect(filesIn('b')).toEqual([]);
  });

  it('refuses by the first bytes (an HTML page, a type not in the rules), an unsafe SVG at the end, and an empty stream', async () => {
    expect(await storage.stage('c', source([Buffer.from('<!doctype html><p>oi</p>')]).iterable, RULES)).toBe('badType');
    expect(await storage.stage('c', source([PNG]).iterable, { ...RULES, types: ['pdf'] })).toBe('badType');
    expect(await storage.stage('c', source(slices(EVIL_SVG, 3)).iterable, RULES)).toBe('badType');
    expect(await storage.stage('c', source([]).iterable, RULES)).toBe('empty');
    expect(filesIn('c')).toEqual([]);
  });

  it('a source that fails mid-way leaves no file and passes the error on; discard removes an uncommitted file', async () => {
    async function* failing() {
      yield await Promise.resolve(PDF);
      throw new Error('conexão caiu');
    }
    await expect(storage.stage('d', failing(), RULES)).rejects.toThrow('conexão caiu');
    expect(filesIn('d')).toEqual([]);
    const staged = await storage.stage('d', [PDF], RULES);
    if (typeof staged === 'string') throw new Error(staged);
    await staged.discard();
    expect(filesIn('d')).toEqual([]);
  });
});
