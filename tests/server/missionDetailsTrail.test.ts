/**
 * The trace of a running mission's details: every add, change and delete of a vehicle, occurrence,
 * agent (its odometer readings) and attachment is an event of the mission's hash-chained timeline
 * (who, when, the item and what changed) and an entry of the audit trail, in the write's own
 * transaction; the timeline entries reach whoever may read the mission and nobody else.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MissionDetailsResponse } from '../../src/domain/missionDetails';
import type { MissionEvent } from '../../src/domain/missions';
import type { ChainVerification } from '../../src/domain/reports';
import { auditLog } from '../../server/db/schema';
import { login } from './helpers';
import { multipart, PDF } from './missionFixtures';
import { textOf } from './missionReportFixtures';
import { BASE, useMissionsApp, type MissionAccount, type MissionsTest } from './missionsClient';

let m: MissionsTest;
useMissionsApp((ready) => (m = ready));
let holderToken = '';
beforeAll(async () => {
  holderToken = await login(m.t.app, 'prestador@demo.com.br');
});

const DETAIL_ACTIONS = /^(vehicle|occurrence|agent|attachment)_/;
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 11, minutes)).toISOString();
const reading = (km: number, minutes: number) => ({ km, time: at(minutes) });
const odometer = { start: reading(100, 0), arrivalOnPlace: reading(110, 30), endOnPlace: reading(120, 90), end: reading(130, 150) };
const vehicle = { driver: 'João', driverPIN: '529.982.247-25', type: 'car', plate: 'abc1d23', year: 2020 };
const occurrence = { date: at(10), type: 'theft', description: 'Tentativa na BR-116', city: 'São Paulo', state: 'SP' };

async function ok(response: Promise<{ statusCode: number; body: string }>, status = 200): Promise<MissionDetailsResponse> {
  const r = await response;
  expect(r.statusCode, r.body).toBe(status);
  return JSON.parse(r.body) as MissionDetailsResponse;
}

const detailEvents = async (who: MissionAccount, mission: string) => {
  const r = await m.as[who].get(`${BASE}/${mission}/events`);
  expect(r.statusCode, `${who} ${r.body}`).toBe(200);
  return r.json<MissionEvent[]>().filter((e) => DETAIL_ACTIONS.test(e.action));
};

/** A started mission (held by Pronta Resposta, lost by Escolta Sul) with one write of every kind. */
async function writtenMission(): Promise<string> {
  const { _id: id } = await m.started('prestador');
  const { gestor, prestador } = m.as;
  const v = (await ok(gestor.post(`${BASE}/${id}/vehicles`, vehicle), 201)).vehiclesDisplay[0];
  await ok(gestor.put(`${BASE}/${id}/vehicles`, { ...vehicle, color: 'Prata', createdAt: v?.createdAt }));
  const o = (await ok(prestador.post(`${BASE}/${id}/ocurrencies`, occurrence), 201)).ocurrenciesDisplay[0];
  await ok(prestador.put(`${BASE}/${id}/ocurrencies`, { ...occurrence, type: 'attempt', createdAt: o?.createdAt }));
  await ok(prestador.del(`${BASE}/${id}/ocurrencies?createdAt=${o?.createdAt}`));
  const a = (await ok(prestador.post(`${BASE}/${id}/securityagents`, { name: 'Carlos', odometer }), 201)).securityAgentsDisplay[0];
  await ok(prestador.put(`${BASE}/${id}/securityagents`, { name: 'Carlos', odometer: { ...odometer, end: reading(142.5, 160) }, createdAt: a?.createdAt }));
  const form = multipart({ description: 'Nota fiscal' }, [{ name: 'file', filename: 'nf.pdf', type: 'application/pdf', bytes: PDF }]);
  const added = await ok(
    m.t.app.inject({ method: 'POST', url: `${BASE}/${id}/attachments`, payload: form.payload, headers: { ...form.headers, 'x-access-token': holderToken } }),
    201,
  );
  const file = added.attachments[0];
  await ok(prestador.put(`${BASE}/${id}/attachments`, { createdAt: file?.createdAt, description: 'Nota fiscal da carga' }));
  await ok(prestador.del(`${BASE}/${id}/attachments?createdAt=${file?.createdAt}`));
  await ok(gestor.del(`${BASE}/${id}/vehicles?createdAt=${v?.createdAt}`));
  return id;
}

