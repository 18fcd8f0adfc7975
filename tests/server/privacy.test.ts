import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDataProvider } from '../../src/dataProvider';
import { createHttpClient } from '../../src/dataProvider/httpClient';
import { INVALID_CPF, INVALID_TYPE, RISK_MANAGER_REQUIRED } from '../../src/domain/messages';
import type { MissionEvent } from '../../src/domain/missions';
import { PRIVACY_MESSAGES } from '../../src/domain/privacy';
import type { AnonymiseAnswer, PrivacyIncident, PrivacyRequest, SubjectAnswer } from '../../src/domain/privacy/contracts';
import { ANONYMISED_MARKER } from '../../src/domain/privacy/eventPersonal';
import { resourceEndpoints } from '../../src/resources';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { auditLog, missionAgents, missionEventPersonal, missionVehicles, privacyIncidents, privacyRetentionRuns, rosterAgents } from '../../server/db/schema';
import { runPrivacyRetention } from '../../server/privacy/retention';
import { login } from './helpers';
import { useMissionsApp, type MissionAccount, type MissionsTest } from './missionsClient';

/**
 * LGPD (docs/rules/privacy.md): the data subject's search, export and anonymisation in one tenant,
 * the chain still verified after it, the retention and its daily pass, the requests and the
 * incidents register; who may (a tenant's Administrador, the platform admin) and who may not.
 */

let m: MissionsTest;
useMissionsApp((ready) => (m = ready));

const DRIVER = { driver: 'Joaquim Titular', driverPIN: '123.456.789-09', type: 'car', plate: 'abc1d23', year: 2020 };
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 8, minutes)).toISOString();
const AGENT = { name: 'Agente Titular', odometer: { start: { km: 100, time: at(0) }, arrivalOnPlace: null, endOnPlace: null, end: null } };
const URL = '/api/admin/privacy';

/** A mission of the demo tenant with the driver and the agent on it, finished (so nothing keeps them). */
async function missionWithPeople(): Promise<string> {
  const mission = await m.started();
  expect((await m.as.gestor.post(`/api/missions/${mission._id}/vehicles`, DRIVER)).statusCode).toBe(201);
  expect((await m.as.prestador.post(`/api/missions/${mission._id}/securityagents`, AGENT)).statusCode).toBe(201);
  await m.t.database.db.execute(sql`update missions set status = 'finished' where id = ${mission._id}`);
  return mission._id;
}

const verify = async (id: string) => (await m.as.gestor.get(`/api/reports/missionDetail/verify?missionRequestId=${id}`)).json<{ intact: boolean; events: number }>();

