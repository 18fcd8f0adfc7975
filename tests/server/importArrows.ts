/**
 * The server's import arrows (docs/architecture.md): every file sits in one layer, and imports
 * only its own layer or the layers below. Within a layer, folders import each other in one direction
 * only, and a feature never imports another feature's routes (only its services). No file cycles.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import ts from 'typescript';

/** The features (layer 4): each folder holds its routes, its services and stores, and its formats. */
export const FEATURES = ['auth', 'catalogues', 'companies', 'pricing', 'missions', 'billing', 'reports', 'live', 'storage', 'address', 'contact', 'themes', 'audit', 'tracking'];

/** Each area (a folder, or a single file) and its layer; lower layers never import higher ones. */
export const LAYERS: { layer: number; name: string; areas: string[] }[] = [
  { layer: 0, name: 'domínio compartilhado com o cliente', areas: ['src/domain'] },
  { layer: 1, name: 'configuração e erros HTTP', areas: ['server/config.ts', 'server/errors'] },
  { layer: 2, name: 'banco', areas: ['server/db'] },
  { layer: 3, name: 'infraestrutura', areas: ['server/cache', 'server/mail', 'server/files', 'server/shared', 'server/audit/record.ts'] },
  { layer: 4, name: 'funcionalidades', areas: FEATURES.map((feature) => `server/${feature}`) },
  { layer: 5, name: 'aplicação HTTP e dados de demonstração', areas: ['server/http', 'server/demo'] },
  { layer: 6, name: 'processo', areas: ['server/main.ts', 'server/runtime'] },
];

/** A module that registers HTTP routes: other features may not import it. */
export const isRoutesModule = (file: string) => /(^|\/)routes\.ts$|Routes\.ts$/.test(file);

export interface Place {
  layer: number;
  area: string;
}

export function placeOf(file: string): Place | null {
  for (const { layer, areas } of LAYERS) {
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
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

function resolveImport(root: string, from: string, specifier: string): string | null {
  const base = normalize(join(dirname(from), specifier));
  for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`, base]) {
    if (existsSync(join(root, candidate)) && statSync(join(root, candidate)).isFile()) return candidate;
  }
  return null;
}

/** The relative imports of every file under server/ and src/domain. */
export function readImportGraph(root: string): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of [...sourceFiles(root, 'server'), ...sourceFiles(root, 'src/domain')]) {
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
    const from = placeOf(file);
    if (!from) {
      violations.push(`${file}: fora de qualquer camada (acrescente a pasta em LAYERS)`);
      continue;
    }
    for (const target of targets) {
      const to = placeOf(target);
      if (!to) {
        violations.push(`${file} → ${target}: importa fora de server/ e src/domain`);
        continue;
      }
      if (to.layer > from.layer) violations.push(`${file} → ${target}: camada ${from.layer} importa a camada ${to.layer}, acima`);
      if (to.area === from.area) continue;
      if (to.layer === from.layer && from.layer === 5) violations.push(`${file} → ${target}: http/ e demo/ não se importam`);
      if (to.layer === 4 && from.layer === 4 && isRoutesModule(target)) {
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
