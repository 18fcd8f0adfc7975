/**
 * The README's 'Onde está o quê' is the newcomer's map (docs/architecture.md, "De uma URL ao
 * código"): every path it names must exist, and every folder of `src/` and `server/` must be on it,
 * so a folder added, renamed or removed fails here until the map says so.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The rows of the README's 'Onde está o quê' table: the first cell and the second. */
function mapRows(): { where: string; what: string }[] {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const section = readme.split(/^## /m).find((part) => part.startsWith('Onde está o quê'));
  if (!section) throw new Error("README.md não tem a seção 'Onde está o quê'");
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [, where = '', what = ''] = line.split('|').map((cell) => cell.trim());
      return { where, what };
    });
}

const codeSpans = (text: string): string[] => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');

/**
 * The paths a row names: its first cell's code spans; a `<funcionalidade>` placeholder stands for
 * each folder the second cell lists in code spans (`auth`, `catalogues`…).
 */
function namedPaths(): string[] {
  return mapRows().flatMap(({ where, what }) =>
    codeSpans(where).flatMap((path) =>
      path.includes('<') ? codeSpans(what).map((name) => path.replace(/<[^>]+>/, name)) : [path],
    ),
  );
}

const folders = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${dir}/${entry.name}/`);

describe("README: 'Onde está o quê'", () => {
  it('names only paths that exist', () => {
    const paths = namedPaths();
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });

  it('names every folder of src/ and server/', () => {
    const named = new Set(namedPaths().map((path) => (path.endsWith('/') ? path : `${path}/`)));
    const missing = [...folders('src'), ...folders('server')].filter((folder) => !named.has(folder));
    expect(missing).toEqual([]);
  });
});