describe('data subject: search and export', () => {
  it('finds the driver by CPF and the agent by name in its own tenant only', async () => {
    await missionWithPeople();
    const found = await m.as.gestor.post(`${URL}/search`, { subject: '123.456.789-09' });
    expect(found.statusCode, found.body).toBe(200);
    const answer = found.json<SubjectAnswer>();
    expect(answer.kind).toBe('cpf');
    expect(answer.records.map((r) => [r.source, r.data.Motorista, r.data.CPF, r.kept])).toEqual([['drivers', DRIVER.driver, '123.456.789-09', null]]);
    const agents = (await m.as.gestor.post(`${URL}/search`, { subject: 'agente tit' })).json<SubjectAnswer>();
    expect(agents.records.filter((r) => r.source === 'agents').map((r) => r.data.Nome)).toEqual([AGENT.name]);
    // Another tenant's Administrador finds nobody; the platform admin names the tenant.
    expect((await m.as.norte.post(`${URL}/search`, { subject: '12345678909' })).json<SubjectAnswer>().records).toEqual([]);
    expect((await m.as.admin.post(`${URL}/search`, { subject: '12345678909' })).json()).toEqual({ error: RISK_MANAGER_REQUIRED });
    const byAdmin = (await m.as.admin.post(`${URL}/search`, { subject: '12345678909', riskManager: DEMO_IDS.riskManager })).json<SubjectAnswer>();
    expect(byAdmin.records).toHaveLength(1);
    // The PDF export.
    const pdf = await m.as.gestor.post(`${URL}/export/pdf`, { subject: '12345678909' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses providers, Operacional and TI (403) and bad input in Portuguese (400, nothing changed)', async () => {
    for (const who of ['operador', 'prestador', 'sul', 'ti'] as MissionAccount[]) {
      expect((await m.as[who].post(`${URL}/search`, { subject: '12345678909' })).statusCode, who).toBe(403);
      expect((await m.as[who].post(`${URL}/anonymise`, { subject: '12345678909' })).statusCode, who).toBe(403);
      expect((await m.as[who].get(`${URL}/incidents`)).statusCode, who).toBe(403);
    }
    const bad = async (body: unknown) => (await m.as.gestor.post(`${URL}/search`, body)).body;
    expect(await bad({ subject: '111.111.111-11' })).toContain(INVALID_CPF);
    expect(await bad({ subject: 'ab' })).toContain(PRIVACY_MESSAGES.subjectTooShort);
    expect(await bad({ subject: ['x'] })).toContain(INVALID_TYPE);
    expect(await bad({ subject: 'nome\u0001' })).toContain('Caracteres de controle');
    expect(await bad({})).toContain(PRIVACY_MESSAGES.subjectRequired);
  });
});

describe('data subject: anonymisation', () => {
  it('erases the driver and the agent from the tables, the timeline and its personal values; the chain still verifies', async () => {
    const id = await missionWithPeople();
    expect(await verify(id)).toMatchObject({ intact: true });
    const before = (await m.as.gestor.get(`/api/missions/${id}/events`)).json<MissionEvent[]>();
    expect(JSON.stringify(before)).toContain(DRIVER.driver);

    const driver = await m.as.gestor.post(`${URL}/anonymise`, { subject: DRIVER.driverPIN });
    expect(driver.statusCode, driver.body).toBe(200);
    expect(driver.json<AnonymiseAnswer>().counts).toMatchObject({ drivers: 1 });
    const agent = (await m.as.gestor.post(`${URL}/anonymise`, { subject: AGENT.name })).json<AnonymiseAnswer>();
    expect(agent.counts).toMatchObject({ agents: 1 });

    const db = m.t.database.db;
    expect(await db.select({ driver: missionVehicles.driver, cpf: missionVehicles.driverPin }).from(missionVehicles).where(eq(missionVehicles.mission, id))).toEqual([
      { driver: ANONYMISED_MARKER, cpf: null },
    ]);
    expect((await db.select({ name: missionAgents.name }).from(missionAgents).where(eq(missionAgents.mission, id)))[0]?.name).toBe(ANONYMISED_MARKER);
    const stored = JSON.stringify(await db.execute(sql`select e.actor_name, e.details, p.values from mission_events e left join mission_event_personal p on p.event_id = e.id where e.mission_id = ${id}`));
    for (const text of [DRIVER.driver, '123.456.789-09', '12345678909', AGENT.name]) expect(stored).not.toContain(text);
    const timeline = JSON.stringify((await m.as.gestor.get(`/api/missions/${id}/events`)).json<MissionEvent[]>());
    expect(timeline).not.toContain(DRIVER.driver);
    expect(timeline).not.toContain(AGENT.name);
    expect(timeline).toContain(ANONYMISED_MARKER);
    expect(await verify(id)).toMatchObject({ intact: true });
    // The audit trail has the counts, not the person.
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.entity, 'privacySubjects')).orderBy(sql`${auditLog.at} desc`).limit(1);
    expect(JSON.stringify(entry)).not.toContain(AGENT.name);
  });

  it("finds a provider's roster agent by CPF; keeps an active one; anonymises a deactivated one (CPF and CNV too); another tenant finds none", async () => {
    const db = m.t.database.db;
    const [agent] = await db
      .insert(rosterAgents)
      .values({ serviceProvider: DEMO_IDS.providerSul, name: 'Vigilante Titular', cpf: '24681357928', cnvNumber: 'CNV-998877', cnvValidUntil: '2030-01-01', refresherOn: '2026-01-10' })
      .returning({ id: rosterAgents.id });
    try {
      const found = (await m.as.gestor.post(`${URL}/search`, { subject: '246.813.579-28' })).json<SubjectAnswer>();
      expect(found.records.filter((r) => r.source === 'roster').map((r) => [r.data.Nome, r.data.CPF, r.data.CNV, r.data.Prestadora, r.kept !== null])).toEqual([
        ['Vigilante Titular', '246.813.579-28', 'CNV-998877', 'Escolta Sul', true],
      ]);
      expect((await m.as.norte.post(`${URL}/search`, { subject: '24681357928' })).json<SubjectAnswer>().records).toEqual([]);
      expect((await m.as.gestor.post(`${URL}/anonymise`, { subject: '24681357928' })).json<AnonymiseAnswer>().counts).toMatchObject({ roster: 0 });
      await db.update(rosterAgents).set({ active: false }).where(eq(rosterAgents.id, agent!.id));
      expect((await m.as.gestor.post(`${URL}/anonymise`, { subject: '24681357928' })).json<AnonymiseAnswer>().counts).toMatchObject({ roster: 1 });
      const [row] = await db.select().from(rosterAgents).where(eq(rosterAgents.id, agent!.id));
      expect([row?.name, row?.cnvNumber]).toEqual([ANONYMISED_MARKER, ANONYMISED_MARKER]);
      expect(row?.cpf).not.toContain('24681357928');
      expect((await m.as.gestor.post(`${URL}/search`, { subject: '24681357928' })).json<SubjectAnswer>().records).toEqual([]);
    } finally {
      await db.delete(rosterAgents).where(eq(rosterAgents.id, agent!.id));
    }
  });

  it('keeps the people of a mission still running, and a tampered personal value breaks the chain', async () => {
    const mission = await m.started();
    expect((await m.as.gestor.post(`/api/missions/${mission._id}/vehicles`, DRIVER)).statusCode).toBe(201);
    const answer = (await m.as.gestor.post(`${URL}/anonymise`, { subject: DRIVER.driverPIN })).json<AnonymiseAnswer>();
    expect(answer).toMatchObject({ counts: { drivers: 0 }, kept: 1 });
    const db = m.t.database.db;
    const [row] = await db.select().from(missionEventPersonal).where(eq(missionEventPersonal.mission, mission._id)).orderBy(sql`${missionEventPersonal.event} desc`).limit(1);
    expect(row?.key).not.toBeNull();
    await db.update(missionEventPersonal).set({ values: (row?.values ?? []).map(() => 'Outra pessoa') }).where(eq(missionEventPersonal.event, row?.event ?? ''));
    expect(await verify(mission._id)).toMatchObject({ intact: false });
  });
});

