/**
 * The data provider's billing methods (src/dataProvider/billingApi.ts) against the real server
 * (contractHarness.tsx) on the seeded finished mission: each method's method and path as the
 * server received them, the body it stored, the Idempotency-Key it was sent, the abort signal
 * handed to the browser's fetch, and the answer handed back as the server sent it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_IDS } from '../../server/demo/seedCatalogues';
import { MISSION_IDS } from '../../server/demo/seedMissions';
import { createAuthApi } from '../../src/dataProvider/authApi';
import { createDataProvider } from '../../src/dataProvider';
import { createHttpClient } from '../../src/dataProvider/httpClient';
import type { BillingValues, MissionBilling, MissionBillingSide } from '../../src/domain/billing';
import { resourceEndpoints } from '../../src/resources';
import { ACCOUNTS } from '../server/catalogueClient';
import { DEMO_PASSWORD } from '../server/helpers';
import { injectFetch } from './contractHarness';
import { createUiServer, type UiServer } from './uiServer';

/** The Idempotency-Key of every write the server received, by `METHOD /path`. */
const keys: [string, string | undefined][] = [];
let server: UiServer;
beforeAll(async () => {
  server = await createUiServer({
    setup: (app) => {
      app.addHook('onRequest', (request, _reply, done) => {
        if (request.method !== 'GET') keys.push([`${request.method} ${request.url}`, request.headers['idempotency-key'] as string | undefined]);
        done();
      });
    },
  });
}, 120_000);
afterAll(async () => server?.close());
afterEach(async () => {
  await server.reset();
  keys.length = 0;
});

const MISSION = MISSION_IDS.finished;
const VALUES: BillingValues = { franchise: CATALOGUE_IDS.planAndrade, others: { toll: 1_000, expenses: 0, additions: 250, discounts: 99 } };

/** The gestor's data provider over the real server; `signals` holds the signal each fetch was given. */
async function gestor() {
  const signals: (AbortSignal | null | undefined)[] = [];
  const realFetch = injectFetch(server.app);
  let token: string | null = null;
  const httpClient = createHttpClient({
    fetch: (input, init) => {
      signals.push(init?.signal);
      return realFetch(input, init);
    },
    getToken: () => token,
  });
  token = (await createAuthApi(httpClient).login(ACCOUNTS.gestor, DEMO_PASSWORD)).token;
  server.requests.length = 0;
  signals.length = 0;
  keys.length = 0;
  return { signals, dataProvider: createDataProvider({ httpClient, endpoints: resourceEndpoints }) };
}

/** The mission's billing as the server answers it (read apart from the data provider). */
async function served(): Promise<MissionBilling> {
  const { httpClient } = await server.signedIn('gestor');
  return (await httpClient<MissionBilling>('billing', `mission/id/${MISSION}`)).data;
}

async function shipperSide(): Promise<MissionBillingSide> {
  const side = (await served()).shipper;
  if (!side) throw new Error('the risk manager sees the shipper side');
  return side;
}

describe('billing data provider methods', () => {
  it('missionBilling: GET billing mission/id/{missionId} with the abort signal', { timeout: 60_000 }, async () => {
    const { signals, dataProvider } = await gestor();
    const signal = new AbortController().signal;
    const answer = await dataProvider.missionBilling(MISSION, signal);
    expect(server.requests).toEqual([`GET /api/v1/billing/mission/id/${MISSION}`]);
    expect(signals).toEqual([signal]);
    expect(answer).toEqual(await served());
  });

  it('billingCalculus: POST billing mission/{missionBillingId}/calculus with the values and the abort signal', { timeout: 60_000 }, async () => {
    const side = await shipperSide();
    const { signals, dataProvider } = await gestor();
    const signal = new AbortController().signal;
    const answer = await dataProvider.billingCalculus(side._id, VALUES, signal);
    expect(server.requests).toEqual([`POST /api/v1/billing/mission/${side._id}/calculus`]);
    expect(signals).toEqual([signal]);
    expect(answer).toMatchObject({ others: VALUES.others });
    // A calculus stores nothing.
    expect(await shipperSide()).toEqual(side);
  });

  it('saveBilling: PUT billing mission/{missionBillingId} with the values in cents and the Idempotency-Key', { timeout: 60_000 }, async () => {
    const side = await shipperSide();
    const { dataProvider } = await gestor();
    const answer = await dataProvider.saveBilling(side._id, VALUES, { idempotencyKey: 'k-1' });
    expect(keys).toEqual([[`PUT /api/v1/billing/mission/${side._id}`, 'k-1']]);
    const stored = await shipperSide();
    expect(stored).toMatchObject({ franchise: VALUES.franchise, others: VALUES.others });
    expect(answer).toEqual(stored);
  });

  it('finalizeBilling: POST billing mission/{missionBillingId}/finalize with the values and the Idempotency-Key', { timeout: 60_000 }, async () => {
    const side = await shipperSide();
    const { dataProvider } = await gestor();
    const answer = await dataProvider.finalizeBilling(side._id, VALUES, { idempotencyKey: 'k-2' });
    expect(keys).toEqual([[`POST /api/v1/billing/mission/${side._id}/finalize`, 'k-2']]);
    const billing = await served();
    expect(billing.shipper).toMatchObject({ franchiseStatus: 'billed', others: VALUES.others });
    expect(answer).toEqual({ side: billing.shipper, missionStatus: billing.missionStatus });
  });

  it('a write without a key leaves it to the http client (which makes one per request)', { timeout: 60_000 }, async () => {
    const side = await shipperSide();
    const { dataProvider } = await gestor();
    await dataProvider.saveBilling(side._id, VALUES);
    await dataProvider.saveBilling(side._id, VALUES);
    const [first, second] = keys.map(([, key]) => key);
    expect(keys.map(([call]) => call)).toEqual([`PUT /api/v1/billing/mission/${side._id}`, `PUT /api/v1/billing/mission/${side._id}`]);
    expect(first).toEqual(expect.any(String));
    expect(second).toEqual(expect.any(String));
    expect(first).not.toBe(second);
  });
});
