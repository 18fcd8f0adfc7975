import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_NOT_ALLOWED, INVALID_TYPE } from '../../src/domain/messages';
import { FISCAL_KEYS_LOCKED, type MissionDetail, type MissionEvent, type MonitoringPage } from '../../src/domain/missions';
import type { MissionFiscalKeys } from '../../src/domain/missions/fiscalKeyContracts';
import { formatFiscalKey } from '../../src/domain/validators/fiscalKey';
import { auditLog, missionFiscalKeys, missions } from '../../server/db/schema';
import { JSON_TOO_DEEP } from '../../server/http/plugins/jsonBody';
import { CATALOGUE_IDS } from '../../server/demo/seedCatalogues';
import { login } from './helpers';
import { textOf } from './missionReportFixtures';
import { BASE, MISSION_ACCOUNTS, missionBody, useMissionsApp, type MissionAccount, type MissionsTest } from './missionsClient';

/**
 * The cargo's NF-e, CT-e and MDF-e access keys on a mission (docs/rules/fiscal-documents.md): set by
 * the risk manager on the new mission and with PUT request/{id}/fiscal-keys, read by whoever reads
 * the mission (never another tenant, never a provider that does not hold it), found by the missions
 * search, refused in Portuguese when a key is not one of its kind.
 */

let m: MissionsTest;
useMissionsApp((ready) => {
  m = ready;
});

const NFE = '35261111222333000181550010000123451123456788';
const NFE_ALPHA = '35261112ABC34501DE35550010000123451123456789';
const CTE = '35261111222333000181570010000123451123456785';
const MDFE = '35261112ABC34501DE35580010000123451123456780';

const keysUrl = (id: string) => `${BASE}/request/${id}/fiscal-keys`;

async function keysSeenBy(who: MissionAccount, id: string): Promise<{ status: number; keys?: MissionFiscalKeys }> {
  const response = await m.as[who].get(keysUrl(id));
  return response.statusCode === 200 ? { status: 200, keys: response.json<MissionFiscalKeys>() } : { status: response.statusCode };
}

