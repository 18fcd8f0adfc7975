/**
 * The missions contract (docs/rules/missions.md): the data provider's typed missions methods — the exact
 * requests
 * the missions screens send (src/dataProvider/missionsApi.ts) — against the real server over the
 * contract harness (real http client, routes, authentication, tenancy and shared validation). A
 * path, body shape or answer the two sides disagree on fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { CATALOGUE_IDS } from '../../server/demo/seedCatalogues';
import { createDataProvider } from '../../src/dataProvider';
import { HttpError } from '../../src/dataProvider/HttpError';
import { MISSION_NOT_FOUND, MISSION_STATUS_NOT_UPDATED, type MissionDetail, type MonitoringSort } from '../../src/domain/missions';
import { formatFiscalKey } from '../../src/domain/validators/fiscalKey';
import type { NewMissionValues } from '../../src/domain/schemas';
import { LIST_FILTER_TOO_LONG, LIST_SORT_INVALID } from '../../src/domain/schemas/listPage';
import { resourceEndpoints } from '../../src/resources';
import { clearMissions, missionBody, proposalBody } from '../server/missionsClient';
import { createTestApp, type TestApp } from '../server/helpers';
import { signIn } from './contractHarness';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
  await clearMissions(server);
}, 120_000);
afterAll(async () => server?.close());

const providerFor = async (email: string) =>
  createDataProvider({ httpClient: (await signIn(server.app, email)).httpClient, endpoints: resourceEndpoints });

/** The status an API call failed with, and its message as the screens read it. */
async function failure(call: Promise<unknown>): Promise<[number, string]> {
  try {
    await call;
  } catch (error) {
    if (error instanceof HttpError) return [error.status, error.message];
    throw error;
  }
  throw new Error('the call succeeded');
}