describe('retention', () => {
  it('refuses values below the legal minimum or nonsensical, in Portuguese; saves and reads them', async () => {
    const put = (body: object) => m.as.gestor.put(`${URL}/retention`, body);
    expect((await put({ positionDays: 3, missionPeopleYears: 5 })).body).toContain(PRIVACY_MESSAGES.positionDays);
    expect((await put({ positionDays: 90, missionPeopleYears: 0 })).body).toContain(PRIVACY_MESSAGES.missionPeopleYears);
    expect((await put({ positionDays: 90, missionPeopleYears: -2 })).body).toContain(PRIVACY_MESSAGES.missionPeopleYears);
    expect((await put({ positionDays: '90', missionPeopleYears: 5 })).body).toContain(INVALID_TYPE);
    expect((await m.as.gestor.get(`${URL}/retention`)).json()).toEqual({ riskManager: DEMO_IDS.riskManager, positionDays: 90, missionPeopleYears: 5 });
    expect((await put({ positionDays: 30, missionPeopleYears: 2 })).statusCode).toBe(200);
    expect((await m.as.gestor.get(`${URL}/retention`)).json()).toMatchObject({ positionDays: 30, missionPeopleYears: 2 });
    // The other tenant keeps the defaults.
    expect((await m.as.norte.get(`${URL}/retention`)).json()).toMatchObject({ positionDays: 90, missionPeopleYears: 5 });
    expect((await put({ positionDays: 90, missionPeopleYears: 5 })).statusCode).toBe(200);
  });

  it('the daily pass anonymises expired missions once a day, counts in the audit trail, and is idempotent', async () => {
    const id = await missionWithPeople();
    const db = m.t.database.db;
    await db.execute(sql`update missions set sla_finished_at = now() - interval '6 years' where id = ${id}`);
    await db.delete(privacyRetentionRuns);
    const later = new Date();
    expect(await runPrivacyRetention(db, later)).toBe(2);
    expect(await runPrivacyRetention(db, later)).toBe(0);
    await db.delete(privacyRetentionRuns);
    expect(await runPrivacyRetention(db, later)).toBe(0);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.entity, 'privacyRetention')).orderBy(sql`${auditLog.at} desc`).limit(1);
    expect(entry?.after).toMatchObject({ drivers: 1, agents: 1 });
    expect(await verify(id)).toMatchObject({ intact: true });
  });
});

