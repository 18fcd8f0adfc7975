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

describe('import arrows of the server and the client', () => {
  it('reads the imports of every server and client file, static, dynamic and type-only', () => {
    // A reader that found nothing would pass every check below.
    expect([...graph.keys()].filter((file) => file.startsWith('server/')).length).toBeGreaterThan(150);
    expect([...graph.keys()].filter((file) => file.startsWith('src/') && !file.startsWith('src/domain/')).length).toBeGreaterThan(150);
    expect(graph.get('server/http/app.ts')).toContain('server/http/routes.ts');
    expect(graph.get('server/missions/handlers.ts')).toContain('server/shared/deps.ts');
    expect(graph.get('src/App.tsx')).toContain('src/dataProvider/httpClient.ts');
    expect(graph.get('src/publicApp/pageLoaders.ts')).toContain('src/custom/landing/LandingScreen.tsx');
    expect(graph.get('src/custom/missions/DateTimeFilter.tsx')).toContain('src/custom/missions/DateTimeFilterPicker.tsx');
  });

  it('has no import cycle between files', () => {
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('keeps every arrow one way: http → features → infrastructure → db → src/domain; entry → screens → catalogues → layout → session and theme → HTTP client → src/domain', () => {
    expect(arrowViolations(graph)).toEqual([]);
  });

  it('places every file in a layer of its side', () => {
    expect([...graph.keys()].filter((file) => placeOf(file) === null)).toEqual([]);
  });

  it('catches a cycle, an arrow upwards, a feature importing routes, and folders in a cycle', () => {
    const cycle = withArrows(['server/db/ids.ts', 'server/db/schema/columns.ts']);
    expect(cyclesOf(cycle)).toContainEqual(['server/db/ids.ts', 'server/db/schema/columns.ts']);

    const upwards = withArrows(['server/db/client.ts', 'server/missions/rows.ts']);
    expect(arrowViolations(upwards)).toContain('server/db/client.ts → server/missions/rows.ts: camada 2 importa a camada 4, acima');
    expect(arrowViolations(withArrows(['src/domain/ids.ts', 'server/config.ts']))).toContain(
      'src/domain/ids.ts → server/config.ts: src/domain não importa nada fora de src/domain',
    );
    expect(arrowViolations(withArrows(['src/domain/ids.ts', 'src/dataProvider/httpClient.ts']))).toContain(
      'src/domain/ids.ts → src/dataProvider/httpClient.ts: src/domain não importa nada fora de src/domain',
    );

    const routes = withArrows(['server/reports/billingQuery.ts', 'server/missions/handlers.ts']);
    expect(arrowViolations(routes)).toContain(
      'server/reports/billingQuery.ts → server/missions/handlers.ts: uma funcionalidade importa o serviço de outra, nunca as rotas',
    );

    const folders = withArrows(['server/missions/rows.ts', 'server/reports/billingQuery.ts']);
    expect(arrowViolations(folders)).toContain('pastas em ciclo: server/missions ↔ server/reports');

    expect(arrowViolations(withArrows(['server/config.ts', 'src/layout/notify.ts']))).toContain(
      'server/config.ts → src/layout/notify.ts: importa fora de server/ e src/domain',
    );
  });

  it('catches on the client a cycle, an arrow upwards, an import of the server, and folders in a cycle', () => {
    const cycle = withArrows(['src/custom/missions/DateTimeFilterPicker.tsx', 'src/custom/missions/DateTimeFilter.tsx']);
    expect(cyclesOf(cycle)).toContainEqual(['src/custom/missions/DateTimeFilter.tsx', 'src/custom/missions/DateTimeFilterPicker.tsx']);

    expect(arrowViolations(withArrows(['src/theme/theme.ts', 'src/layout/Splash.tsx']))).toContain(
      'src/theme/theme.ts → src/layout/Splash.tsx: camada 2 importa a camada 3, acima',
    );
    expect(arrowViolations(withArrows(['src/resources/users.ts', 'src/custom/users/ResetTwoFactorButton.tsx']))).toContain(
      'src/resources/users.ts → src/custom/users/ResetTwoFactorButton.tsx: camada 4 importa a camada 5, acima',
    );
    expect(arrowViolations(withArrows(['src/custom/landing/LandingPage.tsx', 'src/publicApp/pageLoaders.ts']))).toContain(
      'src/custom/landing/LandingPage.tsx → src/publicApp/pageLoaders.ts: camada 5 importa a camada 7, acima',
    );
    expect(arrowViolations(withArrows(['src/layout/Layout.tsx', 'server/config.ts']))).toContain('src/layout/Layout.tsx → server/config.ts: importa fora de src/');

    const folders = withArrows(['src/authProvider/session.ts', 'src/theme/theme.ts'], ['src/theme/theme.ts', 'src/authProvider/session.ts']);
    expect(arrowViolations(folders)).toContain('pastas em ciclo: src/authProvider ↔ src/theme');
  });

  it('keeps SQL out of route files: no routes module imports drizzle-orm\'s query builders', () => {
    expect(routesWithQueries(root, graph)).toEqual([]);
    // The rule sees a value import, with or without a subpath, and lets a type-only import pass.
    expect(importsQueryBuilders("import { and, eq } from 'drizzle-orm';")).toBe(true);
    expect(importsQueryBuilders("import {\n  sql,\n} from 'drizzle-orm/sql';")).toBe(true);
    expect(importsQueryBuilders("import type { SQL } from 'drizzle-orm';")).toBe(false);
  });
});