describe('missions through the data provider', () => {
  it('runs a mission from creation to finish as the screens call it', async () => {
    const gestor = await providerFor('gestor@demo.com.br');
    const demo = await providerFor('prestador@demo.com.br');
    const sul = await providerFor('prestador2@demo.com.br');

    // The form sends its values as typed (masked CEP, comma decimals); the shared schema cleans them.
    const values = { ...missionBody(), location: { ...missionBody().location, latitude: '-23,5613' } } as unknown as NewMissionValues;
    const created = await gestor.createMission(values, { idempotencyKey: 'contract-mission-1' });
    expect(created).toMatchObject({ status: 'open', serviceProviderName: 'Em leilão', location: { zipcode: '01310100', latitude: -23.5613 } });
    const again = await gestor.createMission(values, { idempotencyKey: 'contract-mission-1' });
    expect(again._id).toBe(created._id);

    const page = await sul.missionsMonitoring({ page: 1, status: 'open' });
    expect(page).toMatchObject({ page: 1, total: 1, totalPages: 1 });
    expect(page.data[0]?._id).toBe(created._id);
    expect((await gestor.missionById(created._id)).shipperName).toBe('Andrade Alimentos');

    const notice = await sul.createProposal({ missionRequest: created._id, status: 'pending' });
    expect((await sul.missionsMonitoring({ page: 1 })).data[0]?.ownProposal).toEqual({ _id: notice._id, status: 'pending' });
    await sul.deleteProposal(notice._id);
    await sul.createProposal({ missionRequest: created._id, status: 'pending' });
    const offer = await demo.createProposal({ missionRequest: created._id, status: 'pending' });
    const { eta, location } = proposalBody(created._id);
    const completed = await demo.updateProposal(offer._id, { eta, location: { ...location, latitude: -23.55 } });
    expect(completed).toMatchObject({ status: 'completed', eta: { time: '00:40', distanceInKm: 12.5 } });
    expect((await gestor.missionProposals(created._id)).map((p) => p.status).sort()).toEqual(['completed', 'pending']);

    const started = await gestor.changeMissionStatus(created._id, { status: 'started', serviceProvider: DEMO_IDS.provider });
    expect(started).toMatchObject({ status: 'started', serviceProviderName: 'Pronta Resposta Demo' });
    expect((await sul.missionById(created._id)).status).toBe('rejected');
    expect((await demo.askMissionFinish(created._id)).finishingAsked).toBe(true);
    expect((await gestor.cancelMissionFinish(created._id)).finishingAsked).toBe(false);
    const finished: MissionDetail = await demo.changeMissionStatus(created._id, { status: 'finished' });
    expect(finished.status).toBe('finished');

    expect(await failure(sul.changeMissionStatus(created._id, { status: 'finished' }))).toEqual([403, MISSION_STATUS_NOT_UPDATED]);
    expect(await failure(demo.changeMissionStatus(created._id, { status: 'finished' }))).toEqual([409, MISSION_STATUS_NOT_UPDATED]);

    const events = await gestor.missionEvents(created._id);
    expect(events.map((e) => e.action)).toEqual([
      'created',
      'proposal_notice',
      'proposal_removed',
      'proposal_notice',
      'proposal_notice',
      'proposal_completed',
      'accepted',
      'finish_asked',
      'finish_request_canceled',
      'finished',
    ]);
  });

  it('answers a refused new mission with the field messages the form shows', async () => {
    const gestor = await providerFor('gestor@demo.com.br');
    const values = { ...missionBody(), shipper: CATALOGUE_IDS.shipperNorte } as unknown as NewMissionValues;
    try {
      await gestor.createMission(values);
      throw new Error('the call succeeded');
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      expect(error.status).toBe(400);
      expect(error.body).toEqual({ errors: { shipper: 'Selecione o cliente', franchise_plan: 'Selecione o serviço' } });
    }
  });

  it('searches and sorts the monitoring list as the missions screen asks, and reads a refusal', async () => {
    await clearMissions(server);
    const gestor = await providerFor('gestor@demo.com.br');
    const sul = await providerFor('prestador2@demo.com.br');
    for (const processNumber of ['BUSCA-B', 'BUSCA-A', 'OUTRA-1']) await gestor.createMission(missionBody({ processNumber }) as unknown as NewMissionValues);

    const found = await gestor.missionsMonitoring({ page: 1, q: 'busca', sort: 'processNumber', order: 'ASC' });
    expect(found).toMatchObject({ page: 1, total: 2, totalPages: 1 });
    expect(found.data.map((r) => r.processNumber)).toEqual(['BUSCA-A', 'BUSCA-B']);
    const descending = await gestor.missionsMonitoring({ page: 1, q: 'BÚSCA', sort: 'processNumber', order: 'DESC' });
    expect(descending.data.map((r) => r.processNumber)).toEqual(['BUSCA-B', 'BUSCA-A']);
    // A provider searches the open missions it sees; not by the name of a provider it competes with.
    expect((await sul.missionsMonitoring({ page: 1, q: 'busca', status: 'open' })).total).toBe(2);
    expect((await sul.missionsMonitoring({ page: 1, q: 'pronta resposta' })).total).toBe(0);

    expect(await failure(gestor.missionsMonitoring({ page: 1, q: 'x'.repeat(201) }))).toEqual([400, LIST_FILTER_TOO_LONG]);
    expect(await failure(gestor.missionsMonitoring({ page: 1, sort: 'riskManager' as MonitoringSort }))).toEqual([400, LIST_SORT_INVALID]);
  });
});

describe("the cargo's access keys through the data provider", () => {
  const NFE = '35261112ABC34501DE35550010000123451123456789';
  const CTE = '35261111222333000181570010000123451123456785';

  it('sends the new mission and the edit as the forms do, reads them back, and reads a refusal in Portuguese', async () => {
    const gestor = await providerFor('gestor@demo.com.br');
    const sul = await providerFor('prestador2@demo.com.br');
    // The form's text box: one key per line, typed in groups of four and in lower case.
    const values = { ...missionBody(), processNumber: 'PR-CHAVES', fiscalKeys: { nfe: formatFiscalKey(NFE).toLowerCase(), cte: '', mdfe: '' } } as unknown as NewMissionValues;
    const created = await gestor.createMission(values, { idempotencyKey: 'contract-fiscal-1' });
    expect(await gestor.missionFiscalKeys(created._id)).toEqual({ nfe: [NFE], cte: [], mdfe: [] });
    expect(await gestor.saveMissionFiscalKeys(created._id, { nfe: [NFE], cte: [CTE], mdfe: [] })).toEqual({ nfe: [NFE], cte: [CTE], mdfe: [] });
    expect((await gestor.missionsMonitoring({ page: 1, q: formatFiscalKey(CTE) })).data.map((m) => m._id)).toEqual([created._id]);
    expect(await failure(gestor.saveMissionFiscalKeys(created._id, { nfe: [CTE], cte: [], mdfe: [] }))).toEqual([400, 'Chave de NF-e inválida: o modelo (posições 21–22) deve ser 55']);
    expect(await failure(sul.missionFiscalKeys(created._id))).toEqual([404, MISSION_NOT_FOUND]);
  });
});
