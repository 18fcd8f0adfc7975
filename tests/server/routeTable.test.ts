/**
 * The server's route table (server/http/routeTable.ts, docs/architecture.md "De uma URL ao código")
 * is the whole API: every route Fastify registers comes from one of its rows (apart from the
 * documented infrastructure below), every row is registered, a row's key is its URL, and every
 * operation of the OpenAPI document is one row's.
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_BASES } from '../../src/domain/endpointPaths';
import type { Contract } from '../../src/domain/contract';
import type { Row, RouteTable } from '../../server/http/routeTable';
import { createTestApp, type TestApp } from './helpers';
import { operationsOf, type OpenApiDocument } from './fuzz/document';

/** What the app registered, seen as it happened: every route's options, and the table it was made from. */
const seen = vi.hoisted(() => ({ routes: [] as RouteOptions[], tables: [] as RouteTable[] }));

vi.mock('fastify', async (importOriginal) => {
  const fastify = await importOriginal<typeof import('fastify')>();
  const watched = ((options?: object) => {
    const app = fastify.default(options);
    app.addHook('onRoute', (route) => void seen.routes.push(route));
    return app;
  }) as unknown as typeof fastify.default;
  return { ...fastify, default: watched };
});

vi.mock('../../server/http/routeTable', async (importOriginal) => {
  const table = await importOriginal<typeof import('../../server/http/routeTable')>();
  return {
    ...table,
    routeTable: async (...args: Parameters<typeof table.routeTable>) => {
      const rows = await table.routeTable(...args);
      seen.tables.push(rows);
      return rows;
    },
  };
});

/**
 * Routes that are no endpoint of the API, registered beside the table: the API's document and its
 * reader (server/http/openapi/plugin.ts). The metrics (server/http/metrics.ts, only with
 * METRICS_TOKEN) and the SPA's files (server/http/plugins/spa.ts, by server/main.ts) are not
 * registered by the app the tests build.
 */
const INFRASTRUCTURE = (url: string) => url === '/api/openapi.json' || url === '/api/docs' || url.startsWith('/api/docs/');

const urlOf = (contract: Contract) => `${API_BASES[contract.base]}/${contract.path}`;

/**
 * The `METHOD url`s a row registers (a contract at the base's root, path '', also answers at the
 * base without the final slash: Fastify adds that one itself, without telling onRoute).
 */
function registeredBy(row: Row): string[] {
  const contracted = row.contracts.map((contract) => `${contract.method} ${urlOf(contract)}`);
  const uncontracted = (row.uncontracted ?? []).map((route) => {
    const [method, path] = route.split(' ');
    return `${method} ${API_BASES[row.base]}${path}`;
  });
  return [...contracted, ...uncontracted];
}

let t: TestApp;
let table: RouteTable;
let document: OpenApiDocument;
beforeAll(async () => {
  t = await createTestApp();
  expect(seen.tables).toHaveLength(1);
  table = seen.tables[0]!;
  document = (await t.app.inject({ url: '/api/openapi.json' })).json();
}, 60_000);
afterAll(() => t.close());

describe('the route table', () => {
  it('is what Fastify registered: every route comes from a row, every row is registered', () => {
    const registered = seen.routes
      .filter((route) => !INFRASTRUCTURE(route.url))
      .flatMap((route) => [route.method].flat().map((method) => `${method} ${route.url}`))
      // Fastify adds a HEAD beside each GET by itself.
      .filter((route) => !route.startsWith('HEAD '));
    const expected = Object.values(table).flatMap(registeredBy);
    expect(registered.length).toBeGreaterThan(100);
    expect(new Set(registered).size).toBe(registered.length);
    expect([...registered].sort()).toEqual([...expected].sort());
  });

  it('keys each row by its method and URL, so a search for a URL finds its row', () => {
    const rows = Object.entries(table);
    for (const [key, row] of rows) {
      if (row.contracts.length === 1) expect(key).toBe(`${row.contracts[0]!.method} ${urlOf(row.contracts[0]!)}`);
      else expect(key).toContain(`${API_BASES[row.base]}/`);
    }
    // Generated sets: the catalogues, billing's franchise, the providers' own record, the unknown catalogue's 400.
    expect(rows.filter(([, row]) => row.contracts.length !== 1).map(([key]) => key)).toHaveLength(4);
  });

  it('serves each contract from one row only', () => {
    const contracts = Object.values(table).flatMap((row) => row.contracts);
    expect(new Set(contracts).size).toBe(contracts.length);
  });

  it('describes every operation of the document by one row, whose access the document states', () => {
    const byUrl = new Map<string, Row[]>();
    for (const row of Object.values(table)) {
      for (const route of registeredBy(row)) byUrl.set(route, [...(byUrl.get(route) ?? []), row]);
    }
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(100);
    for (const { key, operation } of operations) {
      const [method, path] = key.split(' ');
      const rowsOf = byUrl.get(`${method} ${path!.replaceAll(/\{(\w+)\}/g, ':$1')}`) ?? [];
      expect(rowsOf, key).toHaveLength(1);
      // Behind the token exactly when the row is in the authenticated scope.
      expect(operation.security !== undefined, key).toBe(rowsOf[0]!.access !== 'public');
    }
  });
});
