/**
 * The import arrows of the server and of the client (docs/architecture.md): every file sits in
 * one layer of its side, and imports only its own layer or the layers below. Within a layer, folders
 * import each other in one direction only; on the server a feature never imports another feature's
 * routes (only its services). The two sides share src/domain and nothing else. No file cycles.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import ts from 'typescript';

/** The features (layer 4): each folder holds its routes, its services and stores, and its formats. */
export const FEATURES = ['auth', 'catalogues', 'companies', 'pricing', 'missions', 'billing', 'reports', 'live', 'storage', 'address', 'contact', 'themes', 'audit', 'tracking', 'push', 'positions', 'alarms', 'webhooks', 'integrations', 'agents', 'privacy'];

export interface Layer {
  layer: number;
  name: string;
  areas: string[];
}

/** The server's areas (a folder, or a single file) and their layers; lower layers never import higher ones. */
export const SERVER_LAYERS: Layer[] = [
  { layer: 0, name: 'domínio compartilhado com o cliente', areas: ['src/domain'] },
  { layer: 1, name: 'configuração e erros HTTP', areas: ['server/config.ts', 'server/errors'] },
  { layer: 2, name: 'banco', areas: ['server/db'] },
  { layer: 3, name: 'infraestrutura', areas: ['server/cache', 'server/mail', 'server/files', 'server/shared', 'server/audit/record.ts'] },
  { layer: 4, name: 'funcionalidades', areas: FEATURES.map((feature) => `server/${feature}`) },
  { layer: 5, name: 'aplicação HTTP e dados de demonstração', areas: ['server/http', 'server/demo'] },
  { layer: 6, name: 'processo', areas: ['server/main.ts', 'server/runtime'] },
];

/**
 * The client's areas and their layers: the screens (custom/) stand on the generated catalogues
 * (resources/), both on the frame and the pieces every screen shares (layout/), that on the theme
 * and the session, and all on the HTTP client and src/domain; the protected area (App.tsx) gathers
 * the screens, and the entry (main.tsx, publicApp/) picks the first page and loads the rest.
 */
export const CLIENT_LAYERS: Layer[] = [
  { layer: 0, name: 'domínio compartilhado com o servidor', areas: ['src/domain'] },
  { layer: 1, name: 'cliente HTTP, textos do react-admin, service worker', areas: ['src/dataProvider', 'src/i18n', 'src/serviceWorker'] },
  { layer: 2, name: 'sessão e tema', areas: ['src/authProvider', 'src/theme'] },
  { layer: 3, name: 'moldura e peças comuns das telas', areas: ['src/layout'] },
  { layer: 4, name: 'cadastros declarados e o gerador das suas telas', areas: ['src/resources'] },
  { layer: 5, name: 'telas escritas à mão', areas: ['src/custom'] },
  { layer: 6, name: 'área protegida (react-admin)', areas: ['src/App.tsx'] },
  { layer: 7, name: 'entrada: primeira página, tabela de rotas e cascas', areas: ['src/main.tsx', 'src/publicApp'] },
];

export type Side = 'server' | 'client';

/** The side a file is on: its imports are judged against that side's layers (src/domain is on both). */
export const sideOf = (file: string): Side => (file.startsWith('server/') ? 'server' : 'client');

/** A module of a feature's HTTP handlers (served by server/http/routeTable.ts): other features may not import it. */
export const isRoutesModule = (file: string) => /(^|\/)handlers\.ts$|Handlers\.ts$/.test(file);

export interface Place {
  layer: number;
  area: string;
}

/** Where `file` sits among the layers of `side` (by default its own), or null outside them. */
export function placeOf(file: string, side: Side = sideOf(file)): Place | null {
  for (const { layer, areas } of side === 'server' ? SERVER_LAYERS : CLIENT_LAYERS) {
    for (const area of areas) {
      if (file === area || file.startsWith(`${area}/`)) return { layer, area };
    }
  }
  return null;
}

