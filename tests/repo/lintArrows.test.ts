/**
 * The arrows of docs/architecture.md as lint rules: the project's eslint.config.js refuses an import
 * from src/domain to
 * the rest of the project, from server/ to any part of src/ but src/domain, from the server's lower
 * layers to its features and http/, from a feature to http/, from src/ to server/, and from a layer
 * of the client to a higher one (the full layer tables and the cycles are importArrows.test.ts).
 * Only the import rule runs here (no type information), so the snippets may sit at paths that do
 * not exist.
 */
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_LAYERS, FEATURES } from './importArrows';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({
  cwd: root,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
});

async function importErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  if (!result) throw new Error(`ESLint não devolveu resultado para ${filePath}`);
  expect(result.messages.filter((m) => m.fatal)).toEqual([]);
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('lint arrows', () => {
  // The first lint loads the parser and the whole configuration: seconds on a busy machine, paid here
  // rather than inside the first test's time limit.
  beforeAll(() => importErrors('src/domain/arrowProbe.ts', 'export const y = 1;\n'), 60_000);

  it('refuses an import from src/domain to the data provider', async () => {
    const errors = await importErrors('src/domain/arrowProbe.ts', "import { x } from '../dataProvider/x';\nexport const y = x;\n");
    expect(errors).toEqual([expect.stringMatching(/^no-restricted-imports: .*src\/domain não importa nada do projeto/)]);
  });

  it('refuses leaving src/domain from a nested folder, and allows staying inside it', async () => {
    const nested = 'src/domain/validators/arrowProbe.ts';
    expect(await importErrors(nested, "import { x } from '../../resources/x';\nexport const y = x;\n")).toHaveLength(1);
    expect(await importErrors(nested, "import { x } from '../messages';\nexport const y = x;\n")).toEqual([]);
    expect(await importErrors('src/domain/schemas/deep/deeper/arrowProbe.ts', "export * from '../../../../layout/x';\n")).toHaveLength(1);
  });

  it('refuses an import from server/ to src/ outside src/domain', async () => {
    const errors = await importErrors('server/arrowProbe.ts', "import type { X } from '../src/resources/x';\nexport type Y = X;\n");
    expect(errors).toEqual([expect.stringMatching(/^no-restricted-imports: .*server\/ importa de src\/ somente src\/domain/)]);
    expect(await importErrors('server/missions/arrowProbe.ts', "import { x } from '../../src/dataProvider';\nexport const y = x;\n")).toHaveLength(1);
    expect(await importErrors('server/missions/arrowProbe.ts', "import { x } from '../../src/authProvider/session';\nexport const y = x;\n")).toHaveLength(1);
  });

  it('allows server/ to import src/domain and its own modules', async () => {
    const code = "import { x } from '../../src/domain/roles';\nimport { z } from '../db/client';\nexport const y = [x, z];\n";
    expect(await importErrors('server/missions/arrowProbe.ts', code)).toEqual([]);
    expect(await importErrors('server/arrowProbe.ts', "import { x } from '../src/domain';\nexport const y = x;\n")).toEqual([]);
  });

  // One lint per pair of areas, over a hundred: seconds on a busy machine.
  it('refuses an import from db/, cache/, mail/, files/ and shared/ to any feature or to http/', async () => {
    for (const folder of ['db', 'db/schema', 'cache', 'mail', 'files', 'shared', 'errors']) {
      const up = '../'.repeat(folder.split('/').length);
      for (const target of [...FEATURES, 'http', 'demo']) {
        const errors = await importErrors(`server/${folder}/arrowProbe.ts`, `import { x } from '${up}${target}/x';\nexport const y = x;\n`);
        expect(errors, `${folder} → ${target}`).toEqual([expect.stringMatching(/não importam funcionalidades, http\//)]);
      }
    }
    // The lower layers still reach src/domain and each other; the src/ rule still holds there.
    expect(await importErrors('server/cache/arrowProbe.ts', "import { x } from '../db/client';\nexport const y = x;\n")).toEqual([]);
    expect(await importErrors('server/db/arrowProbe.ts', "import { x } from '../../src/resources/x';\nexport const y = x;\n")).toHaveLength(1);
  }, 60_000);

  it('refuses an import from a feature to http/, and allows one to another feature', async () => {
    const errors = await importErrors('server/missions/arrowProbe.ts', "import type { X } from '../http/app';\nexport type Y = X;\n");
    expect(errors).toEqual([expect.stringMatching(/uma funcionalidade não importa http\//)]);
    expect(await importErrors('server/reports/formats/xlsx/arrowProbe.ts', "import { x } from '../../../http/routes';\nexport const y = x;\n")).toHaveLength(1);
    expect(await importErrors('server/reports/arrowProbe.ts', "import { x } from '../missions/rows';\nexport const y = x;\n")).toEqual([]);
  });

  it('refuses an import from src/ to server/', async () => {
    const errors = await importErrors('src/resources/arrowProbe.tsx', "import { x } from '../../server/config';\nexport const y = x;\n");
    expect(errors).toEqual([expect.stringMatching(/src\/ não importa nada de server\//)]);
    expect(await importErrors('src/App.tsx', "import { x } from '../server/config';\nexport const y = x;\n")).toHaveLength(1);
  });

  // One lint per pair of areas, over a hundred: seconds on a busy machine.
  it('refuses an import from a layer of the client to a higher one, and allows one to its own or a lower one', async () => {
    // Each layer's folders and top-level modules, without src/domain (its own rule, above).
    const layers = CLIENT_LAYERS.filter(({ layer }) => layer > 0).map(({ areas }) => areas);
    /** A file in `area` importing `target` (both areas of src/), as the relative import would be written. */
    const probe = (area: string, target: string) => {
      const name = target.replace(/^src\//, '').replace(/\.tsx?$/, '');
      return area.endsWith('.ts') || area.endsWith('.tsx')
        ? importErrors(area, `import { x } from './${name}/x';\nexport const y = x;\n`)
        : importErrors(`${area}/arrowProbe.tsx`, `import { x } from '../${name}/x';\nexport const y = x;\n`);
    };
    for (const [index, areas] of layers.entries()) {
      for (const area of areas) {
        for (const higher of layers.slice(index + 1).flat()) {
          expect(await probe(area, higher), `${area} → ${higher}`).toEqual([expect.stringMatching(/uma camada do cliente não importa as de cima/)]);
        }
        for (const lower of layers.slice(0, index + 1).flat()) {
          expect(await probe(area, lower), `${area} → ${lower}`).toEqual([]);
        }
      }
    }
  }, 60_000);
});