describe('mission details on the timeline and in the audit trail', () => {
  it('each add, change and delete is a timeline event naming who, the item and what changed, and an audit entry', async () => {
    const id = await writtenMission();
    const events = await detailEvents('gestor', id);
    const summary = events.map((e) => [e.action, e.actor.name, e.actor.roleType, e.change?.item]);
    expect(summary).toEqual([
      ['vehicle_added', 'Gestor Demo', 'risk_manager', 'ABC1D23'],
      ['vehicle_changed', 'Gestor Demo', 'risk_manager', 'ABC1D23'],
      ['occurrence_added', 'Prestador Demo', 'service_provider', 'Roubo de 20/11/2026 08:10'],
      ['occurrence_changed', 'Prestador Demo', 'service_provider', 'Tentativa de roubo de 20/11/2026 08:10'],
      ['occurrence_removed', 'Prestador Demo', 'service_provider', 'Tentativa de roubo de 20/11/2026 08:10'],
      ['agent_added', 'Prestador Demo', 'service_provider', 'Carlos'],
      ['agent_changed', 'Prestador Demo', 'service_provider', 'Carlos'],
      ['attachment_added', 'Prestador Demo', 'service_provider', 'Nota fiscal'],
      ['attachment_changed', 'Prestador Demo', 'service_provider', 'Nota fiscal da carga'],
      ['attachment_removed', 'Prestador Demo', 'service_provider', 'Nota fiscal da carga'],
      ['vehicle_removed', 'Gestor Demo', 'risk_manager', 'ABC1D23'],
    ]);
    const change = (action: string) => events.find((e) => e.action === action)?.change?.fields;
    expect(change('vehicle_changed')).toEqual([{ field: 'Cor', before: '—', after: 'Prata' }]);
    expect(change('occurrence_changed')).toEqual([{ field: 'Tipo', before: 'Roubo', after: 'Tentativa de roubo' }]);
    expect(change('agent_changed')).toEqual([{ field: 'Fim', before: '130 km · 20/11/2026 10:30', after: '142,5 km · 20/11/2026 10:40' }]);
    expect(change('attachment_changed')).toEqual([{ field: 'Descrição', before: 'Nota fiscal', after: 'Nota fiscal da carga' }]);
    expect(change('vehicle_added')).toEqual(
      expect.arrayContaining([
        { field: 'Placa', before: '—', after: 'ABC1D23' },
        { field: 'CPF', before: '—', after: '529.982.247-25' },
      ]),
    );
    expect(change('vehicle_removed')).toContainEqual({ field: 'Cor', before: 'Prata', after: '—' });

    const entries = await m.t.database.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.entity, ['missionVehicles', 'missionOccurrences', 'missionAgents', 'missionAttachments']))
      .orderBy(auditLog.at, auditLog.id);
    expect(entries.map((e) => [e.entity, e.action, e.actorEmail])).toEqual([
      ['missionVehicles', 'create', 'gestor@demo.com.br'],
      ['missionVehicles', 'update', 'gestor@demo.com.br'],
      ['missionOccurrences', 'create', 'prestador@demo.com.br'],
      ['missionOccurrences', 'update', 'prestador@demo.com.br'],
      ['missionOccurrences', 'delete', 'prestador@demo.com.br'],
      ['missionAgents', 'create', 'prestador@demo.com.br'],
      ['missionAgents', 'update', 'prestador@demo.com.br'],
      ['missionAttachments', 'create', 'prestador@demo.com.br'],
      ['missionAttachments', 'update', 'prestador@demo.com.br'],
      ['missionAttachments', 'delete', 'prestador@demo.com.br'],
      ['missionVehicles', 'delete', 'gestor@demo.com.br'],
    ]);
    const { riskManager } = (await m.as.gestor.get(`${BASE}/request/id/${id}`)).json<{ riskManager: string }>();
    expect(new Set(entries.map((e) => e.tenant))).toEqual(new Set([riskManager]));
    expect(entries.find((e) => e.entity === 'missionAgents' && e.action === 'update')).toMatchObject({
      before: { 'odometer.end.km': 130 },
      after: { 'odometer.end.km': 142.5 },
    });
  });

  it('the mission risk manager, its holder and admin see the entries; the losing competitor, another tenant and tech do not', async () => {
    const id = await writtenMission();
    const seen = await detailEvents('gestor', id);
    expect(seen).toHaveLength(11);
    for (const who of ['operador', 'admin', 'prestador'] as const) expect(await detailEvents(who, id), who).toEqual(seen);
    // Escolta Sul bid and lost: it reads that it lost, and nothing of what the holder did since.
    expect(await detailEvents('sul', id)).toEqual([]);
    expect((await m.as.norte.get(`${BASE}/${id}/events`)).statusCode).toBe(404);
    expect((await m.as.ti.get(`${BASE}/${id}/events`)).statusCode).toBe(403);
  });

  it('the chain covers them: it verifies intact for every reader and the PDF prints the items with Cadeia íntegra', async () => {
    const id = await writtenMission();
    for (const who of ['gestor', 'prestador', 'admin'] as const) {
      const r = await m.as[who].get(`/api/reports/missionDetail/verify?missionRequestId=${id}`);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json<ChainVerification>(), who).toMatchObject({ intact: true, brokenAt: null });
    }
    const text = await textOf(await m.as.prestador.get(`/api/reports/missionDetail/pdf?missionRequestId=${id}&type=simple`));
    expect(text).toContain('Cadeia íntegra');
    expect(text).toContain('Anexo deletado — Nota fiscal da carga');
    expect(text).toContain('Veículo atualizado — ABC1D23');
  });

  it('a refused write (bad input, wrong party, unknown item, mission not running) leaves no event and no audit entry', async () => {
    const { _id: id } = await m.started('prestador');
    const before = await m.t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'missionVehicles')));
    expect((await m.as.gestor.post(`${BASE}/${id}/vehicles`, { ...vehicle, plate: 'x' })).statusCode).toBe(400);
    expect((await m.as.prestador.post(`${BASE}/${id}/vehicles`, vehicle)).statusCode).toBe(403);
    expect((await m.as.sul.post(`${BASE}/${id}/ocurrencies`, occurrence)).statusCode).toBe(404);
    expect((await m.as.gestor.del(`${BASE}/${id}/vehicles?createdAt=${at(0)}`)).statusCode).toBe(404);
    const finished = await m.as.prestador.put(`${BASE}/request/${id}/status`, { missionRequest: id, status: 'finished' });
    expect(finished.statusCode, finished.body).toBe(200);
    expect((await m.as.prestador.post(`${BASE}/${id}/ocurrencies`, occurrence)).statusCode).toBe(409);
    expect(await detailEvents('gestor', id)).toEqual([]);
    expect(await m.t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'missionVehicles'))).toEqual(before);
  });
});