describe('requests and incidents', () => {
  it('records a request with its 15-day deadline and its answer once; another tenant cannot answer it', async () => {
    const created = await m.as.gestor.post(`${URL}/requests`, { kind: 'access', requesterName: 'Joaquim', channel: 'E-mail', receivedOn: '2026-11-02', subject: '12345678909' });
    expect(created.statusCode, created.body).toBe(201);
    const request = created.json<PrivacyRequest>();
    expect(request).toMatchObject({ deadline: '2026-11-17', answer: null });
    expect((await m.as.norte.put(`${URL}/requests/${request._id}`, { answer: 'x' })).statusCode).toBe(404);
    expect((await m.as.gestor.put(`${URL}/requests/${request._id}`, { answer: 'Dados enviados em PDF' })).json<PrivacyRequest>().answeredAt).not.toBeNull();
    expect((await m.as.gestor.put(`${URL}/requests/${request._id}`, { answer: 'de novo' })).statusCode).toBe(409);
    expect((await m.as.norte.get(`${URL}/requests`)).json<PrivacyRequest[]>().map((r) => r._id)).not.toContain(request._id);
    expect((await m.as.gestor.post(`${URL}/requests`, { kind: 'access', requesterName: 'J', channel: 'E-mail', receivedOn: '2999-01-01', subject: 'Joaquim' })).body).toContain(PRIVACY_MESSAGES.dateInFuture);
  });

  it('an incident or a request whose date is a number is a Portuguese 400, not a crash', async () => {
    const incident = { occurredOn: -1e308, nature: 'Vazamento', dataCategories: 'Nome', peopleAffected: 1, measures: 'Senhas trocadas' };
    for (const [url, body] of [[`${URL}/incidents`, incident], [`${URL}/requests`, { kind: 'access', requesterName: 'Titular', channel: 'e-mail', receivedOn: 20260101, subject: 'Titular' }]] as const) {
      const refused = await m.as.gestor.post(url, body);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json<{ errors: { code: string }[] }>().errors.map((e) => e.code)).toContain('invalid_type');
    }
  });

  it('incidents: create, edit (audited), listed per tenant, never deleted before five years', async () => {
    const body = { occurredOn: '2026-10-01', nature: 'Acesso indevido', dataCategories: 'Nome, CPF', peopleAffected: 3, measures: 'Senhas trocadas', anpdNotifiedOn: '2026-10-03', subjectsNotifiedOn: null };
    const created = await m.as.gestor.post(`${URL}/incidents`, body);
    expect(created.statusCode, created.body).toBe(201);
    const incident = created.json<PrivacyIncident>();
    expect(incident.riskManager).toBe(DEMO_IDS.riskManager);
    expect((await m.as.gestor.put(`${URL}/incidents/${incident._id}`, { ...body, peopleAffected: 4 })).json<PrivacyIncident>().peopleAffected).toBe(4);
    expect((await m.as.norte.put(`${URL}/incidents/${incident._id}`, body)).statusCode).toBe(404);
    expect((await m.as.norte.get(`${URL}/incidents`)).json<PrivacyIncident[]>().map((i) => i._id)).not.toContain(incident._id);
    const removed = await m.as.gestor.del(`${URL}/incidents/${incident._id}`);
    expect(removed.statusCode).toBe(409);
    expect(removed.json()).toEqual({ error: PRIVACY_MESSAGES.incidentKept });
    await expect(m.t.database.db.delete(privacyIncidents).where(eq(privacyIncidents.id, incident._id))).rejects.toThrow();
    expect((await m.as.gestor.post(`${URL}/incidents`, { ...body, anpdNotifiedOn: '2026-09-01' })).body).toContain(PRIVACY_MESSAGES.notifiedBeforeIncident);
    const audited = await m.t.database.db.select().from(auditLog).where(eq(auditLog.recordId, incident._id));
    expect(audited.map((a) => a.action).sort()).toEqual(['create', 'update']);
  });
});

