import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Roster, RosterAgent } from '../../src/domain/agents/contracts';
import { CNV_EXPIRED, dayText, PF_AUTHORIZATION_EXPIRED, ROSTER_AGENT_REQUIRED, saoPauloDay } from '../../src/domain/agents/licence';
import type { MissionDetailsResponse } from '../../src/domain/missionDetails';
import { CONTROL_CHARACTERS_NOT_ALLOWED, INVALID_CPF, INVALID_DATE, INVALID_TYPE, maxLength } from '../../src/domain/messages';
import { ROSTER_MESSAGES } from '../../src/domain/schemas/rosterAgent';
import { sendExpiryWarnings } from '../../server/agents/expiryWarnings';
import { missionAgents, rosterAgents, serviceProviders } from '../../server/db/schema';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { DEMO_ROSTER_IDS } from '../../server/demo/seedRosters';
import { textOf } from './missionReportFixtures';
import { BASE, proposalBody, useMissionsApp, type MissionsTest } from './missionsClient';

/**
 * Licensed agents only (docs/rules/agents.md): the provider's roster (its own users read it, its
 * Administrador writes it; competitors, risk managers and other tenants see nothing), the CNV
 * checked when an agent is put on a mission (snapshot kept), the Polícia Federal authorisation
 * checked on proposals, and the expiry warnings e-mailed once.
 */

let m: MissionsTest;
useMissionsApp((ready) => {
  m = ready;
});
// Each test starts from the seeded rosters: Escolta Sul's three agents, none at Pronta Resposta Demo.
beforeEach(async () => {
  await m.t.database.db.delete(rosterAgents).where(eq(rosterAgents.serviceProvider, DEMO_IDS.provider));
});

const DAY_MS = 86_400_000;
const dayFrom = (days: number) => saoPauloDay(new Date(Date.now() + days * DAY_MS));
const reading = { km: 100, time: new Date(Date.now() - 3_600_000).toISOString() };
const agentBody = (extra: Record<string, unknown>) => ({ name: 'Digitado', odometer: { start: reading }, ...extra });
const newAgent = (extra: Record<string, unknown> = {}) => ({
  name: 'Marcos Teixeira',
  cpf: '123.456.789-09',
  cnvNumber: 'cnv-5550',
  cnvValidUntil: dayFrom(200),
  refresherOn: dayFrom(-30),
  active: true,
  ...extra,
});
const roster = async (who: 'prestador' | 'sul') => (await m.as[who].get('/api/service-providers/agents')).json<Roster>();
const issues = (body: string) => (JSON.parse(body) as { errors: { path: string; message: string }[] }).errors;

