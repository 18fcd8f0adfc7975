/**
 * src/publicApp/routes.tsx is the one table from a screen's URL to its component (docs/architecture.md, "De
 * uma URL ao código"): no other module declares routes, except the catalogue screens generated from
 * their declarations; and every place the menu or the home redirect sends a user is in the table.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { homePathFor, menuItemsFor } from '../../src/domain/navigation';
import { HOME_ROUTES, PUBLIC_ROUTES } from '../../src/publicApp/routes';
import { ROLES } from './authTestUtils';

// The suite runs from the repository's root (vite.config.ts).
const root = process.cwd();

/** Where routes may be written: the table's two renderers and the catalogue screens' generator. */
const ROUTE_WRITERS = [/^src\/App\.tsx$/, /^src\/publicApp\/AppRoutes\.tsx$/, /^src\/publicApp\/routes\.tsx$/, /^src\/custom\/admin\/AdminSection\.tsx$/, /^src\/resources\//];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [relative(root, path)] : [];
  });
}

/** The table's URLs, absolute. */
const tablePaths = [...PUBLIC_ROUTES.map((r) => r.path).filter((p) => p !== '/home/*' && p !== '*'), ...HOME_ROUTES.map((r) => `/home/${r.path}`)];
const served = (url: string) => tablePaths.some((pattern) => matchPath(pattern, url) !== null);

describe('the route table', () => {
  it('is the only place a screen gets its URL, besides the catalogue screens generated from src/resources', () => {
    const writers = sourceFiles(join(root, 'src')).filter((file) => /<Route\b|path=["{]/.test(readFileSync(join(root, file), 'utf8')));
    expect(writers.filter((file) => !ROUTE_WRITERS.some((allowed) => allowed.test(file)))).toEqual([]);
  });

  it("serves every menu item and every role's home", () => {
    for (const [name, role] of Object.entries(ROLES)) {
      for (const url of [...menuItemsFor(role).map((item) => item.to), homePathFor(role)]) {
        expect(served(url), `${name}: ${url}`).toBe(true);
      }
    }
  });

  it('knows each URL once', () => {
    const all = [...PUBLIC_ROUTES.map((r) => r.path), ...HOME_ROUTES.map((r) => r.path)];
    expect(all.filter((path, i) => all.indexOf(path) !== i)).toEqual([]);
  });

  it('serves the missions sub-screens and sends an unknown one to /unauthorized', () => {
    const id = 'a'.repeat(24);
    for (const url of [`/home/missions/${id}/details/started`, `/home/missions/${id}/chat/started`, `/home/missions/${id}/billing/shipper`]) {
      expect(served(url), url).toBe(true);
    }
    const unknown = HOME_ROUTES.filter((r) => matchPath(`/home/${r.path}`, `/home/missions/${id}/nada`));
    expect(unknown.map((r) => r.path)).toEqual(['missions/*']);
  });
});
