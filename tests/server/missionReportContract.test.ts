/**
 * The mission report calls through the real data provider (createDataProvider over the app, the
 * http client's fetch answered by app.inject): the PDF arrives as a Blob the browser can save, the
 * chain check as a ChainVerification, and a refusal as an HttpError with the server's status.
 */
import type { FastifyInstance } from 'fastify';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { createDataProvider } from '../../src/dataProvider';
import { HttpError } from '../../src/dataProvider/HttpError';
import { createHttpClient } from '../../src/dataProvider/httpClient';
import { resourceEndpoints } from '../../src/resources';
import { login } from './helpers';
import { DOSSIER_EXPECTED, fillDossier } from './missionReportFixtures';
import { BASE, MISSION_ACCOUNTS, useMissionsApp, type MissionAccount, type MissionsTest } from './missionsClient';

let m: MissionsTest;
useMissionsApp((ready) => (m = ready));

/** fetch answered by app.inject, as the browser's fetch would answer from the server. */
const injectFetch =
  (app: FastifyInstance): typeof fetch =>
  async (input, init = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
    const response = await app.inject({ method: 'GET', url, headers: Object.fromEntries(new Headers(init.headers).entries()) });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) if (value !== undefined) headers.set(name, String(value));
    return new Response(new Uint8Array(response.rawPayload), { status: response.statusCode, headers });
  };

async function providerFor(who: MissionAccount) {
  const token = await login(m.t.app, MISSION_ACCOUNTS[who]);
  const httpClient = createHttpClient({ fetch: injectFetch(m.t.app), getToken: () => token, sleep: () => Promise.resolve() });
  return createDataProvider({ httpClient, endpoints: resourceEndpoints });
}

describe('mission report contract', () => {
  it('missionReportPdf answers the PDF as a Blob; verifyMissionChain the chain; a refused kind rejects with 403', async () => {
    const mission = await m.started('prestador');
    await m.as.prestador.put(`${BASE}/request/${mission._id}/status`, { missionRequest: mission._id, status: 'finished' });
    await fillDossier(m.t.database.db, mission._id);

    const gestor = await providerFor('gestor');
    const blob = await gestor.missionReportPdf(mission._id, 'shipper');
    expect(blob).toBeInstanceOf(Blob);
    expect(blob.type).toBe('application/pdf');
    const parser = new PDFParse({ data: new Uint8Array(await blob.arrayBuffer()) });
    const { text } = await parser.getText();
    await parser.destroy();
    expect(text).toContain('PR-001');
    expect(text).toContain(DOSSIER_EXPECTED.finalCost.shipper);

    const chain = await gestor.verifyMissionChain(mission._id);
    expect(chain).toMatchObject({ missionRequestId: mission._id, intact: true, brokenAt: null });
    expect(chain.headHash).toMatch(/^[0-9a-f]{64}$/);

    const prestador = await providerFor('prestador');
    const refused = await prestador.missionReportPdf(mission._id, 'shipper').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(403);
    expect(await prestador.missionReportPdf(mission._id, 'provider')).toBeInstanceOf(Blob);
  });
});
