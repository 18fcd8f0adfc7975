/**
 * `npm ci` stays free of EBADENGINE warnings: every installed package accepts the oldest Node that
 * package.json promises (package.json's `overrides` keep content-disposition and cookie on versions
 * that still support Node 20).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const readJson = (name: string): unknown => JSON.parse(readFileSync(`${root}/${name}`, 'utf8'));

interface LockEntry {
  version?: string;
  engines?: { node?: string } | string[];
}

describe('node engines', () => {
  it('every locked package accepts the oldest Node that package.json states', () => {
    const { engines } = readJson('package.json') as { engines: { node: string } };
    const oldest = semver.minVersion(engines.node);
    expect(oldest?.version).toBe('20.19.0');
    const { packages } = readJson('package-lock.json') as { packages: Record<string, LockEntry> };
    const refused = Object.entries(packages)
      .filter(([, entry]) => {
        const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return wanted !== undefined && oldest !== null && !semver.satisfies(oldest, wanted);
      })
      .map(([path, entry]) => `${path.replace(/^node_modules\//, '')}@${entry.version ?? '?'}`);
    expect(refused).toEqual([]);
  });
});