async function found(who: MissionAccount, q: string): Promise<string[]> {
  const response = await m.as[who].get(`${BASE}/request/monitoring?${new URLSearchParams({ q })}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MonitoringPage>().data.map((row) => row._id);
}

const storedKeys = (id: string) => m.t.database.db.select().from(missionFiscalKeys).where(eq(missionFiscalKeys.mission, id)).orderBy(missionFiscalKeys.kind, missionFiscalKeys.position);

describe('fiscal keys on a mission', () => {
  it('the new mission keeps its keys normalised; the risk manager replaces them, with a timeline event and an audit entry', async () => {
    const mission = await m.create({ fiscalKeys: { nfe: `${formatFiscalKey(NFE).toLowerCase()}\n${NFE_ALPHA}`, cte: [CTE] } });
    expect((await keysSeenBy('gestor', mission._id)).keys).toEqual({ nfe: [NFE, NFE_ALPHA], cte: [CTE], mdfe: [] });
    expect((await keysSeenBy('operador', mission._id)).keys).toEqual({ nfe: [NFE, NFE_ALPHA], cte: [CTE], mdfe: [] });

    const replaced = await m.as.gestor.put(keysUrl(mission._id), { nfe: [NFE_ALPHA], cte: [], mdfe: [formatFiscalKey(MDFE)] });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toEqual({ nfe: [NFE_ALPHA], cte: [], mdfe: [MDFE] });
    expect((await keysSeenBy('gestor', mission._id)).keys).toEqual({ nfe: [NFE_ALPHA], cte: [], mdfe: [MDFE] });
    expect((await m.events(mission._id)).map((e) => e.action)).toEqual(['created', 'fiscal_keys_changed']);
    const [entry] = await m.t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'missionFiscalKeys'));
    expect(entry).toMatchObject({ action: 'update', recordId: mission._id, actorEmail: 'gestor@demo.com.br' });

    // The same keys again change nothing: no second event.
    expect((await m.as.gestor.put(keysUrl(mission._id), { nfe: [NFE_ALPHA], mdfe: [MDFE] })).statusCode).toBe(200);
    expect((await m.events(mission._id)).map((e) => e.action)).toEqual(['created', 'fiscal_keys_changed']);
  });

  it('whoever reads the mission reads its keys: never another tenant, a competitor or the tech profile; only the risk manager writes them', async () => {
    // Held by Pronta Resposta Demo; Escolta Sul bid and lost.
    const mission = await m.started('prestador');
    expect((await m.as.gestor.put(keysUrl(mission._id), { nfe: [NFE] })).statusCode).toBe(200);
    const open = await m.create({ fiscalKeys: { cte: [CTE] } });
    await m.as.prestador.post(`${BASE}/proposals`, { missionRequest: open._id, status: 'pending' });

    const expected: Record<MissionAccount, number> = { admin: 200, gestor: 200, operador: 200, prestador: 200, sul: 404, norte: 404, ti: 403 };
    for (const [who, status] of Object.entries(expected) as [MissionAccount, number][]) {
      expect((await keysSeenBy(who, mission._id)).status, who).toBe(status);
    }
    // A provider bidding on an open mission does not hold it: the cargo's documents are not yet its business.
    expect((await keysSeenBy('prestador', open._id)).status).toBe(404);

    const writes: Record<MissionAccount, number> = { admin: 403, prestador: 403, sul: 404, norte: 404, ti: 403, gestor: 200, operador: 200 };
    for (const [who, status] of Object.entries(writes) as [MissionAccount, number][]) {
      if (status === 200) continue;
      expect((await m.as[who].put(keysUrl(mission._id), { nfe: [], cte: [CTE] })).statusCode, who).toBe(status);
    }
    expect((await keysSeenBy('gestor', mission._id)).keys).toEqual({ nfe: [NFE], cte: [], mdfe: [] });

    // The timeline's event reaches the holder, never the provider that lost.
    const holderEvents = await m.as.prestador.get(`${BASE}/${mission._id}/events`);
    expect(holderEvents.json<MissionEvent[]>().map((e) => e.action)).toContain('fiscal_keys_changed');
    const loser = await m.as.sul.get(`${BASE}/${mission._id}/events`);
    if (loser.statusCode === 200) expect(loser.json<MissionEvent[]>().map((e) => e.action)).not.toContain('fiscal_keys_changed');
    else expect(loser.statusCode).toBe(404);
  });

  it('the missions search finds a mission by its key, bare or in groups of four, within the tenant and only for its holder', async () => {
    const held = await m.started('prestador');
    expect((await m.as.gestor.put(keysUrl(held._id), { nfe: [NFE], mdfe: [MDFE] })).statusCode).toBe(200);
    const open: MissionDetail = await m.create({ processNumber: 'PR-OPEN', fiscalKeys: { cte: [CTE] } });
    await m.as.prestador.post(`${BASE}/proposals`, { missionRequest: open._id, status: 'pending' });

    expect(await found('gestor', NFE)).toEqual([held._id]);
    expect(await found('gestor', formatFiscalKey(NFE))).toEqual([held._id]);
    expect(await found('gestor', formatFiscalKey(MDFE).toLowerCase())).toEqual([held._id]);
    expect(await found('admin', NFE)).toEqual([held._id]);
    expect(await found('prestador', NFE)).toEqual([held._id]);
    // Another tenant, the provider that lost, a bidder of an open mission: nothing.
    expect(await found('norte', NFE)).toEqual([]);
    expect(await found('sul', NFE)).toEqual([]);
    expect(await found('prestador', CTE)).toEqual([]);
    // Another tenant's mission carrying the same key: each tenant finds its own only.
    const norte = await m.as.norte.post(`${BASE}/request`, {
      shipper: CATALOGUE_IDS.shipperNorte,
      franchise_plan: '5f0000410000000000000004',
      requester: CATALOGUE_IDS.requesterNorte,
      location: { zipcode: '69005-010', address: 'Rua Teste', number: '1', neighborhood: 'Centro', city: 'Manaus', state: 'AM', latitude: -3.1, longitude: -60 },
      fiscalKeys: { cte: [CTE] },
    });
    expect(norte.statusCode, norte.body).toBe(201);
    const norteId = norte.json<MissionDetail>()._id;
    expect(await found('norte', CTE)).toEqual([norteId]);
    expect(await found('gestor', CTE)).toEqual([open._id]);
    expect((await keysSeenBy('gestor', norteId)).status).toBe(404);
    expect((await found('admin', CTE)).sort()).toEqual([open._id, norteId].sort());
  });

  it('bad keys and bad bodies are refused in Portuguese, nothing created or changed', async () => {
    const refused = await m.as.gestor.post(`${BASE}/request`, missionBody({ fiscalKeys: { nfe: [CTE] } }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ errors: unknown[] }>().errors).toEqual([
      expect.objectContaining({ path: 'fiscalKeys.nfe', message: 'Chave de NF-e inválida: o modelo (posições 21–22) deve ser 55' }),
    ]);
    expect(await m.t.database.db.select().from(missions)).toEqual([]);

    const mission = await m.create({ fiscalKeys: { nfe: [NFE] } });
    const before = await storedKeys(mission._id);
    const cases: [unknown, string, string][] = [
      [{ nfe: [`${NFE.slice(0, 43)}0`] }, 'nfe', 'Chave de NF-e inválida: o dígito verificador não confere'],
      [{ cte: [NFE, CTE] }, 'cte', 'Chave de CT-e inválida (1ª): o modelo (posições 21–22) deve ser 57'],
      [{ mdfe: [MDFE.slice(0, 40)] }, 'mdfe', 'Chave de MDF-e inválida: deve ter 44 caracteres (tem 40)'],
      [{ nfe: [NFE, NFE] }, 'nfe', 'Chave de NF-e repetida'],
      [{ nfe: 44 }, 'nfe', INVALID_TYPE],
      [{ nfe: [{ key: NFE }] }, 'nfe.0', INVALID_TYPE],
      [{ nfe: [`${NFE}\u0000`] }, 'nfe.0', CONTROL_CHARACTERS_NOT_ALLOWED],
      [{ nfe: ['9'.repeat(5000)] }, 'nfe.0', 'Chave de NF-e inválida: texto longo demais'],
      [[NFE], '', INVALID_TYPE],
    ];
    for (const [body, path, message] of cases) {
      const response = await m.as.gestor.put(keysUrl(mission._id), body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json<{ errors: unknown[] }>().errors, JSON.stringify(body).slice(0, 80)).toEqual(
        expect.arrayContaining([expect.objectContaining({ path, message })]),
      );
    }
    const deep = `{"nfe":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    const token = await login(m.t.app, MISSION_ACCOUNTS.gestor);
    const tooDeep = await m.t.app.inject({ method: 'PUT', url: keysUrl(mission._id), headers: { 'x-access-token': token, 'content-type': 'application/json' }, payload: deep });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json()).toEqual({ error: JSON_TOO_DEEP });
    expect(await storedKeys(mission._id)).toEqual(before);
    expect((await m.events(mission._id)).map((e) => e.action)).toEqual(['created']);
  });

  it("the mission PDF prints the keys in groups of four for whoever may have it, never for a competitor", async () => {
    const mission = await m.started('prestador');
    expect((await m.as.gestor.put(keysUrl(mission._id), { nfe: [NFE_ALPHA], cte: [CTE] })).statusCode).toBe(200);
    const pdf = (who: MissionAccount) => m.as[who].get(`/api/reports/missionDetail/pdf?missionRequestId=${mission._id}&type=simple`);
    for (const who of ['gestor', 'prestador'] as const) {
      const text = await textOf(await pdf(who));
      expect(text).toContain('Documentos fiscais da carga');
      expect(text).toContain(formatFiscalKey(NFE_ALPHA));
      expect(text).toContain(formatFiscalKey(CTE));
    }
    expect((await pdf('sul')).statusCode).toBe(404);
    expect((await pdf('norte')).statusCode).toBe(404);
  });

  it('a billed or canceled mission keeps its keys (409)', async () => {
    const mission = await m.create({ fiscalKeys: { nfe: [NFE] } });
    for (const status of ['billed_shipper', 'canceled'] as const) {
      await m.t.database.db.update(missions).set({ status }).where(eq(missions.id, mission._id));
      const response = await m.as.gestor.put(keysUrl(mission._id), { nfe: [] });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: FISCAL_KEYS_LOCKED });
    }
    expect((await keysSeenBy('gestor', mission._id)).keys?.nfe).toEqual([NFE]);
  });
});