describe('the roster', () => {
  it("the provider's Administrador registers and edits agents; CPF unformatted, once per provider", async () => {
    const created = await m.as.prestador.post('/api/service-providers/agents', newAgent());
    expect(created.statusCode, created.body).toBe(201);
    const agent = created.json<RosterAgent>();
    expect(agent).toMatchObject({ name: 'Marcos Teixeira', cpf: '12345678909', cnvNumber: 'CNV-5550', active: true });
    const again = await m.as.prestador.post('/api/service-providers/agents', newAgent({ name: 'Outro' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: ROSTER_MESSAGES.duplicateCpf });
    const edited = await m.as.prestador.put(`/api/service-providers/agents/${agent._id}`, newAgent({ active: false }));
    expect(edited.statusCode, edited.body).toBe(200);
    const mine = await roster('prestador');
    expect(mine.agents.map((a) => [a._id, a.active])).toEqual([[agent._id, false]]);
    expect(mine.pfAuthorization.number).toBe('PF-2024/0815');
    // The same CPF at a competitor is its own agent.
    expect((await roster('sul')).agents.map((a) => a.name)).toEqual(['Paulo Mendes', 'Ricardo Almeida', 'Sérgio Lima']);
  });

  it('a competitor neither sees nor edits it; the Operacional reads only; risk managers, other tenants and TI see nothing', async () => {
    const agent = (await m.as.prestador.post('/api/service-providers/agents', newAgent())).json<RosterAgent>();
    const sulPut = await m.as.sul.put(`/api/service-providers/agents/${agent._id}`, newAgent({ name: 'Trocado' }));
    expect(sulPut.statusCode, sulPut.body).toBe(403);
    expect(sulPut.json()).toEqual({ error: ROSTER_MESSAGES.adminOnly });
    expect((await roster('sul')).agents.map((a) => a._id)).not.toContain(agent._id);
    for (const who of ['gestor', 'operador', 'norte', 'admin'] as const) {
      const read = await m.as[who].get('/api/service-providers/agents');
      expect(read.statusCode, `${who} ${read.body}`).toBe(403);
      expect((await m.as[who].post('/api/service-providers/agents', newAgent({ cpf: '529.982.247-25' }))).statusCode, who).toBe(403);
      expect((await m.as[who].put(`/api/service-providers/agents/${agent._id}`, newAgent({ name: 'X' }))).statusCode, who).toBe(403);
    }
    expect((await m.as.ti.get('/api/service-providers/agents')).statusCode).toBe(403);
    const [row] = await m.t.database.db.select().from(rosterAgents).where(eq(rosterAgents.id, agent._id));
    expect(row?.name).toBe('Marcos Teixeira');
    // Another provider's agent, even by its Administrador: as if it did not exist.
    const foreign = await m.as.prestador.put(`/api/service-providers/agents/${DEMO_ROSTER_IDS.valid}`, newAgent({ cpf: '529.982.247-25' }));
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses bad input in Portuguese and writes nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [newAgent({ cpf: '123.456.789-00' }), 'cpf', INVALID_CPF],
      [newAgent({ cpf: 12345678909 }), 'cpf', INVALID_TYPE],
      [newAgent({ cnvValidUntil: dayFrom(-1) }), 'cnvValidUntil', ROSTER_MESSAGES.cnvValidUntilPast],
      [newAgent({ cnvValidUntil: '2027-02-30' }), 'cnvValidUntil', INVALID_DATE],
      [newAgent({ cnvValidUntil: '30/01/2027' }), 'cnvValidUntil', INVALID_DATE],
      [newAgent({ refresherOn: dayFrom(2) }), 'refresherOn', ROSTER_MESSAGES.refresherFuture],
      [newAgent({ name: 'x'.repeat(121) }), 'name', maxLength(120)],
      [newAgent({ name: 'Marcos\u0007' }), 'name', CONTROL_CHARACTERS_NOT_ALLOWED],
      [newAgent({ cnvNumber: 'CNV 12' }), 'cnvNumber', ROSTER_MESSAGES.cnvNumberInvalid],
      [newAgent({ active: 'true' }), 'active', INVALID_TYPE],
    ];
    for (const [payload, path, message] of cases) {
      const response = await m.as.prestador.post('/api/service-providers/agents', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(issues(response.body)).toContainEqual(expect.objectContaining({ path, message }));
    }
    expect((await roster('prestador')).agents).toEqual([]);
  });
});

describe('agents on a mission', () => {
  const details = async (id: string) => (await m.as.gestor.get(`${BASE}/request/id/${id}/details`)).json<MissionDetailsResponse>();

  it("a provider with a roster picks a roster agent with a valid CNV: his CPF and CNV are kept as they were that day", async () => {
    const mission = await m.started('sul');
    const typed = await m.as.sul.post(`${BASE}/${mission._id}/securityagents`, agentBody({}));
    expect(typed.statusCode).toBe(400);
    expect(typed.json()).toEqual({ error: ROSTER_AGENT_REQUIRED });
    const expired = await m.as.sul.post(`${BASE}/${mission._id}/securityagents`, agentBody({ rosterAgent: DEMO_ROSTER_IDS.expired }));
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toEqual({ error: CNV_EXPIRED });
    expect((await details(mission._id)).securityAgentsDisplay).toEqual([]);

    const added = await m.as.sul.post(`${BASE}/${mission._id}/securityagents`, agentBody({ rosterAgent: DEMO_ROSTER_IDS.valid }));
    expect(added.statusCode, added.body).toBe(201);
    const [agent] = (await details(mission._id)).securityAgentsDisplay;
    expect(agent).toMatchObject({ name: 'Ricardo Almeida', rosterAgent: DEMO_ROSTER_IDS.valid, cpf: '52998224725', licence: `CNV válida em ${dayText(saoPauloDay(new Date()))}` });
    const validUntil = agent?.cnvValidUntil;

    // The roster changes later (a renewed CNV); the mission keeps what was true that day, and its readings go on.
    await m.t.database.db.update(rosterAgents).set({ cnvValidUntil: dayFrom(900) }).where(eq(rosterAgents.id, DEMO_ROSTER_IDS.valid));
    const later = { ...agentBody({ rosterAgent: DEMO_ROSTER_IDS.valid }), createdAt: agent?.createdAt, odometer: { start: reading, arrivalOnPlace: { km: 110, time: new Date().toISOString() } } };
    expect((await m.as.sul.put(`${BASE}/${mission._id}/securityagents`, later)).statusCode).toBe(200);
    expect((await details(mission._id)).securityAgentsDisplay[0]).toMatchObject({ cnvValidUntil: validUntil, odometer: { arrivalOnPlace: { km: 110 } } });
  });

  it("a provider without a roster types a name, shown 'sem cadastro'; another provider's roster agent is refused", async () => {
    const mission = await m.started('prestador');
    const foreign = await m.as.prestador.post(`${BASE}/${mission._id}/securityagents`, agentBody({ rosterAgent: DEMO_ROSTER_IDS.valid }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ error: ROSTER_AGENT_REQUIRED });
    expect((await m.as.prestador.post(`${BASE}/${mission._id}/securityagents`, agentBody({}))).statusCode).toBe(201);
    expect((await details(mission._id)).securityAgentsDisplay[0]).toMatchObject({ name: 'Digitado', rosterAgent: null, cpf: null, licence: 'sem cadastro' });
  });
});

describe("the mission PDF's agents", () => {
  const pdf = (who: 'gestor' | 'sul' | 'prestador' | 'norte', id: string) => m.as[who].get(`/api/reports/missionDetail/pdf?missionRequestId=${id}&type=simple`);
  /** One line per agent: the PDF's table wraps its cells, so its words are compared without the line breaks. */
  const flat = (text: string) => text.replace(/\s+/g, ' ');

  it("prints each agent's licence on the day he was put on the mission, for the risk manager and the holder only", async () => {
    const mission = await m.started('sul');
    expect((await m.as.sul.post(`${BASE}/${mission._id}/securityagents`, agentBody({ rosterAgent: DEMO_ROSTER_IDS.valid }))).statusCode).toBe(201);
    // Rows the routes no longer write: an agent whose CNV had expired the day he was put on the
    // mission (kept from before the rule) and a name typed while the roster was empty.
    const put = new Date(Date.now() - 40 * DAY_MS);
    const odometer = { start: reading, arrivalOnPlace: null, endOnPlace: null, end: null };
    await m.t.database.db.insert(missionAgents).values([
      { mission: mission._id, name: 'Agente Vencido', odometer, cpf: '39053344705', cnvNumber: 'CNV-1', cnvValidUntil: saoPauloDay(new Date(put.getTime() - DAY_MS)), createdAt: put },
      { mission: mission._id, name: 'Agente Digitado', odometer, createdAt: new Date(put.getTime() + 1) },
    ]);
    for (const who of ['gestor', 'sul'] as const) {
      const response = await pdf(who, mission._id);
      expect(response.statusCode, response.body).toBe(200);
      const text = flat(await textOf(response));
      expect(text).toMatch(/Agente Vencido CNV vencida/);
      expect(text).toMatch(/Agente Digitado sem cadastro/);
      expect(text).toContain('Ricardo Almeida CNV válida em');
      expect(text).toContain(dayText(saoPauloDay(new Date())));
    }
    // The losing competitor and another tenant get no document at all.
    expect((await pdf('prestador', mission._id)).statusCode).toBe(404);
    expect((await pdf('norte', mission._id)).statusCode).toBe(404);
  });
});

describe('the Polícia Federal authorisation', () => {
  it('a provider whose authorisation expired sends no proposal (409), nothing written', async () => {
    const mission = await m.create();
    await m.t.database.db.update(serviceProviders).set({ pfAuthorizationValidUntil: dayFrom(-1) }).where(eq(serviceProviders.id, DEMO_IDS.provider));
    try {
      const refused = await m.as.prestador.post(`${BASE}/proposals`, proposalBody(mission._id));
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: PF_AUTHORIZATION_EXPIRED });
      const listed = await m.as.gestor.get(`${BASE}/${mission._id}/proposals`);
      expect(listed.json<unknown[]>()).toEqual([]);
      // Escolta Sul has none registered yet: told on screen, not stopped (docs/rules/agents.md).
      expect((await m.as.sul.post(`${BASE}/proposals`, proposalBody(mission._id))).statusCode).toBe(201);
    } finally {
      await m.t.database.db.update(serviceProviders).set({ pfAuthorizationValidUntil: dayFrom(730) }).where(eq(serviceProviders.id, DEMO_IDS.provider));
    }
  });
});

