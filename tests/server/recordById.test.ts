/**
 * GET one record of every catalogue (docs/api.md: getOne fetches one record, not the whole list): the
 * paths are the shared table's (src/domain/endpoints.ts) and the rules the list's — the caller's
 * own record 200 (the same record the list shows), another tenant's 404, a malformed id 400, a
 * role that may not read the list 403.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { CATALOGUE_IDS } from '../../server/demo/seedCatalogues';
import { API_BASES, ENDPOINTS, fillPath, type EndpointName } from '../../src/domain/endpoints';
import { useCatalogueApp, type Account, type Client } from './catalogueClient';

let clients: Record<Account, Client>;
useCatalogueApp((_app, loggedIn) => {
  clients = loggedIn;
});

interface Case {
  /** Parent of a child list (its records are listed under it). */
  parentId?: string;
  /** Global tables (states, cities) belong to no tenant: every tenant reads them. */
  global?: boolean;
  /** A demo account the list's read rule refuses (none: every role reads the simple catalogues). */
  refused?: Account;
}

const CASES: Partial<Record<EndpointName, Case>> = {
  causes: {},
  carriers: {},
  places: {},
  leaderships: {},
  requesters: {},
  states: { global: true },
  cities: { global: true },
  shippers: { refused: 'prestador' },
  configs: {},
  providers: { refused: 'prestador' },
  franchises: { refused: 'prestador' },
  shippersFranchise: { parentId: CATALOGUE_IDS.shipperAndrade, refused: 'prestador' },
  franchiseProviders: { parentId: CATALOGUE_IDS.serviceArmada, refused: 'prestador' },
  providersLogin: { parentId: DEMO_IDS.provider, refused: 'operador' },
  users: { refused: 'operador' },
};

const url = (name: EndpointName, path: string, params: { id?: string; parentId?: string }) =>
  `${API_BASES[ENDPOINTS[name].base]}/${fillPath(path, params)}`;

describe('GET one record', () => {
  it('every endpoint with a list declares one record, and this test covers each', () => {
    const withOne = Object.entries(ENDPOINTS)
      .filter(([, paths]) => 'one' in paths)
      .map(([name]) => name);
    expect(withOne.sort()).toEqual(Object.keys(CASES).sort());
  });

  for (const [name, testCase] of Object.entries(CASES) as [EndpointName, Case][]) {
    it(`${name}: own record 200, another tenant's 404, malformed id 400, no read right 403`, async () => {
      const paths = ENDPOINTS[name];
      if (!('one' in paths)) throw new Error(`${name} has no one`);
      const list = await clients.gestor.get(url(name, paths.list, { parentId: testCase.parentId }));
      expect(list.statusCode).toBe(200);
      const first = list.json<{ _id: string }[]>()[0];
      if (!first) throw new Error(`${name}: the demo seed has no record to read`);

      const own = await clients.gestor.get(url(name, paths.one, { id: first._id }));
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual(first);

      const foreign = await clients.norte.get(url(name, paths.one, { id: first._id }));
      expect(foreign.statusCode).toBe(testCase.global ? 200 : 404);

      const malformed = await clients.gestor.get(url(name, paths.one, { id: 'xyz' }));
      expect(malformed.statusCode).toBe(400);

      if (testCase.refused) {
        const refused = await clients[testCase.refused].get(url(name, paths.one, { id: first._id }));
        expect(refused.statusCode).toBe(403);
      }
    });
  }
});
