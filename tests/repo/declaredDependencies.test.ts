/**
 * package.json declares only what the project uses: each dependency is imported by the code, the
 * configs or the scripts, or is one of the few listed below with the reason nothing imports it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Declared but never imported, and why they stay. */
const NOT_IMPORTED: Record<string, string> = {
  '@emotion/react': 'peer dependency of @mui/material (its style engine)',
  '@emotion/styled': 'peer dependency of @mui/material (its style engine)',
  'react-router': 'peer dependency of ra-core and react-router-dom (one module instance)',
  '@testing-library/dom': 'peer dependency of @testing-library/react',
  '@types/node': 'types (tsconfig "types")',
  'axe-core': 'its built script is read from node_modules and run inside the page (tests/e2e/axe.ts)',
  '@types/pg': 'types of pg',
  '@types/nodemailer': 'types of nodemailer',
  '@types/autocannon': 'types of autocannon',
  '@types/react': 'types of react',
  '@types/react-dom': 'types of react-dom',
  '@types/leaflet': 'types of leaflet',
  '@types/semver': 'types of semver',
  '@types/leaflet.markercluster': 'types of leaflet.markercluster',
  '@types/pdfkit': 'types of pdfkit',
  '@types/qrcode': 'types of qrcode',
  '@types/web-push': 'types of web-push',
  jsdom: 'vitest environment of the ui project',
};

const SOURCES = ['src', 'server', 'tests', 'bench', 'scripts', 'vite.config.ts', 'drizzle.config.ts', 'eslint.config.js'];

function files(path: string): string[] {
  const full = join(root, path);
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full).flatMap((entry) => (entry === 'migrations' ? [] : files(join(path, entry))));
}

/** 'react-dom/client' → 'react-dom', '@mui/icons-material/Add' → '@mui/icons-material'. */
const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

function importedPackages(): Set<string> {
  const found = new Set<string>();
  const specifiers = /(?:from\s+|import\s*\(\s*|import\s+|--import\s+|types": \[)['"]?([^'"\s)]+)/g;
  for (const file of SOURCES.flatMap(files).filter((f) => /\.(m?[jt]sx?|d\.mts)$/.test(f))) {
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(specifiers)) {
      if (specifier && !specifier.startsWith('.') && !specifier.startsWith('node:')) found.add(packageOf(specifier));
    }
  }
  const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  for (const [, name] of Object.values(scripts).join('\n').matchAll(/--import\s+(\S+)/g)) if (name) found.add(name);
  return found;
}

describe('declared dependencies', () => {
  it('are imported somewhere, or listed with the reason they stay', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    const declared = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies)];
    const imported = importedPackages();
    expect(declared.filter((name) => !imported.has(name) && !(name in NOT_IMPORTED))).toEqual([]);
    // The list stays true: nothing on it is in fact imported, or missing from package.json.
    expect(Object.keys(NOT_IMPORTED).filter((name) => imported.has(name) || !declared.includes(name))).toEqual([]);
  });
});