/** file → the project files it imports (type-only and dynamic imports included), paths relative to the root. */
export type ImportGraph = Map<string, string[]>;

function sourceFiles(root: string, dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) return name === 'migrations' ? [] : sourceFiles(root, path);
    // A declaration file (.d.ts) types a package or an asset: it imports no code of the project.
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(root: string, from: string, specifier: string): string | null {
  const base = normalize(join(dirname(from), specifier));
  for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`, base]) {
    if (existsSync(join(root, candidate)) && statSync(join(root, candidate)).isFile()) return candidate;
  }
  return null;
}

/** The relative imports of every file under server/ and src/. */
export function readImportGraph(root: string): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of [...sourceFiles(root, 'server'), ...sourceFiles(root, 'src')]) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
    const targets = importedFiles
      .map(({ fileName }) => fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolveImport(root, file, specifier) ?? relative(root, join(root, dirname(file), specifier)));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The strongly connected components with more than one member (or a self-import): the cycles. */
export function cyclesOf(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const lowOf = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    indexOf.set(node, index);
    lowOf.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        lowOf.set(node, Math.min(lowOf.get(node)!, lowOf.get(next)!));
      } else if (onStack.has(next)) {
        lowOf.set(node, Math.min(lowOf.get(node)!, indexOf.get(next)!));
      }
    }
    if (lowOf.get(node) === indexOf.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node);
  return cycles;
}

/** Every arrow against the layers, as readable lines ('a → b: why'). */
export function arrowViolations(graph: ImportGraph): string[] {
  const violations: string[] = [];
  const areaGraph = new Map<string, string[]>();
  for (const [file, targets] of graph) {
    const side = sideOf(file);
    const from = placeOf(file, side);
    if (!from) {
      violations.push(`${file}: fora de qualquer camada (acrescente a pasta em ${side === 'server' ? 'SERVER_LAYERS' : 'CLIENT_LAYERS'})`);
      continue;
    }
    for (const target of targets) {
      const to = placeOf(target, side);
      if (from.area === 'src/domain' && to?.area !== 'src/domain') {
        violations.push(`${file} → ${target}: src/domain não importa nada fora de src/domain`);
        continue;
      }
      if (!to) {
        violations.push(`${file} → ${target}: ${side === 'server' ? 'importa fora de server/ e src/domain' : 'importa fora de src/'}`);
        continue;
      }
      if (to.layer > from.layer) violations.push(`${file} → ${target}: camada ${from.layer} importa a camada ${to.layer}, acima`);
      if (to.area === from.area) continue;
      if (side === 'server' && to.layer === from.layer && from.layer === 5) violations.push(`${file} → ${target}: http/ e demo/ não se importam`);
      if (side === 'server' && to.layer === 4 && from.layer === 4 && isRoutesModule(target)) {
        violations.push(`${file} → ${target}: uma funcionalidade importa o serviço de outra, nunca as rotas`);
      }
      areaGraph.set(from.area, [...new Set([...(areaGraph.get(from.area) ?? []), to.area])]);
    }
  }
  for (const cycle of cyclesOf(areaGraph)) violations.push(`pastas em ciclo: ${cycle.join(' ↔ ')}`);
  return violations;
}

/** A value import of drizzle-orm (its query builders and operators); `import type` is a type only. */
const QUERY_BUILDER_IMPORT = /^import\s+(?!type\s)[^;]*?from\s+['"]drizzle-orm(\/[^'"]*)?['"]/m;

export const importsQueryBuilders = (source: string): boolean => QUERY_BUILDER_IMPORT.test(source);

/**
 * Route files that build SQL: a routes module only parses, checks permission, calls its feature's
 * queries and answers (docs/architecture.md), so its queries can be read and tested apart.
 */
export function routesWithQueries(root: string, graph: ImportGraph): string[] {
  return [...graph.keys()].filter((file) => file.startsWith('server/') && isRoutesModule(file) && importsQueryBuilders(readFileSync(join(root, file), 'utf8')));
}