describe('contract through the data provider', () => {
  let provider: ReturnType<typeof createDataProvider>;
  beforeAll(async () => {
    const token = await login(m.t.app, 'gestor@demo.com.br');
    const httpClient = createHttpClient({
      fetch: async (input, init = {}) => {
        const url = typeof input === 'string' ? input : input instanceof globalThis.URL ? input.pathname + input.search : input.url;
        const response = await m.t.app.inject({ method: (init.method ?? 'GET') as 'GET', url, headers: Object.fromEntries(new Headers(init.headers).entries()), ...(typeof init.body === 'string' ? { payload: init.body } : {}) });
        return new Response(new Uint8Array(response.rawPayload), { status: response.statusCode, headers: { 'content-type': String(response.headers['content-type'] ?? '') } });
      },
      getToken: () => token,
      sleep: () => Promise.resolve(),
    });
    provider = createDataProvider({ httpClient, endpoints: resourceEndpoints });
  });

  it('searches, exports, anonymises, records and answers through the typed calls', async () => {
    await missionWithPeople();
    const found = await provider.searchSubject({ subject: DRIVER.driverPIN });
    expect(found.records[0]?.data.Motorista).toBe(DRIVER.driver);
    expect((await provider.subjectPdf({ subject: DRIVER.driverPIN })).size).toBeGreaterThan(500);
    expect((await provider.anonymiseSubject({ subject: DRIVER.driverPIN })).counts.drivers).toBeGreaterThan(0);
    const request = await provider.createPrivacyRequest({ kind: 'anonymisation', requesterName: 'Joaquim', channel: 'Telefone', receivedOn: '2026-11-01', subject: DRIVER.driverPIN });
    expect((await provider.answerPrivacyRequest(request._id, 'Anonimizado')).answer).toBe('Anonimizado');
    expect((await provider.privacyRequests()).map((r) => r._id)).toContain(request._id);
    expect(await provider.privacyRetention()).toMatchObject({ positionDays: 90 });
    expect((await provider.savePrivacyRetention({ positionDays: 60, missionPeopleYears: 5 })).positionDays).toBe(60);
    await provider.savePrivacyRetention({ positionDays: 90, missionPeopleYears: 5 });
    const incident = await provider.createPrivacyIncident({ occurredOn: '2026-10-01', nature: 'Perda', dataCategories: 'Nome', peopleAffected: 1, measures: 'Nenhuma', anpdNotifiedOn: null, subjectsNotifiedOn: null });
    expect((await provider.updatePrivacyIncident(incident._id, { occurredOn: '2026-10-01', nature: 'Perda de notebook', dataCategories: 'Nome', peopleAffected: 1, measures: 'Nenhuma', anpdNotifiedOn: null, subjectsNotifiedOn: null })).nature).toBe('Perda de notebook');
    expect((await provider.privacyIncidents()).map((i) => i._id)).toContain(incident._id);
    await expect(provider.removePrivacyIncident(incident._id)).rejects.toThrow();
  });
});