describe('the expiry warnings', () => {
  it("e-mail the provider's Administrador once per expiry, also with two passes at once", async () => {
    const db = m.t.database.db;
    await db.execute(sql`delete from expiry_warnings`);
    await db.update(serviceProviders).set({ pfAuthorizationValidUntil: dayFrom(12) }).where(eq(serviceProviders.id, DEMO_IDS.provider));
    try {
      m.t.outbox.length = 0;
      const now = new Date();
      const mailer = { send: (mail: (typeof m.t.outbox)[number]) => Promise.resolve(void m.t.outbox.push(mail)) };
      const passes = await Promise.all([sendExpiryWarnings(db, mailer, 'https://pr.example', now), sendExpiryWarnings(db, mailer, 'https://pr.example', now)]);
      // Escolta Sul's expiring CNV and Pronta Resposta's authorisation; Escolta Sul has no Administrador to write to.
      expect(passes[0] + passes[1]).toBe(2);
      expect(m.t.outbox.map((mail) => mail.to)).toEqual(['prestador@demo.com.br']);
      expect(m.t.outbox[0]?.text).toContain('A autorização da Polícia Federal da prestadora vence em 12 dias');
      expect(await sendExpiryWarnings(db, mailer, 'https://pr.example', now)).toBe(0);
      expect(m.t.outbox).toHaveLength(1);
    } finally {
      await db.update(serviceProviders).set({ pfAuthorizationValidUntil: dayFrom(730) }).where(eq(serviceProviders.id, DEMO_IDS.provider));
    }
  });
});
