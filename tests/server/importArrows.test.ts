import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { arrowViolations, cyclesOf, importsQueryBuilders, placeOf, readImportGraph, routesWithQueries, type ImportGraph } from './importArrows';

const root = fileURLToPath(new URL('../..', import.meta.url));
const graph = readImportGraph(root);

/** The real graph with some arrows added, to show the checks catch what they claim to. */
function withArrows(...arrows: [string, string][]): ImportGraph {
  const changed = new Map([...graph].map(([file, targets]) => [file, [...targets]]));
  for (const [from, to] of arrows) changed.set(from, [...(changed.get(from) ?? []), to]);
  return changed;
}

describe('import arrows of the server', () => {
  it('reads the imports of every server file', () => {
    // A reader that found nothing would pass every check below.
    expect(graph.size).toBeGreaterThan(150);
    expect(graph.get('server/http/app.ts')).toContain('server/http/routes.ts');
    expect(graph.get('server/missions/routes.ts')).toContain('server/shared/deps.ts');
  });

  it('has no import cycle between files', () => {
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('keeps every arrow one way: http → features → infrastructure → db → src/domain', () => {
    expect(arrowViolations(graph)).toEqual([]);
  });

  it('places every server file in a layer', () => {
    expect([...graph.keys()].filter((file) => placeOf(file) === null)).toEqual([]);
  });

  it('catches a cycle, an arrow upwards, a feature importing routes, and folders in a cycle', () => {
    const cycle = withArrows(['server/db/ids.ts', 'server/db/schema/columns.ts']);
    expect(cyclesOf(cycle)).toEqual([['server/db/ids.ts', 'server/db/schema/columns.ts']]);

    const upwards = withArrows(['server/db/client.ts', 'server/missions/rows.ts']);
    expect(arrowViolations(upwards)).toContain('server/db/client.ts → server/missions/rows.ts: camada 2 importa a camada 4, acima');
    expect(arrowViolations(withArrows(['src/domain/ids.ts', 'server/config.ts']))).toContain(
      'src/domain/ids.ts → server/config.ts: camada 0 importa a camada 1, acima',
    );

    const routes = withArrows(['server/reports/billingQuery.ts', 'server/missions/routes.ts']);
    expect(arrowViolations(routes)).toContain(
      'server/reports/billingQuery.ts → server/missions/routes.ts: uma funcionalidade importa o serviço de outra, nunca as rotas',
    );

    const folders = withArrows(['server/missions/rows.ts', 'server/reports/billingQuery.ts']);
    expect(arrowViolations(folders)).toContain('pastas em ciclo: server/missions ↔ server/reports');
  });

  it('keeps SQL out of route files: no routes module imports drizzle-orm\'s query builders', () => {
    expect(routesWithQueries(root, graph)).toEqual([]);
    // The rule sees a value import, with or without a subpath, and lets a type-only import pass.
    expect(importsQueryBuilders("import { and, eq } from 'drizzle-orm';")).toBe(true);
    expect(importsQueryBuilders("import {\n  sql,\n} from 'drizzle-orm/sql';")).toBe(true);
    expect(importsQueryBuilders("import type { SQL } from 'drizzle-orm';")).toBe(false);
  });
});
