// ESLint: type-checked typescript-eslint, React hooks, and the one-way arrows of docs/architecture.md
// (`src/domain` imports nothing of the project; `server/` imports only `src/domain` from `src/`, and its
// lower layers import no feature; `src/` imports nothing of `server/`, and its lower layers nothing of
// the higher ones).
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** How deep src/domain nests; a deeper folder needs one more entry here (the arrow test checks the deepest). */
const DOMAIN_DEPTH = 4;

/**
 * Imports are relative, so "outside src/domain" is one `../` more than the file's depth below
 * src/domain: one block per depth.
 */
const domainArrows = Array.from({ length: DOMAIN_DEPTH + 1 }, (_, depth) => ({
  files: [`src/domain/${'*/'.repeat(depth)}*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(\\.\\./){${depth + 1}}`,
            message: 'src/domain não importa nada do projeto fora de src/domain (docs/architecture.md: setas num só sentido).',
          },
        ],
      },
    ],
  },
}));

/** server/ may take only src/domain from the client's code. */
const SERVER_TO_SRC = {
  regex: '^(\\.\\./)+src/(?!domain(/|$))',
  message: 'server/ importa de src/ somente src/domain (docs/architecture.md: setas num só sentido).',
};

/** The server's features (docs/architecture.md; tests/repo/importArrows.test.ts checks every arrow and cycle). */
const FEATURES = ['auth', 'catalogues', 'companies', 'pricing', 'missions', 'billing', 'reports', 'live', 'storage', 'address', 'contact', 'themes', 'audit', 'tracking', 'push', 'positions', 'alarms', 'webhooks', 'integrations', 'agents', 'privacy'];

/** An import that climbs to a server folder named here (imports are relative: `../` then the folder). */
const importOf = (folders, message) => ({ regex: `^(\\.\\./)+(${folders.join('|')})(/|$)`, message });

const restrict = (files, patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } });

/** One block per layer: a later block replaces the rule of an earlier one, so each repeats SERVER_TO_SRC. */
const serverArrows = [
  restrict(['server/**/*.ts'], [SERVER_TO_SRC]),
  restrict(
    ['server/errors/**/*.ts', 'server/db/**/*.ts', 'server/cache/**/*.ts', 'server/mail/**/*.ts', 'server/files/**/*.ts', 'server/shared/**/*.ts'],
    [
      SERVER_TO_SRC,
      importOf(
        [...FEATURES, 'http', 'demo', 'runtime'],
        'errors/, db/, cache/, mail/, files/ e shared/ não importam funcionalidades, http/, demo/ nem runtime/ (setas num só sentido).',
      ),
    ],
  ),
  restrict(
    FEATURES.map((feature) => `server/${feature}/**/*.ts`),
    [SERVER_TO_SRC, importOf(['http', 'demo', 'runtime'], 'uma funcionalidade não importa http/, demo/ nem runtime/ (setas num só sentido).')],
  ),
];

/** The client talks to the server only over HTTP (src/dataProvider): no import of server code. */
const CLIENT_TO_SERVER = { regex: '^(\\.\\./)+server(/|$)', message: 'src/ não importa nada de server/ (o cliente fala com o servidor só por HTTP).' };

/**
 * The client's layers above src/domain, lowest first: the folders and top-level modules of src/ in
 * each (docs/architecture.md; tests/repo/importArrows.ts CLIENT_LAYERS is the whole table).
 */
const CLIENT_LAYERS = [['dataProvider', 'i18n', 'serviceWorker'], ['authProvider', 'theme'], ['layout'], ['resources'], ['custom'], ['App'], ['main', 'publicApp']];

/** An import of a top-level folder or module of src/: `../` from inside a folder, `./` from src/ itself. */
const clientImportOf = (names, message) => ({ regex: `^(\\.\\.?/)+(${names.join('|')})(/|$)`, message });

/** One block per layer below the top, refusing every higher one; each repeats CLIENT_TO_SERVER (a later block replaces the rule). */
const clientArrows = [
  { ...restrict(['src/**/*.{ts,tsx}'], [CLIENT_TO_SERVER]), ignores: ['src/domain/**'] },
  ...CLIENT_LAYERS.slice(0, -1).map((names, index) =>
    restrict(
      names.flatMap((name) => [`src/${name}/**/*.{ts,tsx}`, `src/${name}.{ts,tsx}`]),
      [
        CLIENT_TO_SERVER,
        clientImportOf(CLIENT_LAYERS.slice(index + 1).flat(), 'uma camada do cliente não importa as de cima (telas, cadastros, moldura, sessão e tema, cliente HTTP: setas num só sentido).'),
      ],
    ),
  ),
];

export default defineConfig(
  { ignores: ['dist/', 'dist-server/', 'node_modules/', 'server/db/migrations/', 'data/', 'coverage/'] },
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['scripts/**'],
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // tsc's noUnusedLocals/noUnusedParameters already report these; `_`-prefixed names are intended.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts', 'tests/ui/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    // A Fastify plugin or hook is an async function by contract (avvio waits for its promise); one that
    // only registers hooks and routes, or ends streams on close, has nothing to await, and is still correct.
    files: ['server/http/**/*.ts', 'server/**/handlers.ts', 'server/**/*Handlers.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  ...domainArrows,
  ...serverArrows,
  ...clientArrows,
  {
    // The .mjs scripts run as plain Node; their .d.mts declarations only type them for TS importers.
    files: ['scripts/**/*.mjs', 'eslint.config.js'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['scripts/**/*.d.mts'],
    extends: [tseslint.configs.recommended],
  },
);
